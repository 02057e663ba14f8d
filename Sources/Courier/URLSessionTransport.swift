import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The default transport: Foundation's `URLSession`.
///
/// Cancelling the calling task cancels the session's data task, which then fails with
/// `URLError(.cancelled)`, reported by the client as ``APIError/Kind/cancelled``.
///
/// It drives a completion-handler data task rather than `session.data(for:)`: on Linux, Foundation's
/// `data(for:)` cancels its data task from inside the Swift task's cancellation handler, which can
/// deadlock against the session's work queue finishing the same task
/// (swift-corelibs-foundation#5412). Here the data task is cancelled from outside the handler.
public struct URLSessionTransport: Transport {
    /// The session requests go through.
    public let session: URLSession

    /// A transport over `session`.
    public init(session: URLSession = .shared) {
        self.session = session
    }

    /// Sends the request with `URLSession.data(for:)`.
    public func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        let urlRequest = try URLRequest(request)
        let handle = DataTaskHandle()
        let (data, response) = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                handle.start(task)
            }
        } onCancel: {
            handle.cancel()
        }
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

/// The data task of one request, cancelled at most once, even before it starts.
private final class DataTaskHandle: Sendable {
    private struct State {
        var task: URLSessionDataTask?
        var isCancelled = false
    }

    private let state = Mutex(State())

    /// Starts `task`, or cancels it at once when the request was cancelled before it existed.
    func start(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.isCancelled
        }
        task.resume()
        if cancelled { task.cancel() }
    }

    /// Cancels the task on another thread: this runs inside a cancellation handler, where calling
    /// into URLSession can deadlock on Linux.
    func cancel() {
        let task = state.withLock { state in
            state.isCancelled = true
            return state.task
        }
        guard let task else { return }
        DispatchQueue.global().async { task.cancel() }
    }
}
