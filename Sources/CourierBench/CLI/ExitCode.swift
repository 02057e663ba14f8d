import BenchmarkEngine

/// How a command ends, as the process's exit status. The codes are BSD's `sysexits.h` where one
/// fits, so scripts and CI can tell a regression from a typo from a missing file.
public struct ExitCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The process exit status.
    public let rawValue: Int32

    /// The exit status `rawValue`.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// 0: the command did what it was asked and found no regression.
    public static let success = ExitCode(rawValue: 0)
    /// 1: a regression, a failed scenario, a report that could not be written, or a load run in
    /// which not one request succeeded.
    public static let failure = ExitCode(rawValue: 1)
    /// 3: the run was measured and reported, but it broke a service-level objective (`--slo`), or
    /// a capacity search found no rate that meets them. Distinct from 1 so that a gate in CI can
    /// tell a service too slow from a run that went wrong.
    public static let objectiveBreached = ExitCode(rawValue: 3)
    /// 130 (128 + `SIGINT`, as shells report it): interrupted with Ctrl-C after writing what was
    /// measured until then.
    public static let interrupted = ExitCode(rawValue: 130)
    /// 64 (`EX_USAGE`): a bad command, option or value (an invalid baseline name included), a
    /// suite that declares an invalid or duplicate scenario name, or `run --instructions` where it
    /// cannot count (no valgrind on `PATH`, a build without `callgrind.h`, scenarios run in process).
    /// Nothing was measured or sent.
    public static let usage = ExitCode(rawValue: 64)
    /// 65 (`EX_DATAERR`): a baseline or report that is not valid JSON or not a bench report, a
    /// payload file that is not JSON, a history file that is not a bench history or that a newer
    /// bench wrote, or reports `merge` refuses: not shards of one run, a shard twice, or counts that
    /// do not reconcile.
    public static let badInput = ExitCode(rawValue: 65)
    /// 66 (`EX_NOINPUT`): a baseline, run, history, scenario of a history or file to read does not
    /// exist, or a shard of the run `merge` was asked to merge is missing.
    public static let missingInput = ExitCode(rawValue: 66)

    /// The code an error that ended a command calls for: the one table every command goes through.
    public init(for error: any Error) {
        switch error {
        case is UsageError, is SuiteError, BaselineError.invalidName: self = .usage
        case is MissingInput, is BaselineError, ShardMergeError.missingShards, HistoryError.missing: self = .missingInput
        case ReportError.unreadable, is InvalidInput, is ShardMergeError, HistoryError.notAHistory, HistoryError.newerSchema: self = .badInput
        default: self = .failure
        }
    }

    /// 3 when any of `results` broke its objectives, 0 otherwise.
    init(judging results: [ScenarioResult]) {
        self = results.contains { $0.serviceLevel?.passed == false } ? .objectiveBreached : .success
    }

    /// The number.
    public var description: String {
        String(rawValue)
    }
}
