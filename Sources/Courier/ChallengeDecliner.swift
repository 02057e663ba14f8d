import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The delegate of the sessions ``URLSessionTransport`` makes itself: declines every authentication
/// challenge and keeps the 401 that carried it, so the transport can hand that 401 to the client.
///
/// Without a delegate that answers challenges, swift-corelibs-foundation (Linux, Windows) suspends a
/// task that got a 401 with `WWW-Authenticate` and no stored credential forever; not even its
/// request timeout fires (swift-corelibs-foundation#5456, fixed after Swift 6.3.1). There, declining
/// cancels the task, so the transport turns an unrequested `URLError(.cancelled)` back into the 401
/// recorded here. Apple's Foundation completes such a task with the 401 and never gets this far.
/// Credentials, when an API needs them, belong in the request's headers, which this does not touch.
final class ChallengeDecliner: NSObject, URLSessionTaskDelegate, Sendable {
    /// 401 responses of declined challenges not yet claimed, by request URL; a list, since
    /// concurrent requests to one URL are challenged alike.
    private let declined = Mutex<[String: [HTTPResponse]]>([:])

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        if let url = task.originalRequest?.url?.absoluteString {
            // A challenge comes only with a 401; when Foundation omits it, that is the status to report.
            let response = (challenge.failureResponse as? HTTPURLResponse).map(HTTPResponse.init) ?? HTTPResponse(statusCode: 401)
            declined.withLock { $0[url, default: []].append(response) }
        }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    /// The 401 a declined challenge ended a request to `url` with, if one did; claimed once.
    func claimDeclinedResponse(for url: String) -> HTTPResponse? {
        declined.withLock { pending in
            guard var responses = pending[url], !responses.isEmpty else { return nil }
            let response = responses.removeFirst()
            pending[url] = responses.isEmpty ? nil : responses
            return response
        }
    }
}
