// swift-tools-version:6.1
import PackageDescription

// Five system libraries are traits, all five on by default: the package's shape is the same on
// every machine, and what is linked is what the build asks for. A trait that is on needs its
// library's header, and without it the build stops at the C module's shim with an error naming the
// package to install. A build without one says so: `swift build --traits Jemalloc` (that one only),
// `--disable-default-traits`, or `.package(path:traits:)` in a package that depends on Courier.
//
// Each trait's Swift code is under `#if COURIER_CURL` (`COURIER_JEMALLOC`, `COURIER_VALGRIND`, `COURIER_OPENSSL`, `COURIER_HTTP2`),
// defined exactly where the library is a dependency, so that the `#if` and the import cannot disagree.
struct OptionalLibrary {
    /// The trait that links it.
    let trait: Trait
    /// The compilation condition of the code that uses it.
    let condition: String
    /// Where it builds at all; nil for everywhere.
    let platforms: [Platform]?

    /// A dependency on `target` where the library is linked.
    func dependency(_ target: String) -> Target.Dependency {
        let traits: Set<String> = [trait.name]
        return .target(name: target, condition: platforms.map { .when(platforms: $0, traits: traits) } ?? .when(traits: traits))
    }

    /// The setting that turns on the code using the library where it is linked.
    var setting: SwiftSetting {
        .define(condition, .when(platforms: platforms, traits: [trait.name]))
    }
}

// libcurl (Debian's libcurl4-openssl-dev) backs CourierCurl, the fast transport, and
// `bench load --transport curl`. Linux only: its reactor is built on epoll, eventfd and timerfd.
let curl = OptionalLibrary(
    trait: .trait(
        name: "Curl", description: "CourierCurl, the transport over libcurl's multi interface (Linux; needs libcurl4-openssl-dev)"),
    condition: "COURIER_CURL",
    platforms: [.linux]
)
// jemalloc (Debian's libjemalloc-dev, Homebrew's jemalloc) makes the bench's allocation figures
// possible; without it they are reported as unavailable, never as zero.
let jemalloc = OptionalLibrary(
    trait: .trait(
        name: "Jemalloc",
        description: "The bench's allocation figures, from jemalloc linked into the process (needs libjemalloc-dev or Homebrew's jemalloc)"),
    condition: "COURIER_JEMALLOC",
    platforms: nil
)
// Valgrind's callgrind.h (Debian's valgrind) gives `run --instructions` its client requests, which
// count only the measured operations. A header only: nothing is linked, and outside Valgrind each
// request is a few no-op instructions. Linux only, since Homebrew has no valgrind for macOS; where it
// is not compiled in, `--instructions` exits 64 saying why.
let valgrind = OptionalLibrary(
    trait: .trait(name: "Valgrind", description: "bench run --instructions, counted under Callgrind (Linux; needs valgrind's callgrind.h)"),
    condition: "COURIER_VALGRIND",
    platforms: [.linux]
)

// OpenSSL (Debian's libssl-dev) gives Courier's own engine its TLS, and the fixture server its hostile
// TLS and HTTP/2 servers, which every transport's tests and `bench load`'s run against. Linux only:
// on macOS the client speaks TLS through the system.
let openssl = OptionalLibrary(
    trait: .trait(
        name: "OpenSSL",
        description: "TLS for the fixture server's hostile servers and for Courier's own HTTP engine (Linux; needs libssl-dev)"),
    condition: "COURIER_OPENSSL",
    platforms: [.linux]
)

// nghttp2 (Debian's libnghttp2-dev) gives Courier's own engine HTTP/2: the framing, HPACK and flow
// control h2load runs on, driven from the engine's loops. Linux only, like the engine.
let http2 = OptionalLibrary(
    trait: .trait(name: "HTTP2", description: "HTTP/2 in Courier's own engine, through nghttp2 (Linux; needs libnghttp2-dev)"),
    condition: "COURIER_HTTP2",
    platforms: [.linux]
)

let package = Package(
    name: "Courier",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Courier", targets: ["Courier"]),
        .library(name: "CourierJSON", targets: ["CourierJSON"]),
        .library(name: "CourierTesting", targets: ["CourierTesting"]),
        .library(name: "CourierCurl", targets: ["CourierCurl"]),
        .library(name: "CourierEngine", targets: ["CourierEngine"]),
        .library(name: "CourierBenchEngine", targets: ["CourierBenchEngine"]),
        .library(name: "CourierFixtureServer", targets: ["CourierFixtureServer"]),
        .library(name: "CourierBench", targets: ["CourierBench"]),
        .library(name: "CourierBenchCurl", targets: ["CourierBenchCurl"]),
        .plugin(name: "BenchPlugin", targets: ["BenchPlugin"]),
        .executable(name: "bench", targets: ["bench"]),
    ],
    traits: [
        curl.trait, jemalloc.trait, valgrind.trait, openssl.trait, http2.trait,
        .default(enabledTraits: [curl.trait.name, jemalloc.trait.name, valgrind.trait.name, openssl.trait.name, http2.trait.name]),
    ],
    targets: [
        // A strict, fast JSON decoder for Decodable. Imports nothing of ours, so it can ship alone.
        .target(name: "CourierJSON"),
        // The client layer: endpoints, the client, errors, transports. Imports only CourierJSON.
        .target(name: "Courier", dependencies: ["CourierJSON"]),
        // The test seam users' tests import: stub routes served through URLSession or in memory.
        .target(name: "CourierTesting", dependencies: ["Courier"]),

        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // epoll, eventfd and timerfd, which Swift's Glibc module leaves out.
        .systemLibrary(name: "CLinuxEvents"),
        // Every system call of the package's own I/O, in one place (`package` access): sockets, the
        // wake-up pipe, epoll and its timers, descriptor limits, the monotonic clock; used by the
        // fixture server, the curl reactor and the benchmark engine alike.
        .target(name: "CourierSystem", dependencies: [.target(name: "CLinuxEvents", condition: .when(platforms: [.linux]))]),
        // One event loop per thread on epoll (Linux), its mailbox and its task executor, with a driver
        // that owns the loop's descriptors: libcurl's in the curl transport, connections in the engine.
        .target(name: "CourierEventLoop", dependencies: ["CourierSystem"]),
        // Strict HTTP/1.1 response heads and chunked bodies on raw bytes; no dependencies, so .ci/fuzz-http1 compiles it as is.
        .target(name: "CourierHTTP1"),
        // The transport over libcurl's multi interface: one reactor thread owns every libcurl call.
        // Its sources compile whatever the traits, so without curl the module is empty.
        .target(
            name: "CourierCurl",
            dependencies: ["Courier", "CourierSystem", "CourierEventLoop", curl.dependency("CCurl")],
            swiftSettings: [curl.setting]
        ),
        // Courier's own HTTP engine: HTTP/1.1 (and TLS through OpenSSL) on the shared event loops,
        // with the strict response parser of CourierHTTP1, and HTTP/2 through nghttp2 on the same
        // connections. Linux only, like the loops.
        .target(
            name: "CourierEngine",
            dependencies: [
                "Courier", "CourierSystem", "CourierEventLoop", "CourierHTTP1", "CZlib", openssl.dependency("COpenSSL"),
                http2.dependency("CNGHTTP2"),
            ],
            swiftSettings: [openssl.setting, http2.setting]
        ),
        // The engine for bench executables: `load --transport engine`.
        .target(name: "CourierBenchEngine", dependencies: ["CourierBench", "CourierEngine"]),
        // The curl transport for bench executables: `load --transport curl` and round trips over it.
        .target(name: "CourierBenchCurl", dependencies: ["CourierBench", "CourierCurl"], swiftSettings: [curl.setting]),

        // Deterministic JSON payloads and their models, shared by the decode scenarios and stubs.
        .target(name: "CourierFixtures", dependencies: ["CourierJSON"]),
        // A loopback HTTP/1.1 server on the shared event loop that serves those payloads and misbehaves
        // on request: the real endpoint of the bench's load scenarios and of the fault tests. With OpenSSL,
        // also hostile TLS and HTTP/2 servers, one blocking thread per connection.
        .target(
            name: "CourierFixtureServer",
            dependencies: [
                "CourierFixtures", "CourierSystem", "CZlib", openssl.dependency("COpenSSL"),
                .target(name: "CourierEventLoop", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: [openssl.setting]
        ),
        // nghttp2, the HTTP/2 of the engine.
        .systemLibrary(name: "CNGHTTP2", pkgConfig: "libnghttp2", providers: [.apt(["libnghttp2-dev"])]),
        // OpenSSL's libssl and libcrypto, for the hostile servers' TLS and their test certificates.
        .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        // zlib, for HdrHistogram's compressed encoding.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // SQLite, the embedded store of the bench's run history.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc", providers: [.apt(["libjemalloc-dev"]), .brew(["jemalloc"])]),
        .systemLibrary(name: "CValgrind", providers: [.apt(["valgrind"])]),
        // The benchmark engine: runners, histograms, allocation counts, reports, the run history. Knows nothing of Courier.
        .target(
            name: "BenchmarkEngine",
            dependencies: ["CourierSystem", "CZlib", "CSQLite", jemalloc.dependency("CJemalloc"), valgrind.dependency("CValgrind")],
            swiftSettings: [jemalloc.setting, valgrind.setting]
        ),
        // A load run's live metrics: the OpenMetrics text a /metrics listener serves, Prometheus remote
        // write (protobuf, snappy) and the exporter protocol. Knows nothing of Courier: a push goes
        // through a transport its caller hands it.
        .target(
            name: "BenchmarkMetrics",
            dependencies: ["BenchmarkEngine", "CourierSystem", .target(name: "CourierEventLoop", condition: .when(platforms: [.linux]))]),
        // What a package's own bench executable imports: scenarios over its endpoints, models and
        // payloads, and the whole command line. No fixture server and no curl unless asked for.
        .target(name: "CourierBench", dependencies: ["BenchmarkEngine", "BenchmarkMetrics", "Courier", "CourierJSON", "CourierTesting"]),
        // The `bench` executable: Courier's own scenarios, declared with CourierBench like anyone's.
        .executableTarget(
            name: "bench",
            dependencies: [
                "CourierBench", "Courier", "CourierJSON", "CourierTesting", "CourierFixtures", "CourierFixtureServer", "CourierBenchCurl",
                "BenchmarkMetrics", .target(name: "CourierBenchEngine", condition: .when(platforms: [.linux])),
                .target(name: "CourierEngine", condition: .when(platforms: [.linux])),
            ],
            path: "Benchmarks/bench",
            exclude: ["README.md"],
            swiftSettings: [curl.setting]
        ),
        // `make compare-decoders`' Swift side: CourierJSONDecoder, JSONDecoder and the floor of the
        // Decodable protocols on the payloads serde_json and orjson decode beside them (.ci/compare-decoders).
        .executableTarget(name: "compare-decoders", dependencies: ["CourierJSON", "CourierFixtures"], path: "Benchmarks/CompareDecoders"),
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
        .executableTarget(name: "bench-probe", dependencies: ["CourierBench", "Courier"], path: "Tests/BenchProbe"),
        // The interview program the project grew from, kept word for word against our library: its
        // test runs it and checks what it prints. Its Stub restates URLProtocol's Sendable
        // conformance, which Linux's Foundation marks unavailable: a warning no diagnostic group
        // silences and the program may not lose, so this test-only target alone is built without warnings.
        .executableTarget(
            name: "SeedExample", dependencies: ["Courier"], path: "Tests/SeedExample", swiftSettings: [.unsafeFlags(["-suppress-warnings"])]
        ),

        .testTarget(
            name: "CourierTests",
            dependencies: [
                "Courier", "CourierJSON", "CourierTesting", "CourierFixtures", "CourierFixtureServer", "CourierSystem", "SeedExample",
            ]),
        .testTarget(name: "CourierJSONTests", dependencies: ["CourierJSON", "Courier", "CourierFixtures"]),
        .testTarget(name: "CourierTestingTests", dependencies: ["Courier", "CourierTesting"]),
        // RFC 9112's cases with their verdicts, read whole and a byte at a time, and the fuzzer's seed corpus.
        .testTarget(name: "CourierHTTP1Tests", dependencies: ["CourierHTTP1"]),
        // The curl transport's own parts: its configuration and its socket table.
        .testTarget(name: "CourierCurlTests", dependencies: ["Courier", "CourierCurl", "CourierSystem"], swiftSettings: [curl.setting]),
        // Every transport against real servers (nginx, the fixture server and its hostile ones):
        // URLSession, the engine, and the curl transport where its trait is on, so that no
        // transport's tests need another's library.
        .testTarget(
            name: "TransportTests",
            dependencies: [
                "Courier", "CourierCurl", "CourierFixtureServer", "CourierSystem",
                .target(name: "CourierEngine", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: [curl.setting, openssl.setting]),
        // The Swift examples of the README and of every DocC article, compiled, and a check that each is there word for word.
        .testTarget(
            name: "ReadmeTests",
            dependencies: [
                "Courier", "CourierJSON", "CourierTesting", "CourierCurl", "CourierBench",
                .target(name: "CourierEngine", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: [curl.setting]),
        .testTarget(name: "CourierFixturesTests", dependencies: ["CourierFixtures"]),
        .testTarget(name: "CourierEventLoopTests", dependencies: ["CourierEventLoop", "CourierSystem"]),
        .testTarget(name: "CourierEngineTests", dependencies: ["CourierEngine", "Courier", "CourierSystem"]),
        .testTarget(
            name: "CourierFixtureServerTests", dependencies: ["CourierFixtureServer", "Courier", "CourierFixtures", "CourierSystem"],
            swiftSettings: [openssl.setting]),
        .testTarget(
            name: "BenchmarkEngineTests",
            // CJemalloc directly too: one test binds its thread to a private arena.
            dependencies: ["BenchmarkEngine", "CourierFixtures", jemalloc.dependency("CJemalloc")],
            swiftSettings: [jemalloc.setting]
        ),
        .testTarget(name: "BenchmarkMetricsTests", dependencies: ["BenchmarkMetrics", "BenchmarkEngine", "CourierSystem"]),
        .testTarget(
            name: "CourierBenchTests",
            dependencies: [
                "CourierBench", "BenchmarkEngine", "Courier", "CourierJSON", "CourierTesting", "CourierFixtureServer", "bench-probe",
                "CourierFixtures", "CourierBenchCurl", "BenchmarkMetrics", "CourierSystem",
                .target(name: "CourierBenchEngine", condition: .when(platforms: [.linux])),
                .target(name: "CourierEngine", condition: .when(platforms: [.linux])),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: [curl.setting]
        ),
        .testTarget(
            name: "BenchTests",
            dependencies: [
                "bench", "CourierBench", "BenchmarkEngine", "BenchmarkMetrics", "Courier", "CourierFixtures", "CourierFixtureServer",
            ],
            swiftSettings: [curl.setting, openssl.setting]
        ),
    ],
    swiftLanguageModes: [.v6]
)
