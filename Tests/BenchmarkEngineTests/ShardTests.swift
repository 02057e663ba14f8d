import BenchmarkEngine
import Foundation
import Testing

/// A shard's part of a run: its slots are every n-th of the run's, and the shards' parts of a
/// whole number add up to it.
@Suite struct ShardTests {
    @Test func onlyIndexesBelowTheCountAreShards() {
        #expect(Shard(index: 0, count: 1) == .whole)
        #expect(Shard(index: 2, count: 3)?.description == "2/3")
        #expect(Shard(index: 3, count: 3) == nil)
        #expect(Shard(index: -1, count: 3) == nil)
        #expect(Shard(index: 0, count: 0) == nil)
    }

    @Test(arguments: [0, 1, 2, 3, 7, 300, 1_001])
    func theShardsSlotsAreTheRunsEachOnce(total: Int) throws {
        for count in [1, 2, 3, 7] {
            var seen: [Int] = []
            for index in 0..<count {
                let shard = try makeShard(index, of: count)
                seen += (0..<shard.slots(ofTotal: total)).map(shard.runSlot)
            }
            #expect(seen.sorted() == Array(0..<total), "\(count) shards of \(total) slots")
        }
    }

    @Test func runSlotsSaturateInsteadOfOverflowing() throws {
        #expect(try makeShard(2, of: 3).runSlot(4) == 14)
        #expect(try makeShard(2, of: 3).runSlot(Int.max / 2) == .max)
        #expect(try makeShard(999, of: 1_000).runSlot(Int.max / 1_000) == .max)
    }

    @Test func sharesOfAWholeNumberAddUpToIt() throws {
        for (total, count, shares) in [(10, 3, [4, 3, 3]), (3, 3, [1, 1, 1]), (256, 3, [86, 85, 85]), (7, 1, [7])] {
            #expect(try (0..<count).map { try makeShard($0, of: count).share(of: total) } == shares)
        }
    }

    @Test func decodingRefusesAnIndexNotBelowTheCount() throws {
        let decoder = JSONDecoder()
        #expect(try decoder.decode(Shard.self, from: Data(#"{"index": 1, "count": 3}"#.utf8)) == makeShard(1, of: 3))
        for json in [#"{"index": 3, "count": 3}"#, #"{"index": -1, "count": 3}"#, #"{"index": 0, "count": 0}"#] {
            #expect(throws: DecodingError.self) { try decoder.decode(Shard.self, from: Data(json.utf8)) }
        }
    }
}
