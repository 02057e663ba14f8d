import Testing

@testable import BenchmarkEngine

/// A name's sparse histogram is exactly the dense one it stands for.
@Suite struct SparseHistogramTests {
    private let template = try! Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)

    @Test func recordingSparseThenDenseIsRecordingDense() throws {
        var dense = template
        var sparse = SparseHistogram(template: template)
        var other = SparseHistogram(template: template)
        var generator = SeededGenerator(seed: 7)
        for round in 0..<10_000 {
            // Latencies from a microsecond to past the highest trackable value, which clamps.
            let value = UInt64.random(in: 1_000...80_000_000_000, using: &generator) >> UInt64.random(in: 0...20, using: &generator)
            dense.record(value)
            if round.isMultiple(of: 2) { sparse.record(value) } else { other.record(value) }
        }
        sparse.merge(other)
        #expect(sparse.dense == dense)
        #expect(sparse.dense.clampedCount == dense.clampedCount && sparse.dense.max == dense.max && sparse.dense.min == dense.min)
        #expect(SparseHistogram(template: template).dense == template)
        #expect(SparseHistogram(template: template).isEmpty && !sparse.isEmpty)
    }

    @Test func aSparseTallyIsItsDenseTally() {
        var sparse = SparseLoadTally(template: template)
        var dense = LoadTally(template: template)
        for (index, outcome) in [RequestOutcome.success, .failure("timeout"), .success].enumerated() {
            let ended = UInt64(index + 1) * 1_000_000
            sparse.record(outcome, intended: 0, started: 500, ended: ended)
            dense.record(outcome, intended: 0, started: 500, ended: ended)
        }
        var twice = sparse
        twice.absorb(sparse)
        let made = sparse.dense
        #expect(made.latency == dense.latency && made.uncorrected == dense.uncorrected)
        #expect(made.sent == 3 && made.succeeded == 2 && made.errors == ["timeout": 1])
        #expect(twice.dense.sent == 6 && twice.dense.latency.totalCount == 6)
    }
}
