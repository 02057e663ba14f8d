/// Shard `index` of `count`: one generator's part of a load run split between `count` of them.
///
/// In an open loop the run's schedule is split by slot: shard `i` of `n` takes slots `i`, `i + n`,
/// `i + 2n`, … of the whole run's schedule, so the shards together start exactly the requests one
/// generator would, each at its intended time, and no two start the same one. Whatever is counted
/// out whole — workers, a closed loop's requests — is shared as evenly as it divides.
public struct Shard: Codable, Sendable, Hashable, CustomStringConvertible {
    /// Which shard, from 0.
    public let index: Int
    /// How many shards the run has, at least 1.
    public let count: Int

    /// The whole run as one shard: `0/1`.
    public static let whole = Shard(validIndex: 0, count: 1)

    /// Shard `index` of `count`, or `nil` unless `0 ≤ index < count`.
    public init?(index: Int, count: Int) {
        guard count >= 1, (0..<count).contains(index) else { return nil }
        self.init(validIndex: index, count: count)
    }

    private init(validIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `index/count`, as `--shard` takes it.
    public var description: String {
        "\(index)/\(count)"
    }

    /// How many of the run's slots `0 ..< total` are this shard's: those equal to `index` modulo
    /// `count`.
    public func slots(ofTotal total: Int) -> Int {
        total > index ? (total - index - 1) / count + 1 : 0
    }

    /// The run's slot that is this shard's `local`-th, from 0; for `local` below
    /// ``slots(ofTotal:)`` it is below the total, so it cannot overflow.
    public func runSlot(_ local: Int) -> Int {
        let (product, overflow) = local.multipliedReportingOverflow(by: count)
        guard !overflow else { return .max }
        let (slot, overflowAgain) = product.addingReportingOverflow(index)
        return overflowAgain ? .max : slot
    }

    /// This shard's part of `total` things counted out whole (workers, requests): `total / count`,
    /// and one more for each of the first `total % count` shards, so the parts add up to `total`.
    public func share(of total: Int) -> Int {
        total / count + (index < total % count ? 1 : 0)
    }

    private enum CodingKeys: String, CodingKey {
        case index, count
    }

    /// Reads a shard, refusing one whose index is not below its count.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let index = try container.decode(Int.self, forKey: .index)
        let count = try container.decode(Int.self, forKey: .count)
        guard count >= 1, (0..<count).contains(index) else {
            throw DecodingError.dataCorruptedError(
                forKey: .index, in: container, debugDescription: "shard \(index)/\(count) is not one of \(count)")
        }
        self.init(validIndex: index, count: count)
    }
}
