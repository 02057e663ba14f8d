import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default transport: Foundation's `URLSession`.
///
/// `session.data(for:)` stops when the calling task is cancelled and then throws
/// `URLError(.cancelled)`, which the client reports as ``APIError/Kind/cancelled``.
///
/// On Linux, a session whose delegate does not answer authentication challenges never completes a
/// request that got a 401 with `WWW-Authenticate` (a swift-corelibs-foundation bug). A transport made
/// with ``init(configuration:)`` owns its session and declines challenges, so such a 401 reaches the
/// client as ``APIError/Kind/badStatus(_:)`` on every platform; prefer it for servers you do not control.
public struct URLSessionTransport: Transport {
    /// The session requests go through.
    public let session: URLSession
    private let challenges: ChallengeDecliner?

    /// A transport over `session`, as it is configured.
    public init(session: URLSession = .shared) {
        self.session = session
        challenges = nil
    }

    /// A transport over a session of its own with `configuration`, which declines authentication
    /// challenges so that a 401 always ends the call.
    public init(configuration: URLSessionConfiguration) {
        let challenges = ChallengeDecliner()
        session = URLSession(configuration: configuration, delegate: challenges, delegateQueue: nil)
        self.challenges = challenges
    }

    /// Sends the request with `URLSession.data(for:)`.
    public func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: try URLRequest(request))
        } catch let error as URLError where error.code == .cancelled && !Task.isCancelled {
            guard let declined = challenges?.claimDeclinedResponse(for: request.url) else { throw error }
            return (declined, Data())
        }
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        return (HTTPResponse(http), data)
    }
}

extension HTTPResponse {
    /// The status and header fields of a Foundation response.
    init(_ http: HTTPURLResponse) {
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            headers.add(name: String(describing: name), value: String(describing: value))
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
