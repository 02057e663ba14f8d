/// Why `bench merge` will not merge the reports it was given, in one line that names the report.
public enum ShardMergeError: Error, Equatable, CustomStringConvertible {
    /// The report is not one shard of a `load` run: it has no load plan, or not one load scenario
    /// with its histograms and outcomes.
    case notAShard(source: String, reason: String)
    /// A setting every shard of one run shares differs between two reports.
    case differs(setting: String, source: String, value: String, reference: String, referenceValue: String)
    /// Two reports are the same shard of the run.
    case sameShard(Shard, source: String, other: String)
    /// A shard's own counts do not add up, or its histogram does not hold its requests.
    case unreconciled(source: String, detail: String)
    /// A histogram that cannot be read, or not merged with the others.
    case unreadableHistogram(source: String, reason: String)
    /// Shards of the run whose reports were not given (and a partial merge was not allowed).
    case missingShards([Int], count: Int)
    /// The shards' slots together are not the whole run's schedule.
    case scheduleMismatch(expected: Int, merged: Int)

    /// The reason, naming the report and the values at fault.
    public var description: String {
        switch self {
        case .notAShard(let source, let reason):
            "'\(source)' is not a shard of a load run: \(reason)"
        case .differs(let setting, let source, let value, let reference, let referenceValue):
            "'\(source)' is not part of the same run as '\(reference)': its \(setting) is \(value), not \(referenceValue)"
        case .sameShard(let shard, let source, let other):
            "'\(source)' and '\(other)' are both shard \(shard); merging them would count its requests twice"
        case .unreconciled(let source, let detail):
            "the counts of '\(source)' do not reconcile: \(detail)"
        case .unreadableHistogram(let source, let reason):
            "cannot merge the histogram of '\(source)': \(reason)"
        case .missingShards(let missing, let count):
            "shard\(missing.count == 1 ? "" : "s") \(missing.map(String.init).joined(separator: ", ")) of \(count) missing; "
                + "the run is incomplete (give every shard's report, or --allow-partial to merge the others)"
        case .scheduleMismatch(let expected, let merged):
            "the shards scheduled \(merged) requests together, but the run's schedule has \(expected)"
        }
    }
}
