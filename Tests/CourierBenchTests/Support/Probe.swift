import Foundation

/// What a run of the `bench-probe` executable ended with.
struct ProbeRun {
    /// Its exit status.
    let status: Int32
    /// Everything it printed on standard output.
    let output: String
    /// Everything it printed on standard error.
    let errors: String
}

/// Runs `bench-probe` (built beside the tests) with `arguments`, with `BENCH_PROBE_HEALTHY` set when
/// `healthy` and the variables of `adding` set (or, with `nil`, unset), in `directory` when given,
/// waiting off the cooperative pool so that the other suites' tasks keep their threads meanwhile.
func runProbe(
    _ arguments: [String], healthy: Bool = false, adding variables: [String: String?] = [:], in directory: URL? = nil
) async throws -> ProbeRun {
    let process = Process()
    process.executableURL = productsDirectory.appendingPathComponent("bench-probe")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["BENCH_PROBE_HEALTHY"] = healthy ? "1" : nil
    // A CI runner's own summary file must not receive the tests' tables.
    environment["GITHUB_STEP_SUMMARY"] = nil
    for (name, value) in variables { environment[name] = value }
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let ended = AsyncStream<Int32> { continuation in
        process.terminationHandler = {
            continuation.yield($0.terminationStatus)
            continuation.finish()
        }
    }
    try process.run()
    // Read both to the end before the exit status, so a full pipe cannot stall the probe.
    async let printed = textToEnd(of: output)
    async let said = textToEnd(of: errors)
    let (text, errorText) = await (printed, said)
    var status: Int32 = -1
    for await code in ended { status = code }
    return ProbeRun(status: status, output: text, errors: errorText)
}

/// Where SwiftPM put the executables built with the tests: beside the test runner.
private var productsDirectory: URL {
    #if os(Linux)
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    #else
    Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL.deletingLastPathComponent() ?? Bundle.main.bundleURL
    #endif
}
