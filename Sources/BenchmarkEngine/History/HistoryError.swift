/// Why a run history could not be opened, read or written.
public enum HistoryError: Error, Equatable, CustomStringConvertible {
    /// There is no history at that path to read.
    case missing(path: String)
    /// The file could not be opened (or created): a missing directory, no permission.
    case cannotOpen(path: String, reason: String)
    /// The file is not a bench history: not an SQLite database, a damaged one, or another program's.
    case notAHistory(path: String, reason: String)
    /// The history was written by a newer bench, with a schema this build does not know.
    case newerSchema(path: String, version: Int, supported: Int)
    /// The run is in the history already (its run id is).
    case duplicateRun(runID: String)
    /// A statement failed; SQLite's message says why.
    case database(path: String, reason: String)

    /// A sentence for the console.
    public var description: String {
        switch self {
        case .missing(let path):
            "no history at '\(path)' (append runs with 'run --history <file>' or 'history import')"
        case .cannotOpen(let path, let reason):
            "cannot open the history '\(path)': \(reason)"
        case .notAHistory(let path, let reason):
            "'\(path)' is not a bench history: \(reason)"
        case .newerSchema(let path, let version, let supported):
            "the history '\(path)' has schema version \(version), newer than this bench's \(supported); use a newer bench"
        case .duplicateRun(let runID):
            "run \(runID) is in the history already"
        case .database(let path, let reason):
            "the history '\(path)' failed: \(reason)"
        }
    }
}
