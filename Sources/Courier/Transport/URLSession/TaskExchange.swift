import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request's task on a session with Courier's delegate: the response and body it collects as
/// they arrive, and the caller it answers, once.
///
/// The body is collected here rather than by `URLSession.data(for:)`, because that buffers every
/// byte libcurl hands it, decompressed, before anyone can look: a gzip bomb would fill memory in the
/// session. Here a body that passes the request's maximum ends the call at that byte, its bytes are
/// dropped, and the task is cancelled (libcurl, under Foundation, may still run on until the
/// cancellation reaches it, but what it delivers then is discarded).
///
/// It also puts right what Foundation on Linux gets wrong: the 401 of a declined challenge is
/// answered with its body (the task itself ends cancelled), a body cut short is
/// `URLError(.networkConnectionLost)` (Foundation says `.unknown`, with libcurl's words), framing
/// that contradicts itself is refused as ``ResponseFramingError``, and an HTTP/2 stream reset is
/// ``HTTP2StreamError``.
final class TaskExchange: Sendable {
    typealias Continuation = CheckedContinuation<(HTTPResponse, Data), any Error>

    private struct State {
        var continuation: Continuation?
        var response: HTTPURLResponse?
        var body = Data()
        var declined: HTTPResponse?
    }

    private let state: Mutex<State>
    private let maximumBodySize: Int
    /// The transport's budget, charged with each byte of body as it arrives, given back at the end.
    private let budget: ResponseMemoryBudget?

    /// An exchange that answers `continuation`, accepting at most `maximumBodySize` bytes of body,
    /// and no more than `budget` has left.
    init(maximumBodySize: Int, budget: ResponseMemoryBudget?, continuation: Continuation) {
        self.maximumBodySize = maximumBodySize
        self.budget = budget
        state = Mutex(State(continuation: continuation))
    }

    /// The response head arrived: refused when its framing contradicts itself.
    func receive(_ response: URLResponse) -> URLSession.ResponseDisposition {
        guard let http = response as? HTTPURLResponse else { return .allow }
        if let refusal = Self.refusal(of: http) {
            finish(.failure(refusal))
            return .cancel
        }
        state.withLock { state in
            state.response = http
            budget?.release(state.body.count)
            state.body = Data()
        }
        return .allow
    }

    /// Body bytes arrived; `false` once they pass the maximum, when the call has been answered and
    /// the task is to be cancelled.
    func receive(_ data: Data) -> Bool {
        let refusal = state.withLock { state -> ResponseTooLargeError? in
            guard state.continuation != nil else { return nil }
            guard data.count <= maximumBodySize - state.body.count else { return ResponseTooLargeError(.body(limit: maximumBodySize)) }
            if let budget, !budget.reserve(data.count) { return ResponseTooLargeError(.budget(limit: budget.limit)) }
            state.body.append(data)
            return nil
        }
        if let refusal { finish(.failure(refusal)) }
        return refusal == nil
    }

    /// The 401 of a challenge Courier's delegate declined: what the task's cancellation stands for.
    func decline(with response: HTTPResponse) {
        state.withLock { $0.declined = response }
    }

    /// The task ended, with `error` or without.
    func complete(with error: (any Error)?) {
        let (response, body, declined) = state.withLock { ($0.response, $0.body, $0.declined) }
        guard let error else {
            // A head is kept only once `receive(_:)` has judged its framing: no second look here.
            guard let response else { return finish(.failure(URLError(.badServerResponse))) }
            return finish(.success((HTTPResponse(response), body)))
        }
        if let declined { return finish(.success((declined, body))) }
        guard let error = error as? URLError, error.code == .unknown else { return finish(.failure(error)) }
        // What libcurl, under Foundation, reports only in words.
        let message = error.userInfo[NSLocalizedDescriptionKey] as? String ?? ""
        if let framing = ResponseFramingError(libcurlMessage: message) { return finish(.failure(framing)) }
        // Foundation's libcurl speaks HTTP/2 to servers that offer it by ALPN, with the same words.
        if let reset = HTTP2StreamError(libcurlMessage: message) { return finish(.failure(reset)) }
        if response == nil, let tooLarge = ResponseTooLargeError(libcurlMessageBeforeHead: message) { return finish(.failure(tooLarge)) }
        guard let response, Self.wasTruncated(response, received: body.count) else { return finish(.failure(error)) }
        finish(
            .failure(
                URLError(
                    .networkConnectionLost,
                    userInfo: [
                        NSUnderlyingErrorKey: error,
                        NSLocalizedDescriptionKey: "the connection closed before the whole body arrived",
                    ])))
    }

    /// Answers the caller, the first time only.
    private func finish(_ result: Result<(HTTPResponse, Data), any Error>) {
        let continuation = state.withLock { state in
            defer {
                state.continuation = nil
                budget?.release(state.body.count)
                state.body = Data()
            }
            return state.continuation
        }
        continuation?.resume(with: result)
    }

    /// Why a response with this head must be refused: framing that contradicts itself. Foundation
    /// joins repeated fields, so two `Content-Length`s arrive as one list. (Its size is judged by the
    /// bytes that come, not by what the head announces, which a `HEAD` announces without sending.)
    static func refusal(of response: HTTPURLResponse) -> ResponseFramingError? {
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

    /// Whether the response announced a `Content-Length` and fewer bytes came: the connection was
    /// lost mid-body. Unknowable for an encoded (compressed) body, whose decoded bytes are what is
    /// counted, so that is never called truncated.
    private static func wasTruncated(_ response: HTTPURLResponse, received: Int) -> Bool {
        guard response.expectedContentLength > 0 else { return false }
        let encoding = (response.value(forHTTPHeaderField: "Content-Encoding") ?? "identity").lowercased()
        return encoding == "identity" && Int64(received) < response.expectedContentLength
    }
}
