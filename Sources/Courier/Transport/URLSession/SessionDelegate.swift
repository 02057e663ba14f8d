import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate of every session Courier sends through on its own terms: it collects each task's
/// response and body into its ``TaskExchange`` (which holds the body to the request's maximum as it
/// arrives), ends authentication challenges, and hands redirects back to ``URLSessionTransport``,
/// which follows them by ``Redirects``' rules.
///
/// **Challenges.** Without a delegate that answers them, swift-corelibs-foundation (Linux, Windows)
/// suspends forever a task that got a 401 whose `WWW-Authenticate` offers `Basic` and no stored
/// credential; not even its request timeout fires (swift-corelibs-foundation#5456, fixed after Swift
/// 6.3.1). There the only answer that ends the task is to cancel it, so this records the 401 with the
/// task's exchange, which answers with it in place of the unrequested `URLError(.cancelled)`. Apple's
/// Foundation completes such a task with the 401 and its body by default, which is what it is asked
/// to do there. Credentials, when an API needs them, belong in the request's headers.
///
/// **Redirects.** Foundation on Linux follows a 307 or 308 with the method but without the body;
/// declining the redirect returns the 3xx response itself, and the transport sends the next request.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// The exchanges of the tasks in flight, by task identifier.
    private let exchanges = Mutex<[Int: TaskExchange]>([:])

    /// Sends `request` on `session` (whose delegate this is) and answers with its response and body.
    func send(
        _ request: URLRequest, on session: URLSession, maximumBodySize: Int, budget: ResponseMemoryBudget?
    ) async throws -> (HTTPResponse, Data) {
        let task = session.dataTask(with: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let exchange = TaskExchange(maximumBodySize: maximumBodySize, budget: budget, continuation: continuation)
                exchanges.withLock { $0[task.taskIdentifier] = exchange }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    private func exchange(of task: URLSessionTask) -> TaskExchange? {
        exchanges.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        completionHandler(exchange(of: dataTask)?.receive(response) ?? .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let exchange = exchange(of: dataTask), !exchange.receive(data) else { return }
        // Off the delegate queue: Foundation 6.3.1 can deadlock when a task is cancelled from its own
        // callback as it completes.
        DispatchQueue.global().async { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let exchange = exchanges.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        exchange?.complete(with: error)
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(FoundationNetworking)
        // A challenge comes only with a 401; when Foundation omits it, that is the status to report.
        let response = (challenge.failureResponse as? HTTPURLResponse).map(HTTPResponse.init) ?? HTTPResponse(statusCode: 401)
        exchange(of: task)?.decline(with: response)
        completionHandler(.cancelAuthenticationChallenge, nil)
        #else
        completionHandler(.performDefaultHandling, nil)
        #endif
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
