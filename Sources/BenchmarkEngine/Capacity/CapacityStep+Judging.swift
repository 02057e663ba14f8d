extension CapacityStep {
    /// What decides a step besides its objectives.
    public struct Limits: Sendable, Equatable {
        /// A step in which more than this share of requests fails is an error storm.
        public var errorStormShare: Double
        /// At or above this share of the machine's CPUs used by the bench, a failed step says the
        /// generator was saturated.
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
    /// server answered in time but the generator sent late: every broken latency objective holds on
    /// the latency measured from each request's actual send, give or take the p99 of the generator's
    /// own timer lateness (which grows when its CPUs are saturated), and no error objective broke.
    /// A generator that used at least ``Limits/generatorCPUShare`` of the CPUs is named among the
    /// reasons either way.
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
        // A mix's names are judged over the same measured intervals as the step.
        let measuredRequests = result.requests?.map { request in
            var measuredPart = request
            measuredPart.timeSeries?.intervals.removeAll { $0.startSeconds < warmupSeconds - 1e-9 }
            return measuredPart
        }
        let verdict = try ServiceLevelVerdict(
            judging: measured, requests: measuredRequests, isOpenLoop: true, against: objectives, over: window)
        let errorShare = outcomes.sent > 0 ? Double(outcomes.failed) / Double(outcomes.sent) : 0
        var reasons = verdict.breaches.map(Self.describe)
        var status: Status
        if errorShare > limits.errorStormShare {
            status = .errorStorm
            reasons.insert(
                String(
                    format: "error storm: %.1f%% of requests sent failed (above %.0f%%)", errorShare * 100, limits.errorStormShare * 100),
                at: 0)
        } else if verdict.passed {
            status = .passed
        } else {
            // The same objectives over the same windows, on the latency from each request's actual start.
            let sent = measured.map(\.fromActualStart)
            let evidence = Self.generatorEvidence(
                verdict: verdict,
                uncorrected: try ServiceLevelVerdict(
                    judging: sent, requests: measuredRequests?.map(\.fromActualStart), isOpenLoop: true, against: objectives, over: window),
                objectives: objectives, cpuShare: cpu.time > 0 ? cpu.weighted / cpu.time : nil, generator: result.generator, limits: limits
            )
            status = evidence.isGenerators ? .generatorLimited : .failed
            reasons += evidence.reasons
        }
        self.init(
            number: number, phase: phase, targetRate: targetRate, startSeconds: startSeconds, warmupSeconds: warmupSeconds,
            measuredSeconds: measured.reduce(0) { $0 + $1.durationSeconds }, outcomes: outcomes,
            latency: ScenarioResult.Latency(latency),
            uncorrectedLatency: ScenarioResult.Latency(uncorrected),
            verdict: verdict, status: status, reasons: reasons
        )
        meanInFlight = inFlight.time > 0 ? inFlight.weighted / inFlight.time : nil
        generator = result.generator
        timeSeries = result.timeSeries
        requests = result.requests
    }

    /// `p99 312.50 ms breaks p99<=50ms`.
    private static func describe(_ verdict: ObjectiveVerdict) -> String {
        guard let measured = verdict.measured else { return "\(verdict.objective): \(verdict.note ?? "not measured")" }
        return "\(verdict.metric) \(SummaryTable.value(measured, unit: verdict.unit)) breaks \(verdict.objective)"
    }

    /// Why the broken objectives are the generator's doing, if they are: one sentence per sign; empty
    /// when they are the server's (a note on a saturated generator may still be added).
    ///
    /// Each broken objective must be explained by the generator: a latency objective holds on the
    /// latency from each request's actual send, give or take the generator's own timer lateness
    /// (its p99); a rate objective counts as explained when the latencies are; an error objective
    /// never is.
    private static func generatorEvidence(
        verdict: ServiceLevelVerdict, uncorrected: ServiceLevelVerdict, objectives: [ServiceLevelObjective], cpuShare: Double?,
        generator: GeneratorLoad?, limits: Limits
    ) -> (isGenerators: Bool, reasons: [String]) {
        let lateness = Double(generator?.wakeLateness?.p99 ?? 0)
        let broken = zip(objectives, zip(verdict.objectives, uncorrected.objectives)).filter { $0.1.0.status == .failed }
        let explained = broken.allSatisfy { objective, verdicts in
            switch objective.metric {
            case .rate: return true
            case .errors: return false
            case .percentile, .maximum, .mean:
                let sent = verdicts.1
                guard sent.status != .passed else { return true }
                return objective.comparison.boundsFromAbove && (sent.measured.map { $0 <= objective.threshold + lateness } ?? false)
            }
        }
        var reasons: [String] = []
        if explained {
            let late = generator.map { "; \($0.lateStarts) requests started after their slot, at most \($0.peakInFlight) in flight" } ?? ""
            let timers = lateness > 0 ? ", give or take the generator's own timer lateness (p99 \(SummaryTable.duration(lateness)))" : ""
            reasons.append("sent late: measured from each request's actual send, the latency meets the objectives\(timers)\(late)")
        }
        if let cpuShare, cpuShare >= limits.generatorCPUShare {
            reasons.append(String(format: "the generator used %.0f%% of the CPUs", cpuShare * 100))
        }
        return (explained, reasons)
    }
}
