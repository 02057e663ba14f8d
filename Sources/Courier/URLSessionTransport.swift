import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default transport: Foundation's `URLSession`.
///
/// `session.data(for:)` stops when the calling task is cancelled and then throws
/// `URLError(.cancelled)`, which the client reports as ``APIError/Kind/cancelled``.
public struct URLSessionTransport: Transport {
    /// The session requests go through.
    public let session: URLSession

    /// A transport over `session`.
    public init(session: URLSession = .shared) {
        self.session = session
    }

    /// Sends the request with `URLSession.data(for:)`.
    public func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        let (data, response) = try await session.data(for: try URLRequest(request))
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            headers.add(name: String(describing: name), value: String(describing: value))
        }
        return (HTTPResponse(statusCode: http.statusCode, headers: headers), data)
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
