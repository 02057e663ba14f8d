import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The delegate of every session Courier sends through on its own terms: it ends authentication
/// challenges and hands redirects back to ``URLSessionTransport``, which follows them by
/// ``Redirects``' rules.
///
/// **Challenges.** Without a delegate that answers them, swift-corelibs-foundation (Linux, Windows)
/// suspends forever a task that got a 401 whose `WWW-Authenticate` offers `Basic` and no stored
/// credential; not even its request timeout fires (swift-corelibs-foundation#5456, fixed after Swift
/// 6.3.1). There the only answer that ends the task is to cancel it, so this records the 401, by task,
/// for the transport to claim and return in place of the unrequested `URLError(.cancelled)`. Apple's
/// Foundation completes such a task with the 401 and its body by default, which is what it is asked
/// to do there. Credentials, when an API needs them, belong in the request's headers.
///
/// **Redirects.** Foundation on Linux follows a 307 or 308 with the method but without the body;
/// declining the redirect returns the 3xx response itself, and the transport sends the next request.
final class SessionDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    /// 401 responses of declined challenges not yet claimed, by task identifier.
    private let declined = Mutex<[Int: HTTPResponse]>([:])

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(FoundationNetworking)
        // A challenge comes only with a 401; when Foundation omits it, that is the status to report.
        let response = (challenge.failureResponse as? HTTPURLResponse).map(HTTPResponse.init) ?? HTTPResponse(statusCode: 401)
        declined.withLock { $0[task.taskIdentifier] = response }
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

    /// The 401 a declined challenge ended task `identifier` with, if one did; claimed once.
    func claimDeclinedResponse(task identifier: Int) -> HTTPResponse? {
        declined.withLock { $0.removeValue(forKey: identifier) }
    }
}
