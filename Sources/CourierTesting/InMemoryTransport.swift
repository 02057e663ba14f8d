import Courier
import Foundation

/// A transport that answers with a function, never touching the network or URLSession.
///
/// In tests it serves a ``StubServer``'s routes; in benchmarks it isolates the cost of the client
/// layer from that of any HTTP stack.
public struct InMemoryTransport: Transport {
    private let answer: @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)

    /// A transport whose every answer comes from `answer`.
    public init(_ answer: @escaping @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)) {
        self.answer = answer
    }

    /// A transport that gives every request the same answer.
    public static func constant(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), body: Data) -> InMemoryTransport {
        let response = HTTPResponse(statusCode: status, headers: headers)
        return InMemoryTransport { _ in (response, body) }
    }

    /// Answers `request` with the function given at creation.
    public func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        try await answer(request)
    }
}
