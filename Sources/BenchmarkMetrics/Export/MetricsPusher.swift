import BenchmarkEngine
import Synchronization

/// Pushes a source's snapshots to an exporter every interval, on a task of its own, so that a slow,
/// refusing or dead receiver never slows or fails the load: the run never waits for a push.
///
/// One snapshot is pending at a time. A push that fails is retried with exponential backoff (from
/// ``Backoff/first``, doubling up to ``Backoff/longest``) while no newer snapshot is due; when one is,
/// the old one is dropped and its samples counted (snapshots are cumulative, so the next carries
/// everything the dropped one did). A failure the receiver says is permanent (a 4xx) drops the
/// snapshot at once. ``finish(within:)`` pushes the final figures and returns the tally.
public final class MetricsPusher: Sendable {
    /// The delays between attempts at one snapshot.
    public struct Backoff: Sendable, Equatable {
        /// The delay after the first failure.
        public var first: Duration
        /// The longest delay.
        public var longest: Duration

        /// Delays from `first`, doubling up to `longest`.
        public init(first: Duration = .milliseconds(250), longest: Duration = .seconds(5)) {
            self.first = first
            self.longest = longest
        }

        /// The delay after `failures` failures in a row (at least one).
        func delay(after failures: Int) -> Duration {
            let doubled = first * (1 << min(max(failures - 1, 0), 20))
            return min(doubled, longest)
        }
    }

    /// What became of the pushes.
    public struct Tally: Sendable, Equatable, CustomStringConvertible {
        /// The exporter's name.
        public var exporter: String
        /// Snapshots accepted, and the samples in them.
        public var pushes = 0
        public var samplesSent = 0
        /// Samples of snapshots given up: superseded while failing, refused for good, or unsent at the end.
        public var samplesDropped = 0
        /// Attempts that failed, and the last one's reason.
        public var failures = 0
        public var lastFailure: String?
        /// Whether the final figures were accepted.
        public var finalPushed = false

        /// `remote-write: 12 pushes, 3480 samples sent, 0 dropped`, and the last failure.
        public var description: String {
            var text = "\(exporter): \(pushes) pushes, \(samplesSent) samples sent, \(samplesDropped) dropped"
            if failures > 0 { text += "; \(failures) failed attempts, the last: \(lastFailure ?? "unknown")" }
            if !finalPushed { text += "; the final figures were not pushed" }
            return text
        }
    }

    private struct State {
        var tally: Tally
        var pending: MetricsSnapshot?
        var isFinal = false
        var isDone = false
    }

    private let exporter: any MetricsExporter
    private let source: any MetricsSource
    private let interval: Duration
    private let backoff: Backoff
    private let state: Mutex<State>
    private let stopRequested = Atomic<Bool>(false)

    /// A pusher of `source`'s figures to `exporter` every `interval`; nothing is pushed before
    /// ``start()``.
    public init(exporter: any MetricsExporter, source: any MetricsSource, interval: Duration, backoff: Backoff = Backoff()) {
        self.exporter = exporter
        self.source = source
        self.interval = interval
        self.backoff = backoff
        state = Mutex(State(tally: Tally(exporter: exporter.name)))
    }

    /// Starts pushing, the first snapshot at once.
    public func start() {
        Task.detached { [self] in await loop() }
    }

    /// Asks for a last push of the figures as they are now, waits for it at most `limit` (retrying
    /// as it may), and returns the tally; a push still under way then is abandoned and counted as
    /// dropped.
    public func finish(within limit: Duration) async -> Tally {
        let deadline = ContinuousClock.now + limit
        stopRequested.store(true, ordering: .releasing)
        while ContinuousClock.now < deadline, !state.withLock({ $0.isDone }) {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return state.withLock { state in
            if !state.isDone, let pending = state.pending {
                state.tally.samplesDropped += exporter.sampleCount(of: pending)
                state.pending = nil
            }
            state.isDone = true
            return state.tally
        }
    }

    /// The tally so far.
    public var tally: Tally {
        state.withLock { $0.tally }
    }

    private func loop() async {
        let clock = ContinuousClock()
        var nextSnapshot = clock.now
        var nextAttempt = clock.now
        var failuresInRow = 0
        while !state.withLock({ $0.isDone }) {
            let isStopping = stopRequested.load(ordering: .acquiring)
            let now = clock.now
            if now >= nextSnapshot || (isStopping && !state.withLock({ $0.isFinal })) {
                let snapshot = MetricsSnapshot(families: source.families(), unixMilliseconds: Platform.unixMicroseconds() / 1000)
                state.withLock { state in
                    if let superseded = state.pending { state.tally.samplesDropped += exporter.sampleCount(of: superseded) }
                    state.pending = snapshot
                    state.isFinal = isStopping
                }
                nextSnapshot = now + interval
                nextAttempt = now
                failuresInRow = 0
            }
            let (pending, isFinal) = state.withLock { ($0.pending, $0.isFinal) }
            if let pending, clock.now >= nextAttempt {
                do {
                    try await exporter.export(pending)
                    let finished = state.withLock { state -> Bool in
                        guard !state.isDone else { return true }
                        state.tally.pushes += 1
                        state.tally.samplesSent += exporter.sampleCount(of: pending)
                        state.tally.finalPushed = isFinal
                        if state.pending == pending { state.pending = nil }
                        if isFinal { state.isDone = true }
                        return isFinal
                    }
                    if finished { return }
                } catch {
                    failuresInRow += 1
                    let permanent = (error as? ExportFailure).map { !$0.isRetryable } ?? false
                    let stop = state.withLock { state -> Bool in
                        guard !state.isDone else { return true }
                        state.tally.failures += 1
                        state.tally.lastFailure = "\(error)"
                        if permanent, state.pending == pending {
                            state.tally.samplesDropped += exporter.sampleCount(of: pending)
                            state.pending = nil
                            if isFinal { state.isDone = true }
                        }
                        return state.isDone
                    }
                    if stop { return }
                    nextAttempt = clock.now + backoff.delay(after: failuresInRow)
                }
                continue
            }
            let wake = min(pending == nil ? nextSnapshot : min(nextSnapshot, nextAttempt), clock.now + .milliseconds(50))
            try? await Task.sleep(until: wake, clock: clock)
        }
    }
}
