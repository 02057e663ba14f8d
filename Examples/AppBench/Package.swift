// swift-tools-version:6.0
import PackageDescription

// An app's GitHub-issues client, written on Courier, and its bench: the way a team that nobody on
// Courier knows would measure its own endpoints, models and payloads in its own CI.
let package = Package(
    name: "AppBench",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "appbench", targets: ["AppBench"])
    ],
    dependencies: [
        // Named, so the products resolve whatever the checkout directory is called.
        .package(name: "Courier", path: "../..")
    ],
    targets: [
        // The app's client: endpoints, models, decoder. Depends on Courier alone.
        .target(name: "IssuesClient", dependencies: [.product(name: "Courier", package: "Courier")]),
        // The bench: scenarios over the client's own types and payloads.
        .executableTarget(
            name: "AppBench",
            dependencies: ["IssuesClient", .product(name: "CourierBench", package: "Courier")],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
