import BenchmarkEngine
import Foundation

/// What a bench executable shows while it runs: on a terminal, a header and a live progress line per scenario;
/// elsewhere (CI logs, pipes) nothing until the summary.
struct Console: Sendable {
    let isTerminal = Platform.standardOutputIsTerminal

    func header(tool: String, scenarios: Int, isQuick: Bool, environment: Report.Environment) {
        guard isTerminal else { return }
        let allocator = environment.allocator ?? "allocation figures unavailable (no jemalloc)"
        print("\(tool) \(environment.toolVersion) · \(scenarios) scenarios\(isQuick ? " · quick" : "") · \(environment.buildConfiguration) · \(allocator)")
    }

    /// Prints `line` on a line of its own, above a progress line on a terminal.
    func printLine(_ line: String) {
        if isTerminal {
            FileHandle.standardOutput.write(Data("\r\u{1B}[2K\(line)\n".utf8))
        } else {
            print(line)
        }
    }

    /// Redraws `scenario · elapsed · operations · rate` five times a second until stopped.
    func showProgress(of scenario: String, _ progress: ProgressMeter) -> Ticker {
        guard isTerminal else { return Ticker(task: nil) }
        let task = Task {
            while !Task.isCancelled {
                let (operations, seconds) = progress.reading
                let rate = seconds > 0 ? Double(operations) / seconds : 0
                let line = String(format: "%@  %.1f s  %d ops  %.0f ops/s", scenario, seconds, operations, rate)
                FileHandle.standardOutput.write(Data("\r\u{1B}[2K\(line)".utf8))
                try? await Task.sleep(for: .milliseconds(200))
            }
            FileHandle.standardOutput.write(Data("\r\u{1B}[2K".utf8))
        }
        return Ticker(task: task)
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
