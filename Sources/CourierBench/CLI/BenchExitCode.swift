import BenchmarkEngine

/// How a command ends, as the process's exit status. The codes are BSD's `sysexits.h` where one
/// fits, so scripts and CI can tell a regression from a typo from a missing file. ``documented``
/// is the one table of them: the overview, the CLI reference and the README render it.
public struct BenchExitCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The process exit status.
    public let rawValue: Int32

    /// The exit status `rawValue`.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// 0: the command did what it was asked and found no regression.
    public static let success = BenchExitCode(rawValue: 0)
    /// 1: a regression, a failed scenario, a report that could not be written, or a load run in
    /// which not one request succeeded.
    public static let failure = BenchExitCode(rawValue: 1)
    /// 3: the run was measured and reported, but it broke a service-level objective (`--slo`), or
    /// a capacity search found no rate that meets them: distinct from 1, so that a gate in CI can
    /// tell a service too slow from a run that went wrong.
    public static let objectiveBreached = BenchExitCode(rawValue: 3)
    /// 64 (`EX_USAGE`): a bad command, option or value; nothing was measured or sent.
    public static let usage = BenchExitCode(rawValue: 64)
    /// 65 (`EX_DATAERR`): a file to read that is there but is not what it must be.
    public static let badInput = BenchExitCode(rawValue: 65)
    /// 66 (`EX_NOINPUT`): a file, run, baseline or history to read that does not exist.
    public static let missingInput = BenchExitCode(rawValue: 66)
    /// 130 (128 + `SIGINT`, as shells report it): interrupted with Ctrl-C after writing what was
    /// measured until then.
    public static let interrupted = BenchExitCode(rawValue: 130)

    /// Every status a bench command ends with, in order: the one table the overview, the CLI
    /// reference and the README show, with each one's ``meaning``.
    public static var documented: [BenchExitCode] { meanings.map(\.status) }

    /// What the status means, as the table says it; `nil` for one not in ``documented``.
    public var meaning: String? {
        Self.meanings.first { $0.status == self }?.meaning
    }

    private static let meanings: [(status: BenchExitCode, meaning: String)] = [
        (.success, "success; no regression"),
        (
            .failure,
            "a regression, a failed scenario, a report that could not be written ('run', 'load' and 'capacity' check the directory before measuring), or no request of 'load' (or of a 'capacity --sweep') succeeded"
        ),
        (
            .objectiveBreached,
            "a service-level objective ('--slo') broken by a run that was measured and reported, or a 'capacity' search in which not even the first rate met them (a sweep: no level did)"
        ),
        (
            .usage,
            "usage error: a bad command, option or value (the message says which, and suggests the nearest option on a typo), an invalid baseline name; a suite that declares an invalid or duplicate scenario name; a 'load' or 'capacity' run whose connections cannot fit in the descriptor limit; 'run --instructions' where it cannot count (no valgrind, scenarios run in process); or a debug build's run judged against a release build's without '--allow-debug'. Nothing was measured, sent or judged"
        ),
        (
            .badInput,
            "a baseline or report that is not valid JSON or not a bench report (one line names the file and what is wrong with it, such as 'Reports/baselines/x.json: invalid JSON at line 3, column 8'), a payload file that is not JSON by the strict parser, reports 'merge' refuses (not shards of one run, a shard twice, counts that do not reconcile), or a history file that is not a bench history or that a newer bench wrote"
        ),
        (
            .missingInput,
            "a baseline, run, history, scenario of a history or file to read does not exist, or a shard 'merge' needs is missing"
        ),
        (.interrupted, "interrupted with Ctrl-C: a 'capacity' search writes the steps it completed"),
    ]

    /// ``documented`` as the overview's EXIT CODES section: a code, then its meaning wrapped.
    static var helpTable: String {
        "EXIT CODES:\n"
            + meanings.map { status, meaning in
                let head = "  " + String(status.rawValue).padding(toLength: 4, withPad: " ", startingAt: 0)
                return HelpLayout.wrap(meaning, first: head, indent: head.count)
            }.joined(separator: "\n")
    }

    /// ``documented`` as a Markdown table, for the reference and the README.
    public static var markdownTable: String {
        (["| code | meaning |", "|---|---|"]
            + meanings.map { "| `\($0.status.rawValue)` | \($0.meaning.replacingOccurrences(of: "|", with: "\\|")) |" })
            .joined(separator: "\n")
    }

    /// The code an error that ended a command calls for: the one mapping every command goes through.
    public init(for error: any Error) {
        switch error {
        case is UsageError, is SuiteError, BaselineError.invalidName, is DebugBuildError: self = .usage
        case is MissingInput, is BaselineError, ShardMergeError.missingShards, HistoryError.missing: self = .missingInput
        case ReportError.unreadable, is InvalidInput, is ShardMergeError, HistoryError.notAHistory, HistoryError.newerSchema:
            self = .badInput
        default: self = .failure
        }
    }

    /// 3 when any of `results` broke its objectives or stopped itself (`--abort-on`), 0 otherwise.
    init(judging results: [ScenarioResult]) {
        self = results.contains { $0.serviceLevel?.passed == false || $0.abort != nil } ? .objectiveBreached : .success
    }

    /// The number.
    public var description: String {
        String(rawValue)
    }
}
