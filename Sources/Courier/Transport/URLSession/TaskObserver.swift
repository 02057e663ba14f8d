import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// Watches one request's task as its bytes come in, for the two things `URLSession.data(for:)`
/// loses on Linux: the body of a 401 whose challenge was declined (the task ends cancelled, its body
/// unreported), and whether a failed transfer was a body cut short (reported as `URLError(.unknown)`
/// with libcurl's words, not a code).
///
/// Given to `data(for:delegate:)`; swift-corelibs-foundation reports a task's response and data to
/// such a delegate on the session's delegate queue. Apple's Foundation does not (it reports the same
/// failures with proper codes and keeps the 401's body), so there this stays empty and is not needed.
final class TaskObserver: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var task: Int?
        var response: HTTPURLResponse?
        var received: Int64 = 0
        var unauthorizedBody = Data()
    }

    private let state = Mutex(State())

    /// The identifier of the task observed, once it has a response.
    var taskIdentifier: Int? { state.withLock { $0.task } }

    /// The body received so far, when the response is a 401 (only then is it kept: other bodies
    /// reach the caller through `data(for:)`).
    var unauthorizedBody: Data { state.withLock { $0.unauthorizedBody } }

    /// Whether the response announced a `Content-Length` and fewer bytes came: the connection was
    /// lost mid-body. Unknowable for an encoded (compressed) body, whose decoded bytes are what is
    /// counted, so that is never called truncated.
    var wasTruncated: Bool {
        state.withLock { state in
            guard let response = state.response, response.expectedContentLength > 0 else { return false }
            let encoding = (response.value(forHTTPHeaderField: "Content-Encoding") ?? "identity").lowercased()
            return encoding == "identity" && state.received < response.expectedContentLength
        }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        state.withLock { state in
            state.task = dataTask.taskIdentifier
            state.response = response as? HTTPURLResponse
            state.received = 0
            state.unauthorizedBody = Data()
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        state.withLock { state in
            state.received += Int64(data.count)
            if state.response?.statusCode == 401 { state.unauthorizedBody.append(data) }
        }
    }
}
