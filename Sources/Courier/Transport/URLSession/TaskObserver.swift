import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// Watches one request's task as its bytes come in, for the two things `URLSession.data(for:)`
/// loses on Linux: the body of a 401 whose challenge was declined (the task ends cancelled, its body
/// unreported), and whether a failed transfer was a body cut short (reported as `URLError(.unknown)`
/// with libcurl's words, not a code); and for the two things URLSession does not check anywhere:
/// framing that contradicts itself and a body larger than the request's maximum. It cancels the task
/// on either, as soon as the head or the byte that breaks the limit arrives, and keeps the reason
/// for the transport to throw in place of the cancellation.
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
        var rejection: (any Error & Sendable)?
    }

    private let state = Mutex(State())
    private let maximumBodySize: Int

    /// An observer of a task whose body may hold at most `maximumBodySize` bytes (decompressed).
    init(maximumBodySize: Int) {
        self.maximumBodySize = maximumBodySize
    }

    /// Why the observer cancelled the task, if it did: a ``ResponseFramingError`` or a
    /// ``ResponseTooLargeError``.
    var rejection: (any Error)? { state.withLock { $0.rejection } }

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
        let http = response as? HTTPURLResponse
        let rejection = http.flatMap(Self.refusal(of:))
        state.withLock { state in
            state.task = dataTask.taskIdentifier
            state.response = http
            state.received = 0
            state.unauthorizedBody = Data()
            state.rejection = rejection
        }
        completionHandler(rejection == nil ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let exceeded = state.withLock { state in
            state.received += Int64(data.count)
            guard state.received <= maximumBodySize else {
                state.rejection = state.rejection ?? ResponseTooLargeError(.body(limit: maximumBodySize))
                return true
            }
            if state.response?.statusCode == 401 { state.unauthorizedBody.append(data) }
            return false
        }
        if exceeded { dataTask.cancel() }
    }

    /// Why a response with this head must be refused before its body: framing that contradicts
    /// itself. Foundation joins repeated fields, so two `Content-Length`s arrive as one list. (Its
    /// size is judged by the bytes that come, not by what the head announces.)
    static func refusal(of response: HTTPURLResponse) -> (any Error & Sendable)? {
        do {
            try ResponseFramingError.check(
                contentLengths: response.value(forHTTPHeaderField: "Content-Length").map { [$0] } ?? [],
                hasTransferEncoding: response.value(forHTTPHeaderField: "Transfer-Encoding") != nil
            )
            return nil
        } catch {
            return error
        }
    }
}
