import CourierFixtures
import Foundation

/// What the fixture server does when a path is requested: the response it sends, after how long, and
/// how it misbehaves.
///
/// ```swift
/// let routes: [String: FixtureRoute] = [
///     "/movies": .payload(.list100),
///     "/flaky": .json(#"{"error":"busy"}"#, status: 503).with(headers: ["Retry-After": "1"]),
///     "/slow": .payload(.tinyObject).with(delay: .fixed(.milliseconds(200))),
///     "/cut": .payload(.list100).with(fault: .closeMidBody),
/// ]
/// ```
public struct FixtureRoute: Sendable, Equatable {
    /// The status code sent.
    public var status: Int
    /// Header fields sent besides `Content-Length` (always computed) and `Connection`, in order.
    public var headers: FixtureHeaders
    /// The body sent; omitted for `HEAD`.
    public var body: Data
    /// How long the server waits before it answers.
    public var delay: FixtureDelay
    /// How the server misbehaves instead of answering plainly, if it does.
    public var fault: FixtureFault?
    /// The workers the route's requests queue for, if any: the answer comes when a request's turn
    /// is over (a `delay` adds to it).
    public var capacity: FixtureCapacity?
    /// Whether the body describes the request instead: `{"method":"POST","bodyLength":5,"body":"hello",
    /// "headers":{"host":"x",…}}` (the body as UTF-8 text, invalid bytes replaced; the header fields by
    /// lowercased name), with `"authorization"` when the request carried one. `body` is then ignored.
    public var echoesRequest: Bool
    /// The `Authorization` a request must carry to get this route's answer, if any; see
    /// ``requiring(authorization:challenges:)``.
    public var requirement: AuthorizationRequirement?

    /// The credential a route accepts, and what it answers without it.
    public struct AuthorizationRequirement: Sendable, Equatable {
        /// The `Authorization` value accepted, compared exactly.
        public var authorization: String
        /// The `WWW-Authenticate` challenges of the 401 every other request gets.
        public var challenges: [String]
    }

    /// A route with exactly these parts.
    public init(
        status: Int = 200,
        headers: FixtureHeaders = [:],
        body: Data = Data(),
        delay: FixtureDelay = .none,
        fault: FixtureFault? = nil,
        echoesRequest: Bool = false
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.fault = fault
        self.echoesRequest = echoesRequest
        requirement = nil
        capacity = nil
    }

    /// A JSON body with this status.
    public static func json(_ body: Data, status: Int = 200) -> FixtureRoute {
        FixtureRoute(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    /// A JSON text with this status.
    public static func json(_ text: String, status: Int = 200) -> FixtureRoute {
        json(Data(text.utf8), status: status)
    }

    /// The deterministic fixture payload of `shape`, the same bytes the decode scenarios read.
    public static func payload(_ shape: PayloadShape) -> FixtureRoute {
        json(Payload.make(shape).json)
    }

    /// An error status with a `Retry-After` of `seconds`, as rate limiters (429) and overloaded
    /// services (503) answer.
    public static func retryAfter(status: Int, seconds: Int) -> FixtureRoute {
        json(#"{"error":"retry later"}"#, status: status).with(headers: ["Retry-After": "\(seconds)"])
    }

    /// 401 with one `WWW-Authenticate` field per challenge, in order, and a JSON error body. Some
    /// HTTP stacks answer a challenge by retrying with credentials; a client without any must still
    /// end the call, and still see the body.
    public static func unauthorized(challenges: [String] = [#"Basic realm="courier-fixtures""#]) -> FixtureRoute {
        var route = json(#"{"error":"unauthorized","detail":"the credentials are missing or expired"}"#, status: 401)
        for challenge in challenges {
            route.headers = route.headers.adding("WWW-Authenticate", challenge)
        }
        return route
    }

    /// A redirect with `status` (301, 302, 303, 307 or 308) to `location`.
    public static func redirect(status: Int, to location: String) -> FixtureRoute {
        FixtureRoute(status: status, headers: ["Location": location])
    }

    /// A JSON description of each request it gets: method, body length, body, header fields and
    /// `Authorization`.
    /// The target of the redirect routes, to show what a client sent after following one.
    public static func echo() -> FixtureRoute {
        FixtureRoute(headers: ["Content-Type": "application/json"], echoesRequest: true)
    }

    /// `bytes` of a body that is not JSON, to see what a client does with far more than it expected.
    public static func huge(bytes: Int) -> FixtureRoute {
        FixtureRoute(headers: ["Content-Type": "application/octet-stream"], body: Data(repeating: UInt8(ascii: "x"), count: max(0, bytes)))
    }

    /// This route for requests whose `Authorization` is exactly `authorization`; any other request
    /// gets ``unauthorized(challenges:)``: a protected resource, for auth-refresh tests against a real
    /// server.
    public func requiring(authorization: String, challenges: [String] = [#"Basic realm="courier-fixtures""#]) -> FixtureRoute {
        var route = self
        route.requirement = AuthorizationRequirement(authorization: authorization, challenges: challenges)
        return route
    }

    /// This route with `headers` added (replacing fields of the same name).
    public func with(headers extra: [String: String]) -> FixtureRoute {
        var route = self
        route.headers = headers.merging(extra)
        return route
    }

    /// This route answering after `delay`.
    public func with(delay: FixtureDelay) -> FixtureRoute {
        var route = self
        route.delay = delay
        return route
    }

    /// This route served by `capacity`'s workers: its requests queue for them.
    public func with(capacity: FixtureCapacity) -> FixtureRoute {
        var route = self
        route.capacity = capacity
        return route
    }

    /// This route misbehaving as `fault` says.
    public func with(fault: FixtureFault) -> FixtureRoute {
        var route = self
        route.fault = fault
        return route
    }
}

/// How long the fixture server waits before answering. The wait is a timer in the event loop, so a
/// delayed response holds no thread and other connections are served meanwhile.
public enum FixtureDelay: Sendable, Equatable {
    /// Answers at once.
    case none
    /// Always waits this long.
    case fixed(Duration)
    /// Waits a uniformly random time in this range, drawn per request.
    case random(ClosedRange<Duration>)

    /// The wait for one request, in nanoseconds.
    func nanoseconds<Generator: RandomNumberGenerator>(using generator: inout Generator) -> UInt64 {
        switch self {
        case .none: 0
        case .fixed(let duration): duration.nanoseconds
        case .random(let range): UInt64.random(in: range.lowerBound.nanoseconds...range.upperBound.nanoseconds, using: &generator)
        }
    }
}

extension Duration {
    /// Whole nanoseconds, 0 for negative durations.
    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        return UInt64(seconds) &* 1_000_000_000 &+ UInt64(attoseconds / 1_000_000_000)
    }
}

/// Ways the fixture server misbehaves at the transport level, each a failure a client meets in
/// production. (Error statuses such as 429 and 503 are ordinary responses: see ``FixtureRoute``.)
public enum FixtureFault: Sendable, Equatable {
    /// Reads the request, then resets the connection (TCP RST) without a byte of response.
    case resetBeforeResponse
    /// Reads the request, then closes the connection (an orderly FIN) without a byte of response:
    /// what a server that crashed or restarted mid-request looks like. On a kept-alive connection
    /// this is the moment a client must not silently send the request again.
    case closeWithoutResponse
    /// Sends the head with the full `Content-Length` and half the body, then closes the connection.
    case closeMidBody
    /// Sends the head at once, then the body `chunkBytes` at a time, one chunk every `interval`.
    case slowDrip(chunkBytes: Int, interval: Duration)
    /// Sends the status line at once and the header fields and body only after `delay`: a server
    /// that starts answering and then stalls before its head is complete.
    case slowHeaderFields(delay: Duration)
    /// Sends a line that is not an HTTP status line, then closes the connection.
    case garbageStatusLine
    /// Sends these bytes as they are, in place of the response, then closes the connection: a
    /// hostile server's answer, framed as no honest server frames one (two `Content-Length` fields,
    /// a chunk size that is not hexadecimal, a header field larger than a client keeps, …).
    case rawResponse(Data)
}

/// A fixed number of workers, each taking a fixed time per request, that a route's requests queue
/// for: a server whose true capacity is known, `workers ÷ serviceTime` requests a second, and whose
/// latency climbs as a queue beyond it — the ground truth a capacity search is checked against.
///
/// ```swift
/// let route = FixtureRoute.payload(.tinyObject).with(capacity: FixtureCapacity(workers: 4, serviceTime: .milliseconds(10)))
/// // 400 requests a second; at 500 a second the queue grows by 100 every second.
/// ```
///
/// The workers are virtual: the server's one thread computes when each request's turn ends and
/// answers it then with a timer, first come first served, so they cost no thread and serving stays
/// exact however many there are.
public struct FixtureCapacity: Sendable, Equatable {
    /// Requests served at once; at least 1.
    public var workers: Int
    /// How long each request occupies its worker.
    public var serviceTime: Duration
    /// The pool of workers the route shares with the other routes naming it, each request taking a
    /// worker for its own route's service time; `nil` for workers of the route's own. The routes of a
    /// pool name the same number of workers; the first request's route makes the pool.
    public var pool: String?

    /// `α` of the Universal Scalability Law: with `n` requests in service (this one included),
    /// each takes `serviceTime × (1 + α(n − 1) + βn(n − 1))`. 0 unless set.
    public var contention: Double
    /// `β` of the same law: the cost of every pair of requests in service. 0 unless set.
    public var coherency: Double

    /// `workers` workers of `serviceTime` each, the route's own or those of `pool`.
    public init(workers: Int, serviceTime: Duration, pool: String? = nil) {
        self.init(workers: workers, serviceTime: serviceTime, contention: 0, coherency: 0, pool: pool)
    }

    /// Workers whose service time grows with the requests in service as the Universal Scalability
    /// Law says: a closed loop of `N` clients, with workers to spare, gets `γN / (1 + α(N − 1) +
    /// βN(N − 1))` requests a second, `γ = 1 / serviceTime` — a server whose `α` and `β` a fit must
    /// recover. Negative coefficients count as 0.
    ///
    /// ```swift
    /// let law = FixtureCapacity(workers: 1_000, serviceTime: .milliseconds(10), contention: 0.05, coherency: 0.002)
    /// // 100 requests a second at N = 1, a peak of 740 at N ≈ 22, fewer beyond.
    /// ```
    public init(workers: Int, serviceTime: Duration, contention: Double, coherency: Double, pool: String? = nil) {
        self.workers = max(1, workers)
        self.serviceTime = serviceTime
        self.contention = contention.isFinite ? max(0, contention) : 0
        self.coherency = coherency.isFinite ? max(0, coherency) : 0
        self.pool = pool
    }

    /// How long one request takes with `inService` requests in service, itself included.
    func serviceNanoseconds(inService: Int) -> UInt64 {
        let base = serviceTime.nanoseconds
        guard contention > 0 || coherency > 0, inService > 1 else { return base }
        let n = Double(inService)
        let factor = 1 + contention * (n - 1) + coherency * n * (n - 1)
        let scaled = Double(base) * factor
        return scaled < 0x1p63 ? UInt64(scaled) : UInt64.max / 2
    }

    /// The true capacity: `workers ÷ serviceTime`, requests per second (infinite for a zero
    /// service time).
    public var requestsPerSecond: Double {
        let seconds = Double(serviceTime.nanoseconds) / 1e9
        return seconds > 0 ? Double(workers) / seconds : .infinity
    }

    /// The true capacity of one pool's workers for a mix of its routes, requests per second:
    /// `capacities[i]`'s share of the requests (`weights[i]`, any positive numbers, scaled to shares)
    /// takes its service time, so the workers finish `workers ÷ Σ shareᵢ · serviceTimeᵢ` a second.
    /// The workers are the first capacity's; `nil` for an empty mix or weights that do not match.
    public static func requestsPerSecond(of capacities: [FixtureCapacity], weights: [Double]) -> Double? {
        let total = weights.reduce(0, +)
        guard let first = capacities.first, capacities.count == weights.count, total > 0 else { return nil }
        let meanSeconds = zip(capacities, weights).reduce(0) { $0 + $1.1 / total * Double($1.0.serviceTime.nanoseconds) / 1e9 }
        return meanSeconds > 0 ? Double(first.workers) / meanSeconds : .infinity
    }
}
