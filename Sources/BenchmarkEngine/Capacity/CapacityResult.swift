/// What a capacity search found: the highest rate that met every objective, where latency bends,
/// how many requests that rate keeps in flight, and why the search stopped.
public struct CapacityResult: Codable, Sendable, Equatable {
    /// Why the search stopped.
    public enum StopReason: String, Codable, Sendable {
        /// The failing rate came within the precision of the passing one.
        case converged
        /// The maximum rate asked for passed: the server sustains at least that.
        case maximumRateSustained
        /// The first step, at the minimum rate, already failed.
        case failedAtMinimumRate
        /// The time allowed ran out before the search converged.
        case timeLimit
        /// The search was interrupted (Ctrl-C).
        case interrupted
        /// A step could not be run at all (the transport could not be made, say).
        case stepFailed
    }

    /// Whose limit the search found.
    public enum Limit: String, Codable, Sendable {
        /// The server broke the objectives.
        case server
        /// The generator could not keep its schedule at the failing rate: the server's limit is at
        /// least the passing rate, and may be higher.
        case generator
    }

    /// The highest rate whose step met every objective, requests per second; `nil` when none did.
    @ExplicitNull public var maximumSustainableRate: Double? = nil
    /// The lowest rate whose step failed; `nil` when none did.
    @ExplicitNull public var lowestFailingRate: Double? = nil
    /// Whose limit the failing rate is, when a step failed.
    @ExplicitNull public var limitedBy: Limit? = nil
    /// Where p99 starts to climb steeply, when three or more rates were measured.
    @ExplicitNull public var knee: Knee? = nil
    /// Requests in flight at the maximum sustainable rate.
    @ExplicitNull public var concurrencyAtMaximum: Concurrency? = nil
    /// Why the search stopped.
    public var stopReason: StopReason
    /// The stop and the limit, in a sentence or two.
    public var explanation: String
    /// ``searchTime`` in seconds, as the report stores it.
    package var searchSeconds: Double

    /// How long the search took.
    public var searchTime: Duration {
        get { Duration(seconds: searchSeconds) }
        set { searchSeconds = newValue.seconds }
    }

    /// A result that stopped for `stopReason`.
    public init(stopReason: StopReason, explanation: String, searchTime: Duration) {
        self.init(stopReason: stopReason, explanation: explanation, searchSeconds: searchTime.seconds)
    }

    /// The same, with its durations in the units the report stores.
    package init(stopReason: StopReason, explanation: String, searchSeconds: Double) {
        self.stopReason = stopReason
        self.explanation = explanation
        self.searchSeconds = searchSeconds
    }

    /// The rate at which latency bends: over the steps in order of rate, the one where the slope of
    /// log p99 against log rate grows the most (the largest second difference), so the knee does not
    /// depend on the units or on how far apart the steps are.
    public struct Knee: Codable, Sendable, Equatable {
        /// The step's rate, requests per second.
        public var rate: Double
        /// ``p99`` in nanoseconds, as the report stores it.
        package var p99Nanoseconds: UInt64
        /// How much the slope of log p99 over log rate grows there.
        public var slopeIncrease: Double

        /// Its corrected p99.
        public var p99: Duration {
            get { Duration(nanoseconds: p99Nanoseconds) }
            set { p99Nanoseconds = newValue.nanoseconds }
        }

        /// A knee at `rate`.
        public init(rate: Double, p99: Duration, slopeIncrease: Double) {
            self.init(rate: rate, p99Nanoseconds: p99.nanoseconds, slopeIncrease: slopeIncrease)
        }

        /// The same, with its durations in the units the report stores.
        package init(rate: Double, p99Nanoseconds: UInt64, slopeIncrease: Double) {
            self.rate = rate
            self.p99Nanoseconds = p99Nanoseconds
            self.slopeIncrease = slopeIncrease
        }
    }

    /// Requests in flight at a rate, measured and by Little's law.
    public struct Concurrency: Codable, Sendable, Equatable {
        /// The step's achieved rate, requests per second.
        public var rate: Double
        /// ``meanLatency`` in seconds, as the report stores it.
        package var meanLatencySeconds: Double
        /// The sampled mean of requests in flight.
        @ExplicitNull public var measured: Double? = nil
        /// `rate × meanLatencySeconds`.
        public var littlesLaw: Double

        /// Its mean uncorrected latency.
        public var meanLatency: Duration {
            get { Duration(seconds: meanLatencySeconds) }
            set { meanLatencySeconds = newValue.seconds }
        }

        /// The concurrency of a step at `rate` with `meanLatencySeconds`, and what was sampled.
        public init(rate: Double, meanLatency: Duration, measured: Double?) {
            self.init(rate: rate, meanLatencySeconds: meanLatency.seconds, measured: measured)
        }

        /// The same, with its durations in the units the report stores.
        package init(rate: Double, meanLatencySeconds: Double, measured: Double?) {
            self.rate = rate
            self.meanLatencySeconds = meanLatencySeconds
            self.measured = measured
            littlesLaw = rate * meanLatencySeconds
        }
    }
}
