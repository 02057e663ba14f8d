extension CapacityStep {
    /// What decides a step besides its objectives.
    public struct Limits: Sendable, Equatable {
        /// A step in which more than this share of requests fails is an error storm.
        public var errorStormShare: Double
        /// At or above this share of the machine's CPUs used by the bench, the generator did not
        /// keep up: it was saturated.
        public var generatorCPUShare: Double
        /// Below this share of the requests planned sent, with workers free, the generator did not
        /// keep up (Nighthawk's send-rate check).
        public var sendRateShare: Double
        /// At or above this share of their runnable time spent waiting for a CPU, the generator's
        /// threads were starved, when the wait is also ``generatorWaitOfLatency`` of the latency.
        public var generatorWaitShare: Double
        /// At or above this share of the mean latency per request spent by the generator's threads
        /// waiting for a CPU, its own waiting is a material part of what it measured.
        public var generatorWaitOfLatency: Double

        /// Limits with these values.
        public init(
            errorStormShare: Double = 0.1, generatorCPUShare: Double = 0.9, sendRateShare: Double = 0.99,
            generatorWaitShare: Double = 0.5, generatorWaitOfLatency: Double = 0.05
        ) {
            self.errorStormShare = errorStormShare
            self.generatorCPUShare = generatorCPUShare
            self.sendRateShare = sendRateShare
            self.generatorWaitShare = generatorWaitShare
            self.generatorWaitOfLatency = generatorWaitOfLatency
        }
    }

    /// Judges `result`, whose first `warmupSeconds` are discarded, against `objectives` over
    /// `window`: an open loop at `targetRate`, or, given `concurrency`, a sweep's closed loop of that
    /// many workers (its `targetRate` 0). An open loop's `maximumInFlight` tells a generator that
    /// fell behind with workers free from one whose workers the server held.
    ///
    /// A step that breaks an objective is the generator's limit rather than the server's when the
    /// generator did not keep up (``GeneratorCheck``), or when the server answered in time but the
    /// generator sent late: every broken latency objective holds on the latency measured from each
    /// request's actual send, give or take the p99 of the generator's own timer lateness (which
    /// grows when its CPUs are saturated), and no error objective broke.
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
        concurrency: Int? = nil,
        maximumInFlight: Int = .max,
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
            // A closed loop sends each request when it is due: its two latencies are one.
            try uncorrected.merge(Histogram(encoded: (interval.uncorrectedLatency ?? interval.latency).histogram))
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
        let isOpenLoop = concurrency == nil
        // Checks are counted over the whole step, not by interval: an objective on them judges those.
        let verdict = try ServiceLevelVerdict(
            judging: measured, requests: measuredRequests, checks: result.checks, isOpenLoop: isOpenLoop, against: objectives,
            over: window)
        let check = GeneratorCheck(
            planned: isOpenLoop ? outcomes.scheduled : nil, sent: outcomes.sent, concurrency: concurrency ?? maximumInFlight,
            cpuShare: cpu.time > 0 ? cpu.weighted / cpu.time : nil, generator: result.generator,
            requests: result.outcomes?.sent ?? outcomes.sent, meanLatencyNanoseconds: uncorrected.mean, limits: limits)
        let errorShare = outcomes.sent > 0 ? Double(outcomes.failed) / Double(outcomes.sent) : 0
        var reasons = verdict.breaches.map(Self.describe)
        var status: Status
        if errorShare > limits.errorStormShare {
            // The server's, whatever the generator did; what the generator fell short by is told too.
            status = .errorStorm
            reasons.insert(
                String(
                    format: "error storm: %.1f%% of requests sent failed (above %.0f%%)", errorShare * 100, limits.errorStormShare * 100),
                at: 0)
            reasons += check.findings
        } else if verdict.passed, check.fellBehindSchedule {
            // The objectives held at a rate the server was never offered.
            status = .generatorLimited
            reasons += check.findings
        } else if verdict.passed {
            status = .passed
        } else if !check.keptUp {
            status = .generatorLimited
            reasons += check.findings
        } else if !isOpenLoop {
            status = .failed
        } else {
            // The same objectives over the same windows, on the latency from each request's actual start.
            let sent = measured.map(\.fromActualStart)
            let evidence = Self.generatorEvidence(
                verdict: verdict,
                uncorrected: try ServiceLevelVerdict(
                    judging: sent, requests: measuredRequests?.map(\.fromActualStart), checks: result.checks, isOpenLoop: true,
                    against: objectives, over: window),
                objectives: objectives, generator: result.generator)
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
        self.concurrency = concurrency
        meanInFlight = inFlight.time > 0 ? inFlight.weighted / inFlight.time : nil
        generator = result.generator
        generatorCheck = check
        timeSeries = result.timeSeries
        requests = result.requests
        checks = result.checks
    }

    /// `p99 312.50 ms breaks p99<=50ms`.
    private static func describe(_ verdict: ObjectiveVerdict) -> String {
        guard let measured = verdict.measured else { return "\(verdict.objective): \(verdict.note ?? "not measured")" }
        return "\(verdict.metric) \(SummaryTable.value(measured, unit: verdict.unit)) breaks \(verdict.objective)"
    }

    /// Why the broken objectives are the generator's doing, if they are: one sentence; empty when
    /// they are the server's.
    ///
    /// Each broken objective must be explained by the generator: a latency objective holds on the
    /// latency from each request's actual send, give or take the generator's own timer lateness
    /// (its p99); a rate objective counts as explained when the latencies are; an error objective
    /// never is.
    private static func generatorEvidence(
        verdict: ServiceLevelVerdict, uncorrected: ServiceLevelVerdict, objectives: [ServiceLevelObjective], generator: GeneratorLoad?
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
        return (explained, reasons)
    }
}
