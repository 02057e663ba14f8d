/// Merges the reports of a load run's shards into the report one generator would have written.
///
/// Nothing is averaged: the latency histograms (corrected and uncorrected) are added bucket by
/// bucket, so every percentile of the merged run is that of all its requests together; counts and
/// error classes are summed; the time series are merged interval by interval, aligned by their
/// wall-clock start. Before anything is merged every report must be a shard of the same run
/// (same settings and bench version), each shard at most once, each reconciling on its own; a
/// missing shard fails the merge unless a partial one is asked for.
public struct ShardMerge: Sendable {
    /// One report to merge and where it came from, for errors.
    public struct Input: Sendable {
        /// The path given, as errors name it.
        public var source: String
        /// The shard's report.
        public var report: Report

        /// The report at `source`.
        public init(source: String, report: Report) {
            self.source = source
            self.report = report
        }
    }

    /// The merged run's figures, its plan (the shards' common one, as shard `0/1`, starting when
    /// the first shard did) and the shards it was made of.
    public let result: ScenarioResult
    /// The shards' common plan.
    public let plan: LoadPlan
    /// The shards merged and those missing.
    public let shards: ShardSet

    /// Merges `inputs`; with `allowingPartial`, a run some of whose shards are missing is merged from
    /// the others (``ShardSet/missing`` names them).
    public init(_ inputs: [Input], allowingPartial: Bool = false) throws(ShardMergeError) {
        let shards = try inputs.map(Self.shard(of:))
        guard let reference = shards.first else {
            throw .notAShard(source: "", reason: "no reports given")
        }
        var bySlot: [Int: ShardReport] = [:]
        for shard in shards {
            try shard.checkSameRun(as: reference)
            if let other = bySlot[shard.plan.shard.index] {
                throw .sameShard(shard.plan.shard, source: shard.source, other: other.source)
            }
            bySlot[shard.plan.shard.index] = shard
            try shard.checkReconciles()
        }
        let count = reference.plan.shard.count
        let missing = (0..<count).filter { bySlot[$0] == nil }
        guard missing.isEmpty || allowingPartial else { throw .missingShards(missing, count: count) }
        let ordered = bySlot.keys.sorted().compactMap { bySlot[$0] }

        let start = ordered.map(\.plan.scheduleStartedAt).min() ?? 0
        let end = ordered.map { $0.plan.scheduleStartedAt + $0.result.durationSeconds }.max() ?? start
        let sent = ordered.reduce(0) { $0 + $1.outcomes.sent }
        var result = ScenarioResult(
            name: reference.result.name, kind: .load, operations: sent, warmupOperations: 0, durationSeconds: end - start)
        result.concurrency = ordered.reduce(0) { $0 + ($1.result.concurrency ?? 0) }
        result.targetRate = reference.plan.rate.map { _ in ordered.reduce(0) { $0 + ($1.result.targetRate ?? 0) } }
        result.stages = reference.result.stages
        result.latency = try Self.merge(ordered, \.result.latency)
        result.uncorrectedLatency = try Self.merge(ordered, \.result.uncorrectedLatency)
        result.mallocsPerOperation = Self.perRequest(ordered, \.result.mallocsPerOperation)
        result.bytesAllocatedPerOperation = Self.perRequest(ordered, \.result.bytesAllocatedPerOperation)
        let outcomes = ordered.reduce(into: ScenarioResult.Outcomes(scheduled: 0, sent: 0, succeeded: 0, errors: [:])) {
            $0.add($1.outcomes)
        }
        guard outcomes.reconciles else {
            throw .unreconciled(source: "the merged run", detail: outcomes.reconciliationDescription)
        }
        result.outcomes = outcomes
        // Counted only when every shard counted: a partial sum would read as the whole run's.
        let counted = ordered.compactMap(\.result.connections)
        if counted.count == ordered.count, var connections = counted.first {
            for other in counted.dropFirst() { connections.add(other) }
            if counted.allSatisfy({ $0.phases != nil }) {
                var phases = ScenarioResult.ConnectionPhases()
                for phase in ScenarioResult.ConnectionPhase.allCases {
                    phases[phase] = try Self.merge(ordered, \.result.connections?.phases?[phase])
                }
                connections.phases = phases
            } else {
                connections.phases = nil
            }
            result.connections = connections
        }
        result.requests = try Self.mergeRequests(ordered, total: outcomes, seconds: result.durationSeconds)
        result.unit = ordered[0].result.unit
        result.checks = Self.mergeChecks(ordered.map(\.result))
        // The run stopped early when any shard did: the first of them to stop says why.
        result.abort = ordered.compactMap(\.result.abort).min { $0.atSeconds < $1.atSeconds }
        let series = try TimeSeriesMerge(ordered.compactMap { shard in shard.result.timeSeries.map { (shard.source, $0) } })
        result.timeSeries = series?.merged

        let fullSchedule = Self.fullSchedule(of: reference.plan)
        if missing.isEmpty, let fullSchedule, fullSchedule != outcomes.scheduled {
            throw .scheduleMismatch(expected: fullSchedule, merged: outcomes.scheduled)
        }
        var plan = reference.plan
        plan.shard = .whole
        plan.scheduleStartedAt = start
        plan.lateStartSeconds = ordered.compactMap(\.plan.lateStartSeconds).max()
        self.result = result
        self.plan = plan
        var set = ShardSet(
            count: count,
            members: ordered.map {
                var member = ShardSet.Member(
                    shard: $0.plan.shard, runID: $0.runID, hostName: $0.hostName, scheduleStartedAt: $0.plan.scheduleStartedAt,
                    outcomes: $0.outcomes
                )
                member.lateStartSeconds = $0.plan.lateStartSeconds
                return member
            },
            missing: missing,
            startSpreadSeconds: (ordered.map(\.plan.scheduleStartedAt).max() ?? start) - start,
            fullSchedule: fullSchedule
        )
        set.intervalMisalignmentSeconds = series?.misalignmentSeconds
        self.shards = set
    }

    /// The requests the whole run's open-loop schedule has, as one generator would schedule them;
    /// `nil` for a closed loop.
    private static func fullSchedule(of plan: LoadPlan) -> Int? {
        let timeout = Duration(seconds: plan.timeoutSeconds)
        let configuration =
            if let stages = plan.stages, !stages.isEmpty {
                LoadConfiguration(
                    concurrency: plan.concurrency, startRate: plan.rate, stages: stages, maximumRequests: plan.requests,
                    requestTimeout: timeout)
            } else {
                LoadConfiguration(
                    concurrency: plan.concurrency, rate: plan.rate, maximumRequests: plan.requests,
                    duration: Duration(seconds: plan.durationSeconds), requestTimeout: timeout
                )
            }
        guard configuration.isOpenLoop else { return nil }
        return LoadSchedule(configuration: configuration).slots
    }

    /// One input checked to be a shard's report: its plan, its one load scenario and its outcomes.
    private struct ShardReport {
        let source: String
        let plan: LoadPlan
        let result: ScenarioResult
        let outcomes: ScenarioResult.Outcomes
        let toolVersion: String
        let runID: String
        let hostName: String?

        /// Refuses a shard whose run is not `reference`'s: another bench version or another setting.
        func checkSameRun(as reference: ShardReport) throws(ShardMergeError) {
            if toolVersion != reference.toolVersion {
                throw .differs(
                    setting: "bench version", source: source, value: toolVersion, reference: reference.source,
                    referenceValue: reference.toolVersion)
            }
            for ((setting, value), (_, referenceValue)) in zip(plan.sharedSettings, reference.plan.sharedSettings)
            where value != referenceValue {
                throw .differs(setting: setting, source: source, value: value, reference: reference.source, referenceValue: referenceValue)
            }
            if result.name != reference.result.name {
                throw .differs(
                    setting: "scenario", source: source, value: result.name, reference: reference.source,
                    referenceValue: reference.result.name)
            }
        }

        /// Refuses a shard whose counts do not add up, or whose histogram does not hold exactly the
        /// requests it sent.
        func checkReconciles() throws(ShardMergeError) {
            guard outcomes.reconciles else {
                throw .unreconciled(source: source, detail: outcomes.reconciliationDescription)
            }
            let recorded = result.latency?.summary.count ?? 0
            guard recorded == UInt64(max(0, outcomes.sent)) else {
                throw .unreconciled(
                    source: source, detail: "its latency histogram holds \(recorded) requests, but it sent \(outcomes.sent)")
            }
        }
    }

    private static func shard(of input: Input) throws(ShardMergeError) -> ShardReport {
        guard let plan = input.report.load else {
            throw .notAShard(source: input.source, reason: "it has no load plan (not written by 'load', or by a bench before shards)")
        }
        guard input.report.scenarios.count == 1, let result = input.report.scenarios.first, result.kind == .load,
            let outcomes = result.outcomes, result.latency != nil
        else {
            throw .notAShard(source: input.source, reason: "it does not hold exactly one load scenario with latency and outcomes")
        }
        return ShardReport(
            source: input.source, plan: plan, result: result, outcomes: outcomes,
            toolVersion: input.report.environment.toolVersion, runID: input.report.runID, hostName: input.report.environment.hostName
        )
    }

    /// The shards' histograms at `path` added together, or `nil` when none has one.
    private static func merge(_ shards: [ShardReport], _ path: KeyPath<ShardReport, ScenarioResult.Latency?>) throws(ShardMergeError)
        -> ScenarioResult.Latency?
    {
        var total: Histogram?
        for shard in shards {
            guard let latency = shard[keyPath: path] else { continue }
            do {
                let histogram = try Histogram(encoded: latency.histogram)
                if total == nil { total = histogram } else { try total?.merge(histogram) }
            } catch {
                throw .unreadableHistogram(source: shard.source, reason: "\(error)")
            }
        }
        return total.map { ScenarioResult.Latency($0) }
    }

    /// The checks of every shard, passes and failures summed by name, in the order of their first
    /// appearance; `nil` when no shard had any.
    static func mergeChecks(_ results: [ScenarioResult]) -> [ScenarioResult.Check]? {
        var merged: [ScenarioResult.Check] = []
        for check in results.flatMap({ $0.checks ?? [] }) {
            if let index = merged.firstIndex(where: { $0.name == check.name }) {
                merged[index].passes += check.passes
                merged[index].failures += check.failures
            } else {
                merged.append(check)
            }
        }
        return merged.isEmpty ? nil : merged
    }

    /// A mix's requests by name over every shard: counts summed, histograms added and time series
    /// merged name by name; `nil` when no shard sent a mix. The shards must name the same requests, in the same order, and
    /// their sum must be the merged run's.
    private static func mergeRequests(
        _ shards: [ShardReport], total: ScenarioResult.Outcomes, seconds: Double
    ) throws(ShardMergeError) -> [ScenarioResult.NamedRequest]? {
        guard let reference = shards.first?.result.requests else {
            if let mixed = shards.first(where: { $0.result.requests != nil }) {
                throw .differs(
                    setting: "requests", source: mixed.source, value: "a mix", reference: shards[0].source, referenceValue: "one request")
            }
            return nil
        }
        let names = reference.map(\.name)
        for shard in shards where shard.result.requests?.map(\.name) != names {
            let value = shard.result.requests.map { $0.map(\.name).joined(separator: ", ") } ?? "one request"
            throw .differs(
                setting: "requests", source: shard.source, value: value, reference: shards[0].source,
                referenceValue: names.joined(separator: ", "))
        }
        var sent = 0
        var merged: [ScenarioResult.NamedRequest] = []
        for (index, request) in reference.enumerated() {
            var outcomes = ScenarioResult.Outcomes(sent: 0, succeeded: 0, errors: [:])
            for shard in shards { if let theirs = shard.result.requests?[index].outcomes { outcomes.add(theirs) } }
            sent += outcomes.sent
            merged.append(
                ScenarioResult.NamedRequest(
                    name: request.name, weight: request.weight, share: 0, outcomes: outcomes,
                    operationsPerSecond: seconds > 0 ? Double(outcomes.sent) / seconds : 0,
                    latency: try merge(shards, \.result.requests?[index].latency),
                    uncorrectedLatency: try merge(shards, \.result.requests?[index].uncorrectedLatency)))
            // Merged only when every shard has one: a part would be placed on another grid than the run's.
            let series = shards.compactMap { shard in shard.result.requests?[index].timeSeries.map { (shard.source, $0) } }
            if series.count == shards.count { merged[index].timeSeries = try TimeSeriesMerge(series)?.merged }
        }
        var sum = ScenarioResult.Outcomes(sent: 0, succeeded: 0, errors: [:])
        for index in merged.indices {
            merged[index].share = sent > 0 ? Double(merged[index].outcomes.sent) / Double(sent) : 0
            sum.add(merged[index].outcomes)
        }
        // A journey's run counts sessions, not the steps they sent.
        let isJourney = shards[0].result.unit == .session
        guard isJourney || (sum.sent == total.sent && sum.succeeded == total.succeeded && sum.errors == total.errors) else {
            throw .unreconciled(
                source: "the merged run's requests by name",
                detail: "\(sum.reconciliationDescription) against \(total.reconciliationDescription)")
        }
        return merged
    }

    /// A per-request figure of the whole run: each shard's weighted by its requests; `nil` unless
    /// every shard that sent requests has it.
    private static func perRequest(_ shards: [ShardReport], _ path: KeyPath<ShardReport, Double?>) -> Double? {
        var sum = 0.0
        var requests = 0
        for shard in shards where shard.outcomes.sent > 0 {
            guard let value = shard[keyPath: path] else { return nil }
            sum += value * Double(shard.outcomes.sent)
            requests += shard.outcomes.sent
        }
        return requests > 0 ? sum / Double(requests) : nil
    }
}
