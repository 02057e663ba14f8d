import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default transport: Foundation's `URLSession`, on Courier's terms wherever Courier can set
/// them.
///
/// **On Courier's terms** (a session without a delegate, such as `.shared` or one made with
/// `URLSession(configuration:)`, or a transport made with ``init(configuration:budget:)``): requests go
/// through a session Courier made from the same configuration, with a delegate of its own, so that
///
/// - a 401 always ends the call and keeps its body, whatever `WWW-Authenticate` offers (on Linux,
///   Foundation 6.3.1 otherwise suspends a call challenged with `Basic` forever);
/// - redirects follow ``Redirects``' rules, the same as `CurlTransport`'s (Foundation on Linux drops
///   the body of a 307 or 308);
/// - a body cut short fails with `URLError(.networkConnectionLost)`, as on Apple platforms and over
///   curl (Foundation on Linux says `.unknown`);
/// - the body is collected by that delegate, not by `data(for:)`, so that one past the request's
///   ``HTTPRequest/maximumResponseBodySize`` fails as ``ResponseTooLargeError`` at that byte instead of
///   being buffered whole, and framing that contradicts itself fails as ``ResponseFramingError``.
///   (On Linux, Foundation's libcurl loop may still inflate a compressed body to its end before the
///   cancellation reaches it; what it delivers meanwhile is dropped. `CurlTransport` stops at once.)
///
/// **A session with a delegate of its own** is used as it is: Courier cannot add its delegate
/// without taking the place of yours. Foundation's behaviour then stands, including, on Linux, a
/// call that never returns when a 401 offers `Basic` and your delegate does not answer the challenge,
/// and a body held to its maximum only once it has arrived whole.
/// Answer challenges in your delegate (`.cancelAuthenticationChallenge` ends the call with
/// `URLError(.cancelled)`, reported as ``APIError/Kind/cancelled``), or use ``TimeoutMiddleware``.
///
/// Cancelling the calling task stops the request and throws `URLError(.cancelled)`, which the client
/// reports as ``APIError/Kind/cancelled``.
public struct URLSessionTransport: Transport {
    /// The session requests go through: Courier's own unless the session given had a delegate.
    public let session: URLSession
    /// Courier's delegate of ``session``, or `nil` when the session's delegate is someone else's.
    private let delegate: SessionDelegate?
    /// The session given, kept alive while this transport sends through a session made from it.
    private let source: URLSession?
    /// The bytes of every response this transport's calls hold at once, when bounded.
    private let budget: ResponseMemoryBudget?

    /// A transport over `session`: over a session Courier makes from its configuration when it has
    /// no delegate, over `session` itself when it has one (see the type's documentation).
    ///
    /// Transports made from the same session share one session: make as many as you like.
    public init(session: URLSession = .shared) {
        budget = nil
        if let delegate = session.delegate as? SessionDelegate {
            (self.session, self.delegate, source) = (session, delegate, nil)
        } else if session.delegate == nil {
            (self.session, delegate) = DelegatedSessions.shared.session(for: session)
            source = session
        } else {
            (self.session, delegate, source) = (session, nil, nil)
        }
    }

    /// A transport over a new session with `configuration`, on Courier's terms.
    ///
    /// Each call makes a session (and its connections): make one transport and share it. With
    /// `budget`, the bodies its calls are collecting are held to it together (see
    /// ``ResponseMemoryBudget``); each is charged as its bytes arrive.
    public init(configuration: URLSessionConfiguration, budget: ResponseMemoryBudget? = nil) {
        self.budget = budget
        let delegate = SessionDelegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        self.delegate = delegate
        source = nil
    }

    /// Sends the request with `URLSession.data(for:delegate:)`, following redirects.
    public func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        guard delegate != nil else { return try await exchange(request) }
        // The session given must outlive the calls through the session made from it.
        defer { withExtendedLifetime(source) {} }
        return try await Redirects.follow(request) { try await exchange($0) }
    }

    /// One request and its answer: collected by Courier's delegate, which holds the body to the
    /// request's maximum as it arrives, or as Foundation gives it when the delegate is someone else's.
    private func exchange(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        let urlRequest = try URLRequest(request)
        if let delegate {
            return try await delegate.send(urlRequest, on: session, maximumBodySize: request.maximumResponseBodySize, budget: budget)
        }
        let (data, response) = try await session.data(for: urlRequest)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        if let refusal = TaskExchange.refusal(of: http) { throw refusal }
        return (HTTPResponse(http), data)
    }
}

extension HTTPResponse {
    /// The status and header fields of a Foundation response, in name order (Foundation keeps them in
    /// a dictionary, so that is the only stable one).
    init(_ http: HTTPURLResponse) {
        var headers = HTTPHeaders()
        let fields = http.allHeaderFields.map { (String(describing: $0.key), String(describing: $0.value)) }
        for (name, value) in fields.sorted(by: { $0.0 < $1.0 }) {
            headers.add(name: name, value: value)
        }
        self.init(statusCode: http.statusCode, headers: headers)
    }
}

extension URLRequest {
    /// The Foundation form of a request; throws `URLError(.badURL)` when the URL does not parse.
    public init(_ request: HTTPRequest) throws {
        guard let url = URL(string: request.url) else { throw URLError(.badURL) }
        self.init(url: url)
        httpMethod = request.method
        for field in request.headers {
            addValue(field.value, forHTTPHeaderField: field.name)
        }
        httpBody = request.body
    }
}
