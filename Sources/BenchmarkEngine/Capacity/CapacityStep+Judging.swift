extension CapacityStep {
    /// What decides a step besides its objectives.
    public struct Limits: Sendable, Equatable {
        /// A step in which more than this share of requests fails is an error storm.
        public var errorStormShare: Double
        /// At or above this share of the machine's CPUs used by the bench, the generator is saturated.
        public var generatorCPUShare: Double

        /// Limits with these values.
        public init(errorStormShare: Double = 0.1, generatorCPUShare: Double = 0.9) {
            self.errorStormShare = errorStormShare
            self.generatorCPUShare = generatorCPUShare
        }
    }

    /// Judges the open loop `result`, whose first `warmupSeconds` are discarded, against
    /// `objectives` over `window`.
    ///
    /// A step that breaks an objective is the generator's limit rather than the server's when the
    /// server answered in time but the generator sent late — every broken latency objective holds
    /// on the uncorrected latency, and no error objective broke — or when the generator used at least
    /// ``Limits/generatorCPUShare`` of the CPUs, or its timers fired late by more than a tenth of
    /// the tightest latency objective (at least 1 ms) for one request in a hundred.
    ///
    /// - Throws: ``HistogramError`` when the result's histograms do not decode.
    public init(
        judging result: ScenarioResult,
        number: Int,
        phase: Phase,
        targetRate: Double,
        startSeconds: Double,
        warmupSeconds: Double,
        objectives: [ServiceLevelObjective],
        window: ObjectiveWindow,
        limits: Limits = Limits()
    ) throws(HistogramError) {
        let intervals = result.timeSeries?.intervals ?? []
        // Intervals that start within the warm-up are discarded, a partial one too.
        let measured = intervals.filter { $0.startSeconds >= warmupSeconds - 1e-9 }
        let template = try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)
        var latency = template
        var uncorrected = template
        var outcomes = ScenarioResult.Outcomes(scheduled: 0, sent: 0, missed: 0, succeeded: 0, errors: [:])
        var inFlight = (weighted: 0.0, time: 0.0)
        var cpu = (weighted: 0.0, time: 0.0)
        for interval in measured {
            try latency.merge(Histogram(encoded: interval.latency.histogram))
            if let histogram = interval.uncorrectedLatency?.histogram { try uncorrected.merge(Histogram(encoded: histogram)) }
            outcomes.add(interval.outcomes)
            if let mean = interval.meanInFlight {
                inFlight.weighted += mean * interval.durationSeconds
                inFlight.time += interval.durationSeconds
            }
            if let share = interval.generatorCPU {
                cpu.weighted += share * interval.durationSeconds
                cpu.time += interval.durationSeconds
            }
        }
        let verdict = try ServiceLevelVerdict(judging: measured, isOpenLoop: true, against: objectives, over: window)
        let errorShare = outcomes.sent > 0 ? Double(outcomes.failed) / Double(outcomes.sent) : 0
        var reasons = verdict.breaches.map(Self.describe)
        var status: Status
        if errorShare > limits.errorStormShare {
            status = .errorStorm
            reasons.insert(String(format: "error storm: %.1f%% of requests sent failed (above %.0f%%)", errorShare * 100, limits.errorStormShare * 100), at: 0)
        } else if verdict.passed {
            status = .passed
        } else {
            // The same objectives over the same windows, on the latency from each request's actual start.
            let sent = measured.map { interval in
                var sent = interval
                sent.latency = interval.uncorrectedLatency ?? interval.latency
                return sent
            }
            let evidence = Self.generatorEvidence(
                verdict: verdict, uncorrected: try ServiceLevelVerdict(judging: sent, isOpenLoop: true, against: objectives, over: window),
                objectives: objectives, cpuShare: cpu.time > 0 ? cpu.weighted / cpu.time : nil, generator: result.generator, limits: limits
            )
            status = evidence.isEmpty ? .failed : .generatorLimited
            reasons += evidence
        }
        self.init(
            number: number, phase: phase, targetRate: targetRate, startSeconds: startSeconds, warmupSeconds: warmupSeconds,
            measuredSeconds: measured.reduce(0) { $0 + $1.durationSeconds }, outcomes: outcomes,
            latency: ScenarioResult.Latency(summary: LatencySummary(latency), histogram: latency.encoded()),
            uncorrectedLatency: ScenarioResult.Latency(summary: LatencySummary(uncorrected), histogram: uncorrected.encoded()),
            verdict: verdict, status: status, reasons: reasons
        )
        meanInFlight = inFlight.time > 0 ? inFlight.weighted / inFlight.time : nil
        generator = result.generator
        timeSeries = result.timeSeries
    }

    /// `p99 312.50 ms breaks p99<=50ms`.
    private static func describe(_ verdict: ObjectiveVerdict) -> String {
        guard let measured = verdict.measured else { return "\(verdict.objective): \(verdict.note ?? "not measured")" }
        return "\(verdict.metric) \(SummaryTable.value(measured, unit: verdict.unit)) breaks \(verdict.objective)"
    }

    /// Why the broken objectives are the generator's doing, if they are: one sentence per sign.
    private static func generatorEvidence(
        verdict: ServiceLevelVerdict, uncorrected: ServiceLevelVerdict, objectives: [ServiceLevelObjective], cpuShare: Double?,
        generator: GeneratorLoad?, limits: Limits
    ) -> [String] {
        var evidence: [String] = []
        let judged = zip(objectives, zip(verdict.objectives, uncorrected.objectives))
        let broken = judged.filter { $0.1.0.status == .failed }
        let answeredInTime = broken.allSatisfy { objective, verdicts in
            objective.metric == .rate || (objective.metric.isLatency && verdicts.1.status == .passed)
        }
        if answeredInTime {
            let late = generator.map { " (\($0.lateStarts) requests started after their slot; at most \($0.peakInFlight) in flight)" } ?? ""
            evidence.append("sent late: the latency from each request's actual start meets the objectives\(late)")
        }
        if let cpuShare, cpuShare >= limits.generatorCPUShare {
            evidence.append(String(format: "the generator used %.0f%% of the CPUs", cpuShare * 100))
        }
        let tightest = objectives.filter(\.metric.isLatency).map(\.threshold).min() ?? .infinity
        let tolerance = max(1_000_000, tightest / 10)
        if let lateness = generator?.wakeLateness, Double(lateness.p99) > tolerance {
            evidence.append("the generator's timers fired late: p99 \(SummaryTable.duration(Double(lateness.p99))) after the slot")
        }
        return evidence
    }
}
