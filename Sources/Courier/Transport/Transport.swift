import Foundation

/// Sends one request and returns the response head and body.
///
/// The client's only way out: URLSession by default (``URLSessionTransport``), an in-memory transport
/// in tests and benchmarks, or any other HTTP stack. A transport throws for failures to get an answer
/// (and `CancellationError` or `URLError(.cancelled)` when its task is cancelled); it does not judge
/// status codes, the client does.
public protocol Transport: Sendable {
    /// Sends `request` and returns what the server answered.
    func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data)
}
