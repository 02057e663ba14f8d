import Foundation
import Testing

/// A package written against the previous minor version still compiles: `Fixtures/Compatibility`
/// holds one, a bench executable as it was written against Courier 0.2.0, and this test type-checks
/// it against the modules built with these tests, deprecation warnings allowed, errors not.
///
/// Serialized: each check is a whole `swiftc` type-check, and two at once take both cores from the
/// time-bounded suites that run beside them.
@Suite(.serialized) struct CompatibilityTests {
    @Test func aPackageWrittenAgainst0_2StillCompiles() async throws {
        let source = try #require(Bundle.module.url(forResource: "Fixtures/Compatibility/AppBench-0.2", withExtension: "swift"))
        let result = try await typeCheck(source)
        #expect(result.status == 0, "\(result.output)")
        // The old names are there, and say what to write instead.
        #expect(result.output.contains("'Thresholds' is deprecated: renamed to 'ThresholdOverrides'"))
        #expect(result.output.contains("'ExitCode' is deprecated: renamed to 'BenchExitCode'"))
        #expect(result.output.contains("'ArgumentParser' is deprecated"))
    }

    /// The check catches a break: the same package with a name that is gone does not compile.
    @Test func aNameThatIsGoneFailsTheCheck() async throws {
        let source = try #require(Bundle.module.url(forResource: "Fixtures/Compatibility/AppBench-0.2", withExtension: "swift"))
        let broken = temporaryDirectory("compat").appendingPathExtension("swift")
        try Data((try String(contentsOf: source, encoding: .utf8) + "\nlet gone = BenchSuite.removedLongAgo\n").utf8).write(to: broken)
        let result = try await typeCheck(broken)
        #expect(result.status != 0)
        #expect(result.output.contains("removedLongAgo"))
    }

    /// `swiftc -typecheck` of `file` as a package depending on Courier's libraries would compile it:
    /// the test build's modules and the system libraries' module maps, in Swift 6 mode.
    private func typeCheck(_ file: URL) async throws -> (status: Int32, output: String) {
        let modules = productsDirectory.appendingPathComponent("Modules")
        let maps = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Sources").path)
            .map { packageRoot.appendingPathComponent("Sources/\($0)/module.modulemap") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["swiftc", "-typecheck", "-parse-as-library", "-swift-version", "6", "-I", modules.path]
            + maps.flatMap { ["-Xcc", "-fmodule-map-file=\($0.path)"] }
            + ["-module-cache-path", temporaryDirectory("compat-cache").path, file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let ended = AsyncStream<Int32> { continuation in
            process.terminationHandler = {
                continuation.yield($0.terminationStatus)
                continuation.finish()
            }
        }
        try process.run()
        let text = await textToEnd(of: output)
        var status: Int32 = -1
        for await code in ended { status = code }
        return (status, text)
    }

    /// Where SwiftPM put what it built with these tests: beside the test runner.
    private var productsDirectory: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    }
}
