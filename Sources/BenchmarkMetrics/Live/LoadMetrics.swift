import BenchmarkEngine
import Synchronization

/// The live figures of a command's load runs (one for `load`, a step each for `capacity`), as the
/// `/metrics` listener and the exporters read them.
///
/// The runner hands it each interval's figures as the interval closes, and each run's result once
/// the run is over (``LoadObserver``): from then on the counts are the report's, exactly, including the slots an open loop counts as missed only at its end. Counters
/// add up over the command's runs, so they only grow, as Prometheus expects.
public final class LoadMetrics: LoadObserver, MetricsSource {
    private struct State {
        var labels: RunLabels
        /// The runs finished, from their results.
        var finished = OutcomeCounts()
        var finishedByName: [String: OutcomeCounts] = [:]
        /// The run under way, from its closed intervals.
        var current = OutcomeCounts()
        var currentByName: [String: OutcomeCounts] = [:]
        var configuration: LoadConfiguration?
        var startedAt: UInt64 = 0
        var inFlight = 0
        /// Requests sent per second in the latest closed interval.
        var achievedRate: Double?
        /// Each thread's latest run-queue wait, kept after the thread ends so that the sum only grows.
        var waitByThread: [Int: UInt64] = [:]
    }

    private let state: Mutex<State>

    /// Figures of runs labelled `labels`.
    public init(labels: RunLabels) {
        state = Mutex(State(labels: labels))
    }

    /// The labels of its series.
    public var labels: RunLabels {
        state.withLock { $0.labels }
    }

    /// Relabels the runs to come (a `capacity` step's scenario, say).
    public func relabel(_ labels: RunLabels) {
        state.withLock { $0.labels = labels }
    }

    public func loadStarted(_ configuration: LoadConfiguration) {
        let now = Platform.monotonicNanoseconds()
        state.withLock { state in
            state.configuration = configuration
            state.startedAt = now
        }
    }

    public func recorded(_ figures: IntervalFigures, name: String?) {
        state.withLock { state in
            guard let name else {
                state.current.add(figures)
                if let length = state.configuration?.interval, length > .zero {
                    state.achievedRate = Double(figures.sent) / length.seconds
                }
                return
            }
            state.currentByName[name, default: OutcomeCounts()].add(figures)
        }
    }

    public func sampledInFlight(_ count: Int) {
        state.withLock { $0.inFlight = count }
    }

    /// The run under way is over with `result`: its figures replace those of its intervals.
    public func loadFinished(_ result: ScenarioResult) {
        state.withLock { state in
            if let outcomes = result.outcomes { state.finished.add(outcomes, latency: result.latency) }
            for named in result.requests ?? [] {
                state.finishedByName[named.name, default: OutcomeCounts()].add(named.outcomes, latency: named.latency)
            }
            state.current = OutcomeCounts()
            state.currentByName = [:]
            state.inFlight = 0
        }
    }

    public func families() -> [MetricFamily] {
        let threads = Platform.threadSchedulerTimes()
        let cpu = Double(Platform.processCPUNanoseconds()) / 1e9
        return state.withLock { state in
            for (thread, times) in threads { state.waitByThread[thread] = max(state.waitByThread[thread] ?? 0, times.waiting) }
            let wait = Double(state.waitByThread.values.reduce(0, +)) / 1e9
            return Self.families(of: state, cpuSeconds: cpu, runQueueWaitSeconds: wait)
        }
    }

    private static func families(of state: State, cpuSeconds: Double, runQueueWaitSeconds: Double) -> [MetricFamily] {
        let run = state.labels.labels
        let counts = state.finished.adding(state.current)
        var names = state.finishedByName
        names.merge(state.currentByName) { $0.adding($1) }
        let target = state.configuration.flatMap { targetRate(of: $0, elapsed: Platform.monotonicNanoseconds() &- state.startedAt) }
        let number = { (labels: [MetricLabel], value: Double) in MetricSeries(labels: labels, value: .number(value)) }
        let template =
            counts.latency ?? (try? Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3))
        return [
            MetricFamily(
                name: "courier_bench_requests", kind: .counter,
                help: "Requests sent, by how each ended: success or the error class of report.json.",
                series: counts.byOutcome.map { number(run + [MetricLabel("outcome", $0.outcome)], Double($0.count)) }),
            MetricFamily(
                name: "courier_bench_requests_missed", kind: .counter,
                help: "Requests due that never started, because the run's duration ended first (open loop).",
                series: [number(run, Double(counts.missed))]),
            MetricFamily(
                name: "courier_bench_named_requests", kind: .counter,
                help: "A mix's requests or a journey's steps, by name and by how each ended.",
                series: names.sorted { $0.key < $1.key }.flatMap { name, named in
                    named.byOutcome.map {
                        number(run + [MetricLabel("request", name), MetricLabel("outcome", $0.outcome)], Double($0.count))
                    }
                }),
            MetricFamily(
                name: "courier_bench_requests_in_flight", kind: .gauge, help: "Requests started and not yet over.",
                series: [number(run, Double(state.inFlight))]),
            MetricFamily(
                name: "courier_bench_target_requests_per_second", kind: .gauge,
                help: "The rate the schedule asks of this generator now (open loop only).",
                series: target.map { [number(run, $0)] } ?? []),
            MetricFamily(
                name: "courier_bench_achieved_requests_per_second", kind: .gauge,
                help: "Requests sent per second in the latest closed interval.",
                series: state.achievedRate.map { [number(run, $0)] } ?? []),
            MetricFamily(
                name: "courier_bench_request_duration_seconds", kind: .histogram,
                help: "Latency from each request's intended start (its actual start in a closed loop).", unit: "seconds",
                series: template.map { [MetricSeries(labels: run, value: .distribution(LatencyDistribution(counts.latency ?? $0)))] } ?? []),
            MetricFamily(
                name: "courier_bench_generator_cpu_seconds", kind: .counter, help: "CPU time this bench process has used.",
                unit: "seconds", series: [number(run, cpuSeconds)]),
            MetricFamily(
                name: "courier_bench_generator_run_queue_wait_seconds", kind: .counter,
                help: "Time this process's threads were ready to run but waited for a CPU (Linux; 0 elsewhere).",
                unit: "seconds", series: [number(run, runQueueWaitSeconds)]),
        ]
    }

    /// The rate `configuration` schedules for this shard `elapsed` nanoseconds into the run: its
    /// constant rate, or the stages' ramp; `nil` in a closed loop.
    static func targetRate(of configuration: LoadConfiguration, elapsed: UInt64) -> Double? {
        guard configuration.isOpenLoop else { return nil }
        let shards = Double(configuration.shard.count)
        var rate = configuration.rate ?? 0
        var remaining = elapsed
        for stage in configuration.stages {
            let length = stage.duration.nanoseconds
            guard remaining < length else {
                remaining -= length
                rate = stage.targetRate
                continue
            }
            let progress = length > 0 ? Double(remaining) / Double(length) : 1
            return (rate + (stage.targetRate - rate) * progress) / shards
        }
        return rate / shards
    }
}
