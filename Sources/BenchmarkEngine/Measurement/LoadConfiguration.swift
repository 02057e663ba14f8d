/// How a load run drives requests: how many at once, at what rate, for how long.
public struct LoadConfiguration: Sendable, Equatable {
    /// Workers sending at once; in a closed loop each sends its next request when the last one ends.
    public var concurrency: Int
    /// Requests per second to start, spread evenly (an open loop); `nil` for a closed loop.
    public var rate: Double?
    /// The most requests to send; the run also ends at `durationNanoseconds`, whichever comes first.
    public var maximumRequests: Int?
    /// How long to send requests. Requests in flight at the end are waited for, not cut off.
    public var durationNanoseconds: UInt64
    /// Requests sent first and not measured.
    public var warmupRequests: Int

    /// A configuration with these settings.
    public init(concurrency: Int, rate: Double? = nil, maximumRequests: Int? = nil, durationNanoseconds: UInt64, warmupRequests: Int = 0) {
        self.concurrency = concurrency
        self.rate = rate
        self.maximumRequests = maximumRequests
        self.durationNanoseconds = durationNanoseconds
        self.warmupRequests = warmupRequests
    }
}

/// How one request ended, as the load runner counts it.
public enum RequestOutcome: Sendable, Equatable {
    /// The request succeeded.
    case success
    /// The request failed; the class names the kind of failure (`badStatus(503)`, `timeout`, …).
    case failure(String)
}
