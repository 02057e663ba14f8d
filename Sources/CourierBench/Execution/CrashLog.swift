import BenchmarkEngine
import Foundation

/// What a worker process that died under a scenario left on standard error — Swift's one-line
/// message (`BenchProbe.swift:17: Fatal error: Unexpectedly found nil…`), then a backtrace of a
/// hundred lines or so — turned into a failure of one line, with the whole text kept in a file.
struct CrashLog {
    /// The scenario that was running.
    let name: String
    /// How the worker ended, in words: `crashed with SIGILL`.
    let ending: String
    /// Everything the scenario's process wrote on standard error while it ran.
    let standardError: Data

    /// The lines Swift's runtime starts its message of a trap with, after `file:line: `.
    private static let runtimeMessages = ["Fatal error:", "Precondition failed:", "Assertion failed:"]

    /// The crash's own message: the runtime's line when it printed one (an optimised build's failed
    /// `precondition` does not), else the backtracer's `Program crashed: …` line; `nil` when neither
    /// is there.
    var message: String? {
        let lines = String(decoding: standardError, as: UTF8.self).split(whereSeparator: \.isNewline)
        let runtime = lines.first(where: Self.isRuntimeMessage)
        let backtracer = lines.first { $0.hasPrefix("*** Program crashed:") }
        let line = runtime.map(String.init) ?? backtracer.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "* ")) }
        return line.map { String($0.prefix(500)) }
    }

    /// Whether `line` is the runtime's message: it starts with one of ``runtimeMessages``, or with
    /// `file:line: ` and then one. (The backtracer's dump of memory as text may hold the same words
    /// mid-line.)
    private static func isRuntimeMessage(_ line: Substring) -> Bool {
        runtimeMessages.contains { marker in
            guard let range = line.range(of: marker) else { return false }
            let place = line[..<range.lowerBound]
            guard !place.isEmpty else { return true }
            let parts = place.split(separator: ":", omittingEmptySubsequences: false)
            return parts.count == 3 && !parts[0].isEmpty && !parts[1].isEmpty && parts[1].allSatisfy(\.isNumber) && parts[2] == " "
        }
    }

    /// The path under a run directory that keeps the standard error: `failures/<name>.log`, the
    /// name's `/`-separated parts as folders (``ScenarioName`` makes it a safe relative path).
    var logPath: String {
        "failures/\(name).log"
    }

    /// The failure, with the standard error written to ``logPath`` under `runDirectory`; without a
    /// log (and saying why on standard error) when the process said nothing or it cannot be written.
    func keep(in runDirectory: URL) -> ScenarioFailure {
        let reason = "its process \(ending)" + (message.map { ": \($0)" } ?? "")
        guard !standardError.isEmpty else { return ScenarioFailure(name: name, cause: .crashed, reason: reason) }
        let file = runDirectory.appendingPathComponent(logPath)
        do {
            try Platform.makeDirectories(file.deletingLastPathComponent())
            try Platform.writeAtomically(standardError, to: file)
            return ScenarioFailure(name: name, cause: .crashed, reason: reason, log: logPath)
        } catch {
            Platform.writeToStandardError("warning: cannot keep the standard error of scenario \(name): \(error)\n")
            return ScenarioFailure(name: name, cause: .crashed, reason: reason)
        }
    }
}
