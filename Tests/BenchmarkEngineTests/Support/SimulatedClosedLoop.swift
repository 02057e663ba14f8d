import Dispatch

@testable import BenchmarkEngine

/// A closed loop of `N` clients against a simulated server, run in no wall time: what a
/// concurrency sweep is tested against.
///
/// The server is either a Universal Scalability Law server — every request served at once, taking
/// `service × (1 + α(n − 1) + βn(n − 1))` with `n` requests in service when it arrives, itself
/// included — or a FIFO queue of `workers` workers of `service` each. Each client sends its next
/// request the moment its last one ends; each service time is stretched by a seeded random jitter
/// of up to ±`jitter`, as a real server's is. At the levels in `starvedAt` the generator is starved:
/// it sends each request `starvation` late and reports its threads waiting for a CPU.
struct SimulatedClosedLoop: CapacityStepRunner {
    enum Server {
        case scalability(contention: Double, coherency: Double)
        case fifo(workers: Int)
    }

    var server: Server
    var serviceNanoseconds: UInt64
    var jitter = 0.03
    var starvedAt: Set<Int> = []
    var starvationNanoseconds: UInt64 = 5_000_000
    let clock = SimulatedClock()

    func now() -> UInt64 {
        clock.now
    }

    func runStep(_ configuration: LoadConfiguration) async throws -> ScenarioResult {
        clock.advance(by: configuration.durationNanoseconds)
        let simulated = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: Result { try simulate(configuration) }) }
        }
        return try simulated.get()
    }

    private func simulate(_ configuration: LoadConfiguration) throws -> ScenarioResult {
        let clients = configuration.concurrency
        let starved = starvedAt.contains(clients)
        let template = try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)
        let length = configuration.intervalNanoseconds
        let duration = configuration.durationNanoseconds
        let count = Int((duration + length - 1) / length)
        var tallies = (0..<count).map { _ in LoadTally(template: template) }
        var random = SeededGenerator(seed: UInt64(clients) &* 0x9E37_79B9)
        var nextSend = Array(repeating: UInt64(0), count: clients)
        var inService: [UInt64] = []
        var freeAt = Array(repeating: UInt64(0), count: { if case .fifo(let workers) = server { workers } else { 1 } }())
        while let client = nextSend.indices.min(by: { nextSend[$0] < nextSend[$1] }), nextSend[client] < duration {
            let sent = nextSend[client] + (starved ? starvationNanoseconds : 0)
            let stretch = 1 + jitter * (2 * Double(random.next() >> 11) / Double(1 << 53) - 1)
            let ended: UInt64
            switch server {
            case .scalability(let contention, let coherency):
                inService.removeAll { $0 <= sent }
                let n = Double(inService.count + 1)
                let factor = 1 + contention * (n - 1) + coherency * n * (n - 1)
                ended = sent + UInt64(Double(serviceNanoseconds) * factor * stretch)
                inService.append(ended)
            case .fifo:
                let worker = freeAt.indices.min { freeAt[$0] < freeAt[$1] } ?? 0
                ended = max(sent, freeAt[worker]) + UInt64(Double(serviceNanoseconds) * stretch)
                freeAt[worker] = ended
            }
            tallies[min(count - 1, Int(nextSend[client] / length))].record(.success, intended: sent, started: sent, ended: ended)
            nextSend[client] = ended
        }
        var total = LoadTally(template: template)
        let intervals = tallies.enumerated().map { index, tally in
            total.absorb(tally)
            let seconds = Double(min(length, duration - UInt64(index) * length)) / 1e9
            return TimeSeries.Interval(
                startSeconds: Double(UInt64(index) * length) / 1e9, durationSeconds: seconds,
                outcomes: .init(sent: tally.sent, succeeded: tally.succeeded, errors: tally.errors),
                latency: .init(summary: LatencySummary(tally.latency), histogram: tally.latency.encoded()), uncorrectedLatency: nil)
        }
        var result = ScenarioResult(
            name: "simulated", kind: .load, operations: total.sent, warmupOperations: 0, durationSeconds: Double(duration) / 1e9)
        result.latency = .init(summary: LatencySummary(total.latency), histogram: total.latency.encoded())
        result.outcomes = .init(sent: total.sent, succeeded: total.succeeded, errors: total.errors)
        result.timeSeries = TimeSeries(startUnixMicroseconds: 0, intervalSeconds: Double(length) / 1e9, intervals: intervals)
        var generator = GeneratorLoad(
            cpuSeconds: 0.1, cpuShare: 0.05, meanInFlight: Double(clients), peakInFlight: clients, lateStarts: 0, wakeLateness: nil)
        // A starved generator's threads wait for a CPU as long as each request is late.
        generator.runQueueWaitShare = starved ? 0.7 : 0.1
        generator.runQueueWaitSeconds = Double(total.sent) * Double(starved ? starvationNanoseconds : 10_000) / 1e9
        result.generator = generator
        return result
    }
}
