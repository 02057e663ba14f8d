import BenchmarkEngine
import Foundation

/// What a bench executable shows while it runs: on a terminal, a header and a live progress line per scenario;
/// elsewhere (CI logs, pipes) nothing until the summary.
struct Console: Sendable {
    /// Whether standard output is a terminal; only then does anything show while a run goes on.
    var isTerminal = Platform.standardOutputIsTerminal

    /// The warning a measuring command (`run`, `load`, `capacity`) of a debug build prints before
    /// anything else, terminal or not: a debug build's figures must not pass for a release build's.
    static func warnIfDebug(_ configuration: String = BuildConfiguration.current) {
        guard let warning = Report.Environment.debugBuildWarning(configuration) else { return }
        Platform.writeToStandardError("\(warning.replacingOccurrences(of: "Warning: ", with: "warning: "))\n")
    }

    func header(tool: String, scenarios: Int, isQuick: Bool, environment: Report.Environment) {
        guard isTerminal else { return }
        let allocator = environment.allocator ?? "allocation figures unavailable (no jemalloc)"
        print(
            "\(tool) \(environment.toolVersion) · \(scenarios) scenarios\(isQuick ? " · quick" : "") · \(environment.buildConfiguration) · \(allocator)"
        )
    }

    /// Prints `line` on a line of its own, above a progress line on a terminal.
    func printLine(_ line: String) {
        if isTerminal {
            FileHandle.standardOutput.write(Data("\r\u{1B}[2K\(line)\n".utf8))
        } else {
            print(line)
        }
    }

    /// Redraws the progress line (``progressLine(_:seconds:operations:latest:)``) five times a
    /// second until stopped.
    func showProgress(of scenario: String, _ progress: ProgressMeter) -> Ticker {
        guard isTerminal else { return Ticker(task: nil) }
        let task = Task {
            while !Task.isCancelled {
                let reading = progress.reading
                let line = Self.progressLine(
                    scenario, seconds: reading.elapsed.seconds, operations: reading.operations, latest: progress.latestInterval)
                FileHandle.standardOutput.write(Data("\r\u{1B}[2K\(line)".utf8))
                try? await Task.sleep(for: .milliseconds(200))
            }
            FileHandle.standardOutput.write(Data("\r\u{1B}[2K".utf8))
        }
        return Ticker(task: task)
    }

    /// `scenario · elapsed · operations · rate`, then, once a load run has closed an interval, that
    /// interval's achieved rate, p50, p99 and errors: what the run is doing now, which the average
    /// since the start hides.
    static func progressLine(_ scenario: String, seconds: Double, operations: Int, latest: IntervalReading?) -> String {
        let rate = seconds > 0 ? Double(operations) / seconds : 0
        var line = String(format: "%@  %.1f s  %d ops  %.0f ops/s", scenario, seconds, operations, rate)
        if let latest {
            line +=
                "  │ last \(SummaryTable.duration(latest.length.seconds * 1e9)): \(SummaryTable.count(latest.rate))/s"
                + "  p50 \(SummaryTable.duration(Double(latest.p50.nanoseconds)))  p99 \(SummaryTable.duration(Double(latest.p99.nanoseconds)))"
                + "  \(latest.failed) error\(latest.failed == 1 ? "" : "s")"
        }
        return line
    }

    /// A running progress line.
    struct Ticker {
        let task: Task<Void, Never>?

        /// Stops redrawing and clears the line.
        func stop() async {
            task?.cancel()
            await task?.value
        }
    }
}
