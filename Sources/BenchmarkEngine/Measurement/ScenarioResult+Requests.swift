extension ScenarioResult {
    /// The figures of one kind of request in a mix (``LoadMix``): how many were sent against how many
    /// were asked for, how each ended, and their latency.
    ///
    /// A mix's names add up to the run: their `sent`, `succeeded` and errors sum to the run's
    /// ``Outcomes``. Slots an open loop missed had no request chosen yet, so they count in the run's
    /// `missed` and under no name.
    public struct NamedRequest: Codable, Sendable, Equatable {
        /// The request's name, as the targets file gives it.
        public var name: String
        /// Its share of the requests asked for, 0–1.
        public var weight: Double
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

        /// These figures with the latency from each request's actual start in place of the corrected
        /// one, for judging what the server did apart from the generator's lateness.
        var fromActualStart: NamedRequest {
            var request = self
            request.latency = uncorrectedLatency ?? latency
            return request
        }

        /// Figures with these values.
        public init(
            name: String, weight: Double, share: Double, outcomes: Outcomes, operationsPerSecond: Double, latency: Latency? = nil,
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

    /// The per-name figures of a mix from each name's tally over a run of `seconds`, or what does not
    /// add up between them and the run's `total`.
    static func namedRequests(
        _ mix: LoadMix, tallies: [LoadTally], total: Outcomes, seconds: Double, isOpenLoop: Bool
    ) throws(UnreconciledOutcomes) -> [NamedRequest] {
        let sent = tallies.reduce(0) { $0 + $1.sent }
        // The names' sum, which the run's own counts must equal.
        var sum = Outcomes(sent: 0, succeeded: 0, errors: [:])
        let requests = zip(mix.names, zip(mix.weights, tallies)).map { name, figures in
            let (weight, tally) = figures
            let outcomes = Outcomes(sent: tally.sent, succeeded: tally.succeeded, errors: tally.errors)
            sum.add(outcomes)
            return NamedRequest(
                name: name, weight: weight, share: sent > 0 ? Double(tally.sent) / Double(sent) : 0, outcomes: outcomes,
                operationsPerSecond: seconds > 0 ? Double(tally.sent) / seconds : 0,
                latency: tally.sent > 0 ? Latency(tally.latency) : nil,
                uncorrectedLatency: isOpenLoop && tally.sent > 0 ? Latency(tally.uncorrected) : nil)
        }
        guard sum.sent == total.sent, sum.succeeded == total.succeeded, sum.errors == total.errors else {
            throw UnreconciledOutcomes(outcomes: sum, comparedWith: "the whole run's \(total.reconciliationDescription)")
        }
        return requests
    }
}
