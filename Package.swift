// swift-tools-version:6.0
import Foundation
import PackageDescription

// jemalloc makes the bench's allocation figures possible. It is linked when its header is installed
// (Debian's libjemalloc-dev, Homebrew's jemalloc) unless COURIER_DISABLE_JEMALLOC is set; without it
// everything still builds and the bench reports allocation figures as unavailable, never as zero.
let jemallocHeaders = [
    "/usr/include/jemalloc/jemalloc.h", "/usr/local/include/jemalloc/jemalloc.h",
    "/opt/homebrew/include/jemalloc/jemalloc.h", "/opt/homebrew/opt/jemalloc/include/jemalloc/jemalloc.h",
    "/usr/local/opt/jemalloc/include/jemalloc/jemalloc.h",
]
let jemallocPkgConfigFiles = [
    "/usr/lib/x86_64-linux-gnu/pkgconfig/jemalloc.pc", "/usr/lib/aarch64-linux-gnu/pkgconfig/jemalloc.pc",
    "/usr/lib/pkgconfig/jemalloc.pc", "/usr/share/pkgconfig/jemalloc.pc", "/usr/local/lib/pkgconfig/jemalloc.pc",
    "/opt/homebrew/lib/pkgconfig/jemalloc.pc", "/opt/homebrew/opt/jemalloc/lib/pkgconfig/jemalloc.pc",
    "/usr/local/opt/jemalloc/lib/pkgconfig/jemalloc.pc",
]
let exists = { (path: String) in FileManager.default.fileExists(atPath: path) }
let useJemalloc = ProcessInfo.processInfo.environment["COURIER_DISABLE_JEMALLOC"] == nil
    && jemallocHeaders.contains(where: exists)
    // Without a .pc file SwiftPM finds the header only on the default include path.
    && (jemallocPkgConfigFiles.contains(where: exists) || exists("/usr/include/jemalloc/jemalloc.h"))
let jemallocTargets: [Target] = useJemalloc
    ? [.systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc", providers: [.apt(["libjemalloc-dev"]), .brew(["jemalloc"])])]
    : []
let jemalloc: [Target.Dependency] = useJemalloc ? ["CJemalloc"] : []
let jemallocSettings: [SwiftSetting] = useJemalloc ? [.define("COURIER_JEMALLOC")] : []

// libcurl (Debian's libcurl4-openssl-dev, Homebrew's curl) backs CourierCurl, the fast transport. Like
// jemalloc it is optional: without its header the CourierCurl target and its tests are left out, the
// bench offers only `--transport urlsession`, and everything else builds. COURIER_DISABLE_CURL forces
// that to check the fallback.
let curlHeaders = [
    "/usr/include/curl/curl.h", "/usr/include/x86_64-linux-gnu/curl/curl.h", "/usr/include/aarch64-linux-gnu/curl/curl.h",
    "/usr/local/include/curl/curl.h", "/opt/homebrew/opt/curl/include/curl/curl.h", "/usr/local/opt/curl/include/curl/curl.h",
]
let useCurl = ProcessInfo.processInfo.environment["COURIER_DISABLE_CURL"] == nil && curlHeaders.contains(where: exists)
let curlTargets: [Target] = useCurl
    ? [
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]),
        // epoll, eventfd and timerfd, which Swift's Glibc module leaves out.
        .systemLibrary(name: "CLinuxEvents"),
        // The transport over libcurl's multi interface: one reactor thread owns every libcurl call.
        .target(name: "CourierCurl", dependencies: ["Courier", "CCurl", "CLinuxEvents"]),
        // The curl transport for bench executables: `load --transport curl` and round trips over it.
        .target(name: "CourierBenchCurl", dependencies: ["CourierBench", "CourierCurl"]),
        .testTarget(name: "CourierCurlTests", dependencies: ["Courier", "CourierCurl", "CourierFixtureServer"]),
    ]
    : []
let curl: [Target.Dependency] = useCurl ? ["CourierCurl"] : []
let benchCurl: [Target.Dependency] = useCurl ? ["CourierBenchCurl"] : []
let curlSettings: [SwiftSetting] = useCurl ? [.define("COURIER_CURL")] : []
let curlProducts: [Product] = useCurl
    ? [.library(name: "CourierCurl", targets: ["CourierCurl"]), .library(name: "CourierBenchCurl", targets: ["CourierBenchCurl"])]
    : []

// Valgrind's callgrind.h (Debian's valgrind, Homebrew's valgrind where it builds) gives `run --instructions`
// its client requests, which count only the measured operations. Optional like jemalloc: without the
// header everything builds and `--instructions` says it is unavailable. The client layer never imports it.
let callgrindHeaders = ["/usr/include/valgrind/callgrind.h", "/usr/local/include/valgrind/callgrind.h", "/opt/homebrew/include/valgrind/callgrind.h"]
let useValgrind = ProcessInfo.processInfo.environment["COURIER_DISABLE_VALGRIND"] == nil && callgrindHeaders.contains(where: exists)
let valgrindTargets: [Target] = useValgrind ? [.systemLibrary(name: "CValgrind", providers: [.apt(["valgrind"])])] : []
let valgrind: [Target.Dependency] = useValgrind ? ["CValgrind"] : []
let valgrindSettings: [SwiftSetting] = useValgrind ? [.define("COURIER_VALGRIND")] : []

let package = Package(
    name: "Courier",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Courier", targets: ["Courier"]),
        .library(name: "CourierJSON", targets: ["CourierJSON"]),
        .library(name: "CourierTesting", targets: ["CourierTesting"]),
        .library(name: "CourierFixtureServer", targets: ["CourierFixtureServer"]),
        .library(name: "CourierBench", targets: ["CourierBench"]),
        .plugin(name: "BenchPlugin", targets: ["BenchPlugin"]),
        .executable(name: "bench", targets: ["bench"]),
        .executable(name: "seed-example", targets: ["SeedExample"]),
    ] + curlProducts,
    targets: jemallocTargets + curlTargets + valgrindTargets + [
        // A strict, fast JSON decoder for Decodable. Imports nothing of ours, so it can ship alone.
        .target(name: "CourierJSON"),
        // The client layer: endpoints, the client, errors, transports. Imports only CourierJSON.
        .target(name: "Courier", dependencies: ["CourierJSON"]),
        // The test seam users' tests import: stub routes served through URLSession or in memory.
        .target(name: "CourierTesting", dependencies: ["Courier"]),
        // The interview program the project grew from, kept word for word against our library.
        // Its Stub class restates URLProtocol's Sendable conformance, which Linux's Foundation marks
        // unavailable: a warning we may not fix without changing the program, so it is silenced here only.
        .executableTarget(
            name: "SeedExample",
            dependencies: ["Courier"],
            swiftSettings: [.unsafeFlags(["-suppress-warnings"])]
        ),

        // Deterministic JSON payloads and their models, shared by the decode scenarios and stubs.
        .target(name: "CourierFixtures", dependencies: ["CourierJSON"]),
        // A loopback HTTP/1.1 server on POSIX sockets that serves those payloads and misbehaves on
        // request: the real endpoint of the bench's load scenarios and of the fault tests.
        .target(name: "CourierFixtureServer", dependencies: ["CourierFixtures", "CZlib"]),
        // zlib, for HdrHistogram's compressed encoding.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // SQLite, the embedded store of the bench's run history.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        // The benchmark engine: runners, histograms, allocation counts, reports, the run history. Knows nothing of Courier.
        .target(name: "BenchmarkEngine", dependencies: ["CZlib", "CSQLite"] + jemalloc + valgrind, swiftSettings: jemallocSettings + valgrindSettings),
        // What a package's own bench executable imports: scenarios over its endpoints, models and
        // payloads, and the whole command line. No fixture server and no curl unless asked for.
        .target(name: "CourierBench", dependencies: ["BenchmarkEngine", "Courier", "CourierJSON", "CourierTesting"]),
        // The `bench` executable: Courier's own scenarios, declared with CourierBench like anyone's.
        .executableTarget(
            name: "bench",
            dependencies: ["CourierBench", "Courier", "CourierJSON", "CourierTesting", "CourierFixtures", "CourierFixtureServer"] + benchCurl,
            path: "Benchmarks/bench",
            exclude: ["README.md"],
            swiftSettings: curlSettings
        ),
        // `swift package bench …`: builds a package's bench executable in release and runs it.
        .plugin(
            name: "BenchPlugin",
            capability: .command(
                intent: .custom(verb: "bench", description: "Build the package's CourierBench executable in release and run it"),
                permissions: [.writeToPackageDirectory(reason: "The bench writes its reports and baselines under Reports/")]
            ),
            path: "Sources/BenchPlugin"
        ),
        // A bench executable for CourierBench's tests: scenarios that throw and crash, run as a process.
        .executableTarget(name: "bench-probe", dependencies: ["CourierBench"], path: "Tests/BenchProbe"),

        .testTarget(name: "CourierTests", dependencies: ["Courier", "CourierJSON", "CourierTesting", "CourierFixtures", "CourierFixtureServer", "SeedExample"]),
        .testTarget(name: "CourierJSONTests", dependencies: ["CourierJSON", "Courier", "CourierFixtures"]),
        .testTarget(name: "CourierTestingTests", dependencies: ["Courier", "CourierTesting"]),
        // The README's Swift examples, compiled, and a check that each is there word for word.
        .testTarget(name: "ReadmeTests", dependencies: ["Courier", "CourierJSON", "CourierTesting"] + curl, swiftSettings: curlSettings),
        .testTarget(name: "CourierFixturesTests", dependencies: ["CourierFixtures"]),
        .testTarget(name: "CourierFixtureServerTests", dependencies: ["CourierFixtureServer", "Courier", "CourierFixtures"]),
        .testTarget(
            name: "BenchmarkEngineTests",
            // CJemalloc directly too: one test binds its thread to a private arena.
            dependencies: ["BenchmarkEngine", "CourierFixtures"] + jemalloc,
            swiftSettings: jemallocSettings
        ),
        .testTarget(
            name: "CourierBenchTests",
            dependencies: ["CourierBench", "BenchmarkEngine", "Courier", "CourierJSON", "CourierTesting", "CourierFixtureServer", "bench-probe", "CourierFixtures"] + benchCurl,
            resources: [.copy("Fixtures")],
            swiftSettings: jemallocSettings + curlSettings
        ),
        .testTarget(
            name: "BenchTests",
            dependencies: ["bench", "CourierBench", "BenchmarkEngine", "Courier", "CourierFixtures", "CourierFixtureServer"],
            swiftSettings: jemallocSettings + curlSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
