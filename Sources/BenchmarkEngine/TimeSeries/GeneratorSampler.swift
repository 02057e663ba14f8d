import Synchronization

/// Requests in flight right now, counted by the workers around each call.
final class InFlightGauge: Sendable {
    private let count = Atomic<Int>(0)

    /// A request starts.
    @inline(__always)
    func enter() {
        count.add(1, ordering: .relaxed)
    }

    /// A request ends.
    @inline(__always)
    func leave() {
        count.subtract(1, ordering: .relaxed)
    }

    /// Requests in flight.
    var value: Int {
        count.load(ordering: .relaxed)
    }
}

/// Samples, every few milliseconds, the requests in flight and the CPU time the process has used,
/// per interval of the run and over all of it. Each sample is weighted by the time since the last,
/// so samples a busy machine delays do not bias the means.
struct GeneratorSampler: Sendable {
    /// One interval's samples: in-flight × time, time, and CPU time, all in nanoseconds.
    struct Accumulated: Sendable {
        var inFlightTime = 0.0
        var time = 0.0
        var cpu = 0.0
    }

    private let intervalNanoseconds: UInt64
    private var last: (time: UInt64, cpu: UInt64)?
    private(set) var whole = Accumulated()
    private(set) var peak = 0
    private(set) var intervals: [Int: Accumulated] = [:]

    init(intervalNanoseconds: UInt64) {
        self.intervalNanoseconds = max(1, intervalNanoseconds)
    }

    /// Takes a sample at monotonic time `now` of a run that started at `start` (nothing is
    /// attributed before it has).
    mutating func sample(now: UInt64, inFlight: Int, cpu: UInt64, start: UInt64?) {
        defer { last = (now, cpu) }
        guard let start, let last, last.time >= start, now > last.time else { return }
        let elapsed = Double(now - last.time)
        let used = Double(cpu &- last.cpu)
        let index = Int(clamping: (last.time - start) / intervalNanoseconds)
        whole.inFlightTime += Double(inFlight) * elapsed
        whole.time += elapsed
        whole.cpu += used
        intervals[index, default: Accumulated()].inFlightTime += Double(inFlight) * elapsed
        intervals[index, default: Accumulated()].time += elapsed
        intervals[index, default: Accumulated()].cpu += used
        peak = max(peak, inFlight)
    }
}
