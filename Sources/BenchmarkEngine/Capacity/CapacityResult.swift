/// What a capacity search or a concurrency sweep found: the highest rate (and, in a sweep, the most
/// requests in flight) that met every objective, where latency bends, the scalability law fitted
/// to the steps, and why the steps stopped.
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
        /// A concurrency sweep ran every level.
        case swept
        /// A step's abort condition held (`--abort-on`): the service broke down, and no more steps ran.
        case aborted
    }

    /// Whose limit the search found.
    public enum Limit: String, Codable, Sendable {
        /// The server broke the objectives.
        case server
        /// The generator could not keep its schedule at the failing rate: the server's limit is at
        /// least the passing rate, and may be higher.
        case generator
    }

    /// The highest rate whose step met every objective, requests per second; in a sweep, the
    /// throughput of ``largestPassingConcurrency``'s step. `nil` when none did.
    @ExplicitNull public var maximumSustainableRate: Double? = nil
    /// A rate search's lowest rate whose step failed; `nil` when none did, and in a sweep.
    @ExplicitNull public var lowestFailingRate: Double? = nil
    /// Whose limit the failing rate is, when a step failed.
    @ExplicitNull public var limitedBy: Limit? = nil
    /// Where p99 starts to climb steeply, when three or more loads were measured.
    @ExplicitNull public var knee: Knee? = nil
    /// Requests in flight at the maximum sustainable rate.
    @ExplicitNull public var concurrencyAtMaximum: Concurrency? = nil
    /// A concurrency sweep: the most workers whose step met every objective; `nil` in a rate search,
    /// in a sweep without objectives, or when no level met them.
    @ExplicitNull public var largestPassingConcurrency: Int? = nil
    /// The Universal Scalability Law fitted to the steps; `nil` when fewer than three concurrencies
    /// could be fitted.
    @ExplicitNull public var scalability: ScalabilityFit? = nil
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

    /// Where latency bends, by Kneedle (Satopää et al., 2011) over each step's p99 against the load
    /// it offered: with both scaled to 0…1 over the steps, the knee is the step farthest below the
    /// straight line from the first to the last, where p99 has not yet climbed though the load has.
    public struct Knee: Codable, Sendable, Equatable {
        /// The step's offered rate, requests per second; in a concurrency sweep, its throughput.
        public var rate: Double
        /// A concurrency sweep's workers at the knee; `nil` in a rate search.
        @ExplicitNull public var concurrency: Int? = nil
        /// ``p99`` in nanoseconds, as the report stores it.
        package var p99Nanoseconds: UInt64
        /// How far below the straight line the knee lies, in the scaled units (0 to 1); `nil` in
        /// reports from before Kneedle, whose knee was the largest bend of log p99 over log rate.
        @ExplicitNull public var difference: Double? = nil

        /// Its corrected p99.
        public var p99: Duration {
            get { Duration(nanoseconds: p99Nanoseconds) }
            set { p99Nanoseconds = newValue.nanoseconds }
        }

        /// A knee at `rate` (and `concurrency`, in a sweep).
        public init(rate: Double, concurrency: Int? = nil, p99: Duration, difference: Double?) {
            self.init(rate: rate, concurrency: concurrency, p99Nanoseconds: p99.nanoseconds, difference: difference)
        }

        /// The same, with its durations in the units the report stores.
        package init(rate: Double, concurrency: Int?, p99Nanoseconds: UInt64, difference: Double?) {
            self.rate = rate
            self.concurrency = concurrency
            self.p99Nanoseconds = p99Nanoseconds
            self.difference = difference
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
