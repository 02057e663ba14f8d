import Testing

@testable import BenchmarkEngine

/// How a name's intervals close, and that a part recorded after its interval closed is kept.
@Suite struct IntervalTalliesTests {
    private let template = try! Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)

    @Test func closingHandsOverEveryIntervalBelowTheLimitTheEmptyOnesToo() {
        var tallies = IntervalTallies<LoadTally>(template: template, maximumSpares: 2)
        tallies.record(.success, in: 0, intended: 0, started: 0, ended: 10)
        tallies.record(.failure("badStatus(500)"), in: 2, intended: 0, started: 0, ended: 20)
        tallies.close(below: 2)
        let drained = tallies.drain()
        #expect(drained.closed.map(\.interval) == [0, 1])
        #expect(drained.closed.map { $0.tally?.sent } == [1, nil], "interval 1 closes empty")
        #expect(drained.amendments.isEmpty)
        #expect(tallies.closedBelow == 2)
        #expect(tallies.drain().closed.isEmpty, "a drain hands each interval over once")
    }

    @Test func aPartRecordedAfterItsIntervalClosedIsItsAmendment() {
        var tallies = IntervalTallies<LoadTally>(template: template, maximumSpares: 2)
        tallies.close(below: 3)
        _ = tallies.drain()
        tallies.record(.success, in: 1, intended: 0, started: 0, ended: 10)
        tallies.record(.failure("transport"), in: 1, intended: 0, started: 0, ended: 30)
        tallies.record(.success, in: 3, intended: 0, started: 0, ended: 10)
        let drained = tallies.drain()
        #expect(drained.closed.isEmpty, "interval 3 is still open")
        #expect(drained.amendments.map(\.interval) == [1])
        #expect(drained.amendments.first?.tally?.sent == 2)
        #expect(drained.amendments.first?.tally?.errors == ["transport": 1])
    }

    @Test func closingEverythingTakesLaterIntervalsThatHoldFigures() {
        var tallies = IntervalTallies<LoadTally>(template: template, maximumSpares: 2)
        tallies.record(.success, in: 5, intended: 0, started: 0, ended: 10)
        tallies.closeAll(below: 2)
        #expect(tallies.drain().closed.map(\.interval) == [0, 1, 2, 3, 4, 5])
        tallies.closeAll(below: 2)
        #expect(tallies.drain().closed.isEmpty, "nothing is closed twice")
    }

    @Test func anAbsorbedTallyAddsToItsInterval() {
        var tallies = IntervalTallies<LoadTally>(template: template, maximumSpares: 2)
        var part = LoadTally(template: template)
        part.record(.success, intended: 0, started: 0, ended: 10)
        part.recordMissed(2)
        tallies.absorb(part, into: 0)
        tallies.absorb(part, into: 0)
        tallies.close(below: 1)
        let closed = tallies.drain().closed
        #expect(closed.first?.tally?.sent == 2)
        #expect(closed.first?.tally?.missed == 4)
    }
}
