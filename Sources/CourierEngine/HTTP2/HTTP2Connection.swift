#if COURIER_HTTP2
import CNGHTTP2
import Courier
import CourierHTTP1
import CourierSystem
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP/2 connection on a loop: an nghttp2 session over a socket the loop opened, after TLS
/// chose `h2` (or at once, with prior knowledge), carrying as many requests at once as streams as
/// the configuration and the server allow.
///
/// nghttp2 does the framing, HPACK, flow control and the protocol's checks (field names and
/// values, `:status`, `content-length` against DATA); the connection feeds it what the socket
/// reads, writes what it serializes, and turns what it reports into answers. Its windows are opened
/// wide at once, as h2load's are, so that WINDOW_UPDATE frames are rare; a response body is still
/// bounded by its request's limit, past which its stream is reset.
final class HTTP2Connection {
    let descriptor: Int32
    unowned let origin: Origin
    unowned let loop: EngineLoop
    private var wire: Wire
    private var session: OpaquePointer?
    /// The loop's memory for nghttp2, held for as long as the session lives.
    private let memory: HTTP2Memory
    private var input: ReadBuffer
    private var output: ReadBuffer
    /// What epoll watches the socket for.
    private var interest: UInt32 = Posix.readable | Posix.writable

    /// The streams in flight, each knowing its place; finished ones wait in `spare` for reuse.
    private(set) var streams: [HTTP2Stream] = []
    private var spare: [HTTP2Stream] = []
    /// The most streams in flight at once: the configuration's, lowered to the server's
    /// `SETTINGS_MAX_CONCURRENT_STREAMS` and, after a refusal, to what it took.
    private(set) var streamLimit: Int
    /// The server's GOAWAY: no new stream goes on this connection, and those above its last
    /// stream were not processed.
    private(set) var goAway: (code: UInt32, lastStreamID: Int32)?
    /// Why nghttp2 gave the connection up, from its error callback.
    var protocolError: String?
    private(set) var isClosed = false
    /// Whether the loop has this connection in its list to flush at the end of its turn.
    var awaitsFlush = false

    /// Times of the connection's opening, for its first request's metrics.
    private let opening: Opening
    let limits: HTTP1Limits

    /// Wire and request from `opening`; `nil` when nghttp2 cannot make a session.
    init?(opening: Opening, origin: Origin, loop: EngineLoop, limits: HTTP1Limits) {
        descriptor = opening.wire.descriptor
        wire = opening.wire
        self.origin = origin
        self.loop = loop
        self.opening = opening
        self.limits = limits
        streamLimit = max(1, loop.configuration.maximumStreamsPerConnection)
        input = ReadBuffer(capacity: 64 << 10)
        output = ReadBuffer(capacity: 64 << 10)
        memory = loop.http2Memory
        guard let session = HTTP2Session.make(for: self, memory: memory, maximumHeaderListBytes: limits.maximumHeaderBytes) else {
            return nil
        }
        self.session = session
    }

    deinit {
        if let session { nghttp2_session_del(session) }
    }

    /// Whether a request may start here now.
    var hasRoom: Bool {
        !isClosed && !isDraining && streams.count < streamLimit
    }

    /// Whether the connection takes no new stream and closes once its last one ends: the server
    /// went away, or the connection used up its stream ids (2^31, hours of a long run).
    var isDraining: Bool { goAway != nil || idsExhausted }
    private var idsExhausted = false

    // MARK: Requests

    /// Starts `submission` as a new stream. `opensConnection` for the request the connection was
    /// opened for, whose time began before it did.
    func start(_ submission: Submission, target: RequestTarget, started: UInt64, deadline: UInt64, opensConnection: Bool) {
        guard let session else { return loop.retry(submission) }
        let stream = spare.popLast() ?? HTTP2Stream()
        stream.take(submission, started: started, deadline: deadline, opensConnection: opensConnection)
        let provider =
            submission.request.body == nil
            ? nil : nghttp2_data_provider(source: nghttp2_data_source(ptr: nil), read_callback: HTTP2Session.readBody)
        let id = loop.http2Fields.submit(
            submission.request, target: target, acceptEncoding: loop.configuration.automaticDecompression, session: session,
            body: provider, stream: Unmanaged.passUnretained(stream).toOpaque())
        guard id > 0 else {
            _ = stream.reset()
            spare.append(stream)
            if id == NGHTTP2_ERR_STREAM_ID_NOT_AVAILABLE.rawValue {
                idsExhausted = true
                loop.stopsTakingStreams(self)
                return loop.retry(submission)
            }
            submission.continuation.resume(
                throwing: URLError(
                    .cannotLoadFromNetwork, userInfo: [NSLocalizedDescriptionKey: "HTTP/2: \(String(cString: nghttp2_strerror(id)))"]))
            return
        }
        stream.id = id
        stream.slot = streams.count
        streams.append(stream)
        loop.record(streamsInFlight: streams.count)
        if deadline != .max { loop.wake(at: deadline) }
        loop.flushSoon(self)
    }

    /// The stream `id`'s request, when it is still in flight.
    func stream(_ id: Int32) -> HTTP2Stream? {
        guard let session, let pointer = nghttp2_session_get_stream_user_data(session, id) else { return nil }
        return Unmanaged<HTTP2Stream>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Gives the stream up with `error` (a timeout, a cancellation, a body past its limit): it is
    /// answered at once, and the server told with RST_STREAM(CANCEL).
    func abandon(_ stream: HTTP2Stream, with error: any Error) {
        if let session, stream.id > 0 {
            nghttp2_submit_rst_stream(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), stream.id, NGHTTP2_CANCEL.rawValue)
            loop.flushSoon(self)
        }
        finish(stream, .failure(error))
    }

    /// Ends `stream` with `result`: answers its caller, and keeps the stream for the next request.
    func finish(_ stream: HTTP2Stream, _ result: Result<HTTPResponse, any Error>) {
        let answered: Bool
        if case .success = result { answered = true } else { answered = false }
        guard let (submission, body) = detach(stream, recording: answered ? .answered : .unanswered) else { return }
        switch result {
        case .success(let response): submission.continuation.resume(returning: (response, body))
        case .failure(let error): submission.continuation.resume(throwing: error)
        }
    }

    /// Ends `stream` without an answer: sent again when it may be (its request was not processed,
    /// or no byte of its answer came and it may run twice), once at most; failed with `error`
    /// otherwise.
    func retryOrFail(_ stream: HTTP2Stream, _ error: any Error, notProcessed: Bool) {
        guard let submission = stream.submission else { return }
        if !submission.isRetry, notProcessed || (stream.firstByte == 0 && submission.request.isIdempotent) {
            // Like a request withdrawn from an HTTP/1.1 connection, the attempt is not counted:
            // the request ends once, where it is answered.
            if let (again, _) = detach(stream, recording: nil) { loop.retry(again) }
        } else {
            finish(stream, .failure(error))
        }
    }

    private enum Ending {
        case answered, unanswered
    }

    /// Takes `stream` out of flight, records its metrics unless `recording` is nil, and keeps it
    /// for reuse: its request and the body that came.
    private func detach(_ stream: HTTP2Stream, recording: Ending?) -> (Submission, Data)? {
        guard stream.submission != nil else { return nil }
        let last = streams.removeLast()
        if last !== stream {
            streams[stream.slot] = last
            last.slot = stream.slot
        }
        if let session, stream.id > 0 { nghttp2_session_set_stream_user_data(session, stream.id, nil) }
        if let recording { loop.record(metrics(of: stream, finished: Posix.monotonicNanoseconds(), answered: recording == .answered)) }
        let body = stream.body.data
        guard let submission = stream.reset() else { return nil }
        spare.append(stream)
        loop.streamFinished(on: self)
        return (submission, body)
    }

    /// A stream the server refused (RST_STREAM(REFUSED_STREAM)): it promises it did not process
    /// it, so it goes again, and this connection carries no more streams at once than it did
    /// without the refused one.
    func refused(_ stream: HTTP2Stream) {
        streamLimit = max(1, min(streamLimit, streams.count - 1))
        retryOrFail(stream, HTTP2StreamError(code: HTTP2StreamError.refusedStream), notProcessed: true)
    }

    /// The server's GOAWAY: the loop stops giving this connection requests, and the streams above
    /// its last stream, which were not processed, go again when they may run twice.
    func wentAway(code: UInt32, lastStreamID: Int32) {
        goAway = (code, lastStreamID)
        loop.goAwayReceived(on: self, code: code)
    }

    /// The server's SETTINGS came: its stream limit applies from now on.
    func settingsReceived() {
        guard let session else { return }
        let advertised = nghttp2_session_get_remote_settings(session, NGHTTP2_SETTINGS_MAX_CONCURRENT_STREAMS)
        streamLimit = max(1, min(streamLimit, Int(clamping: advertised)))
        loop.streamFinished(on: self)
    }

    /// Expires the streams past their deadline; the earliest deadline left.
    func expire(now: UInt64) -> UInt64 {
        var next = UInt64.max
        for stream in streams.reversed() {
            if stream.deadline <= now {
                abandon(stream, with: URLError(.timedOut))
            } else {
                next = min(next, stream.deadline)
            }
        }
        return next
    }

    /// Cancels the stream of the request with ticket `id`; `false` when none is here.
    func cancel(_ id: UInt64) -> Bool {
        guard let stream = streams.first(where: { $0.submission?.ticket.id == id }) else { return false }
        abandon(stream, with: URLError(.cancelled))
        return true
    }

    // MARK: Events

    /// epoll says the socket is ready for `events`.
    func ready(_ events: UInt32) {
        if events & Posix.writable != 0 { flush() }
        if !isClosed, events & (Posix.readable | Posix.failed) != 0 { receive() }
    }

    /// Reads what has come and hands it to nghttp2, until the socket has no more.
    private func receive() {
        while !isClosed, let session {
            let space = input.freeSpace()
            switch wire.read(into: space) {
            case .bytes(let count):
                input.didWrite(count)
                let taken = input.unread.withMemoryRebound(to: UInt8.self) { nghttp2_session_mem_recv(session, $0.baseAddress, $0.count) }
                input.clear()
                if taken < 0 {
                    return end(Self.protocolError(protocolError ?? String(cString: nghttp2_strerror(Int32(taken)))))
                }
                loop.flushSoon(self)
                if count < space.count, !wire.hasBufferedInput { return }
            case .wouldBlock:
                return
            case .closed:
                return end(Connection.lost("the server closed the HTTP/2 connection", code: 0))
            case .failed(let code):
                if code == 0, wire.isSecure {
                    return end(Connection.lost("the HTTP/2 connection ended without TLS's closure alert", code: 0))
                }
                return end(Connection.lost("the HTTP/2 connection failed", code: code))
            }
        }
    }

    /// Writes what nghttp2 has to send, as much as the socket takes; watches for writability only
    /// when it takes no more. Closes the connection when neither side has more to say.
    func flush() {
        while !isClosed, let session {
            // Frames are gathered into one write, up to a bound, as h2load does.
            while output.count < 64 << 10 {
                var data: UnsafePointer<UInt8>?
                let count = nghttp2_session_mem_send(session, &data)
                if count < 0 {
                    return end(Self.protocolError(String(cString: nghttp2_strerror(Int32(count)))))
                }
                guard count > 0, let data else { break }
                output.append(UnsafeRawBufferPointer(start: data, count: count))
            }
            if output.isEmpty { break }
            while !output.isEmpty {
                switch wire.write(output.unread) {
                case .bytes(let count):
                    output.consume(count)
                case .wouldBlock:
                    watch(writable: true)
                    return
                case .closed:
                    return end(Connection.lost("the server closed the HTTP/2 connection", code: EPIPE))
                case .failed(let code):
                    return end(Connection.lost("the HTTP/2 connection failed", code: code))
                }
            }
        }
        guard !isClosed, let session else { return }
        watch(writable: false)
        if nghttp2_session_want_read(session) == 0, nghttp2_session_want_write(session) == 0 {
            // nghttp2 ended the session (a GOAWAY either way, or a protocol error it answered).
            end(protocolError.map(Self.protocolError) ?? Connection.lost("the HTTP/2 connection was shut down", code: 0))
        } else if isDraining, streams.isEmpty {
            end(Connection.lost("the HTTP/2 connection was drained", code: 0))
        }
    }

    private func watch(writable: Bool) {
        let wanted = Posix.readable | (writable ? Posix.writable : 0)
        guard wanted != interest else { return }
        interest = wanted
        loop.io.watch(descriptor, for: wanted, isNew: false)
    }

    // MARK: Ending

    /// The connection is over: each stream still in flight goes again when it may (no byte of its
    /// answer came and its request may run twice), or fails with its own failure or `error`; then
    /// the loop closes the socket.
    func end(_ error: any Error) {
        guard !isClosed else { return }
        isClosed = true
        // Each ending takes its stream out of `streams`: the loop runs over the streams as they were.
        for stream in streams.reversed() {
            if let failure = stream.failure {
                finish(stream, .failure(failure))
            } else if let goAway, stream.id > goAway.lastStreamID {
                goneAway(stream)
            } else {
                retryOrFail(stream, error, notProcessed: false)
            }
        }
        loop.close(self)
    }

    /// A stream above the last of a GOAWAY: not processed, and sent again only if it may run twice.
    func goneAway(_ stream: HTTP2Stream) {
        guard let goAway else { return }
        let error = HTTP2GoAwayError(code: goAway.code, lastStreamID: goAway.lastStreamID)
        if stream.submission?.request.isIdempotent == true {
            retryOrFail(stream, error, notProcessed: true)
        } else {
            finish(stream, .failure(error))
        }
    }

    /// Marks the connection closed and ends its session; its socket is the loop's to close.
    func markClosed() {
        isClosed = true
        if let session { nghttp2_session_del(session) }
        session = nil
        #if COURIER_OPENSSL
        wire.tls = nil
        #endif
    }

    /// The error of a connection nghttp2 gave up for a breach of the protocol, with its words.
    static func protocolError(_ words: String) -> URLError {
        URLError(.networkConnectionLost, userInfo: [NSLocalizedDescriptionKey: "HTTP/2 protocol error: \(words)"])
    }

    private func metrics(of stream: HTTP2Stream, finished: UInt64, answered: Bool) -> TransferMetrics {
        let opened = stream.opensConnection
        let firstByte = stream.firstByte
        let sent = stream.sent
        return TransferMetrics(
            connectionsOpened: opened ? 1 : 0,
            httpVersion: answered ? "2" : nil,
            nameLookup: opened ? .zero : nil,
            connect: opened && opening.connected > 0 ? .nanoseconds(opening.connected &- opening.connectStarted) : nil,
            tlsHandshake: opened && opening.secured > 0 ? .nanoseconds(opening.secured &- opening.connected) : nil,
            tlsSessionResumed: opened && opening.secured > 0 ? opening.resumedSession : nil,
            timeToFirstByte: firstByte > 0 && sent > 0 ? .nanoseconds(firstByte &- sent) : nil,
            transfer: firstByte > 0 ? .nanoseconds(finished &- firstByte) : nil,
            total: .nanoseconds(finished &- stream.started))
    }
}
#endif
