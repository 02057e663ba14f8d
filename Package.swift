// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Courier",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Courier", targets: ["Courier"]),
        .library(name: "CourierTesting", targets: ["CourierTesting"]),
        .executable(name: "seed-example", targets: ["SeedExample"]),
    ],
    targets: [
        // The client layer: endpoints, the client, errors, transports. Imports nothing of ours.
        .target(name: "Courier"),
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
        .testTarget(name: "CourierTests", dependencies: ["Courier", "CourierTesting", "SeedExample"]),
        .testTarget(name: "CourierTestingTests", dependencies: ["Courier", "CourierTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
