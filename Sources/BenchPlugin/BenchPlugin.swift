import Foundation
import PackagePlugin

/// `swift package bench [<arguments>]`: builds the package's bench executable (an executable target
/// that depends on CourierBench) in release and runs it with the arguments, in the package's
/// directory, exiting with its exit code. `--target <name>` picks one when there are several.
@main struct BenchPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let chosen = extractor.extractOption(named: "target")
        let benches = context.package.targets.compactMap { $0 as? SwiftSourceModuleTarget }.filter { target in
            target.kind == .executable
                && target.dependencies.contains { dependency in
                    switch dependency {
                    case .product(let product): product.name == "CourierBench"
                    case .target(let library): library.name == "CourierBench"
                    @unknown default: false
                    }
                }
        }
        let candidates = chosen.isEmpty ? benches : benches.filter { chosen.contains($0.name) }
        guard candidates.count == 1, let target = candidates.first else {
            let names = benches.map(\.name).joined(separator: ", ")
            throw BenchPluginError(
                candidates.isEmpty
                    ? "no executable target that depends on CourierBench\(chosen.isEmpty ? "" : " named \(chosen.joined(separator: ", "))") (found: \(names.isEmpty ? "none" : names))"
                    : "several bench targets (\(names)); pick one with --target <name>"
            )
        }
        let product = context.package.products.first { product in
            product is ExecutableProduct && product.targets.contains { $0.id == target.id }
        }
        let result = try packageManager.build(
            .product(product?.name ?? target.name), parameters: .init(configuration: .release, logging: .concise))
        guard result.succeeded, let executable = result.builtArtifacts.first(where: { $0.kind == .executable }) else {
            print(result.logText)
            throw BenchPluginError("building \(target.name) failed")
        }
        let process = Process()
        process.executableURL = executable.url
        process.arguments = extractor.remainingArguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        // The bench's own exit code (1 for a regression, 64, 66) is what CI scripts read.
        exit(process.terminationStatus)
    }
}

/// Why the plugin could not run a bench.
struct BenchPluginError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
