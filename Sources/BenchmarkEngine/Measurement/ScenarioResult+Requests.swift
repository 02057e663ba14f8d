extension ScenarioResult {
    /// The figures of one kind of request in a mix (``LoadMix``), or of one step of a journey: how
    /// many were sent against how many were asked for, how each ended, and their latency.
    ///
    /// A mix's names add up to the run: their `sent`, `succeeded` and errors sum to the run's
    /// ``Outcomes``, and interval by interval to its time series'. Slots an open loop missed had no request chosen yet, so they count in the run's
    /// `missed` and under no name. A journey's run counts sessions, and its steps each add up on
    /// their own: a session sends any number of them.
    public struct NamedRequest: Codable, Sendable, Equatable {
        /// The request's name, as the targets file or the journey's step gives it.
        public var name: String
        /// Its share of the requests asked for, 0–1; `nil` for a journey's step, which is sent when
        /// its session comes to it.
        @ExplicitNull public var weight: Double? = nil
        /// Its share of the requests sent, 0–1: the mix as it went out, beside ``weight``.
        public var share: Double
        /// How the requests of this name ended; `scheduled` equals `sent`.
        public var outcomes: Outcomes
        /// Requests of this name per second over the run.
        public var operationsPerSecond: Double
        /// Latency from each request's intended start; `nil` when none was sent.
        @ExplicitNull public var latency: Latency? = nil
        /// Latency from each request's actual start (open loops).
        @ExplicitNull public var uncorrectedLatency: Latency? = nil
        /// These requests interval by interval, on the run's intervals (``ScenarioResult/timeSeries``):
        /// the same start and length, each request in the interval of its intended start. A journey's
        /// step may have intervals past the run's last, sent by a session that started in it. `nil`
        /// in a report written before requests had series.
        @ExplicitNull public var timeSeries: TimeSeries? = nil

        /// These figures with the latency from each request's actual start in place of the corrected
        /// one, for judging what the server did apart from the generator's lateness.
        var fromActualStart: NamedRequest {
            var request = self
            request.latency = uncorrectedLatency ?? latency
            if let intervals = timeSeries?.intervals { request.timeSeries?.intervals = intervals.map(\.fromActualStart) }
            return request
        }

        /// Figures with these values.
        public init(
            name: String, weight: Double?, share: Double, outcomes: Outcomes, operationsPerSecond: Double, latency: Latency? = nil,
            uncorrectedLatency: Latency? = nil
        ) {
            self.name = name
            self.weight = weight
            self.share = share
            self.outcomes = outcomes
            self.operationsPerSecond = operationsPerSecond
            self.latency = latency
            self.uncorrectedLatency = uncorrectedLatency
        }
    }

    /// The per-name figures of a mix or a journey from each name's figures over a run of `seconds`
    /// whose time series is `series`, or what does not add up: a mix's names against the run's
    /// `total` and against each of its intervals, a journey's step against itself.
    static func namedRequests(
        _ mix: LoadMix, _ named: [NamedFigures], total: Outcomes, of series: TimeSeries, seconds: Double, isOpenLoop: Bool
    ) throws(UnreconciledOutcomes) -> [NamedRequest] {
        let sent = named.reduce(0) { $0 + $1.total.sent }
        // The names' sum, which a mix's run must equal.
        var sum = Outcomes(sent: 0, succeeded: 0, errors: [:])
        var requests: [NamedRequest] = []
        for (index, figures) in named.enumerated() {
            let tally = figures.total
            let outcomes = Outcomes(sent: tally.sent, succeeded: tally.succeeded, errors: tally.errors)
            guard outcomes.reconciles else {
                throw UnreconciledOutcomes(outcomes: outcomes, comparedWith: "their own parts in \(figures.name)")
            }
            sum.add(outcomes)
            var request = NamedRequest(
                name: figures.name, weight: mix.weights.indices.contains(index) ? mix.weights[index] : nil,
                share: sent > 0 ? Double(tally.sent) / Double(sent) : 0, outcomes: outcomes,
                operationsPerSecond: seconds > 0 ? Double(tally.sent) / seconds : 0,
                latency: tally.sent > 0 ? Latency(tally.latency.dense) : nil,
                uncorrectedLatency: isOpenLoop && tally.sent > 0 ? Latency(tally.uncorrected.dense) : nil)
            request.timeSeries = TimeSeries(
                startUnixMicroseconds: series.startUnixMicroseconds, intervalSeconds: series.intervalSeconds,
                intervals: figures.intervals)
            requests.append(request)
        }
        guard !mix.isJourney else { return requests }
        guard sum.sent == total.sent && sum.succeeded == total.succeeded && sum.errors == total.errors else {
            throw UnreconciledOutcomes(outcomes: sum, comparedWith: "the whole run's \(total.reconciliationDescription)")
        }
        try reconcileIntervals(of: named, with: series)
        return requests
    }

    /// Checks that in every interval a mix's names add up to the run's sent, succeeded and errors.
    private static func reconcileIntervals(of named: [NamedFigures], with series: TimeSeries) throws(UnreconciledOutcomes) {
        let count = named.reduce(series.intervals.count) { max($0, $1.intervals.count) }
        for index in 0..<count {
            var sum = Outcomes(sent: 0, succeeded: 0, errors: [:])
            for figures in named where figures.intervals.indices.contains(index) {
                sum.add(figures.intervals[index].outcomes)
            }
            let run =
                series.intervals.indices.contains(index) ? series.intervals[index].outcomes : Outcomes(sent: 0, succeeded: 0, errors: [:])
            guard sum.sent == run.sent && sum.succeeded == run.succeeded && sum.errors == run.errors else {
                throw UnreconciledOutcomes(
                    outcomes: sum, interval: index, comparedWith: "the run's \(run.reconciliationDescription)")
            }
        }
    }
}
