#if os(Linux)
import Courier
import CourierHTTP1
import CourierSystem
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP/1.1 connection on a loop, and the request it carries: opened, secured, written to,
/// read from and closed on the loop's thread alone.
///
/// Its buffers are allocated when it opens and kept for its life: the request is written into an
/// output buffer that keeps its capacity, the response read into an input buffer and parsed there
/// in place, so a kept-alive connection allocates nothing of its own per request.
final class Connection {
    enum State {
        case connecting, handshaking, idle, writing, reading, closed
    }

    let descriptor: Int32
    unowned let origin: Origin
    private unowned let loop: EngineLoop
    private(set) var state = State.connecting
    /// Which of the origin's addresses this connection tried.
    let addressIndex: Int
    /// Whether the loop waits for this connection's protocol (HTTP/2 by ALPN or not) before
    /// opening another to its origin.
    var awaitsProtocol = false
    /// Requests answered on this connection: a request on a connection that has answered others
    /// may find it closed by the server in between.
    private(set) var requestsServed = 0
    /// What epoll watches the socket for.
    private var interest: UInt32 = Posix.readable | Posix.writable

    private var input: ReadBuffer
    private var output: [UInt8] = []
    private var written = 0
    private var wire: Wire
    private var parser: HTTP1ResponseParser
    private let limits: HTTP1Limits

    /// The request on this connection and what has come of it so far.
    private(set) var submission: Submission?
    /// When the request (or, while connecting, the connection) must be done, monotonic nanoseconds.
    private(set) var deadline = UInt64.max
    private var exchange = ExchangeProgress()
    private var inflater: Inflater?
    private var chunks = HTTP1ChunkedDecoder()

    /// Times of this connection's opening, for the first request's metrics.
    private var connectStarted: UInt64 = 0
    private var connected: UInt64 = 0
    private var secured: UInt64 = 0
    private var resumedSession: Bool?

    init(descriptor: Int32, origin: Origin, loop: EngineLoop, addressIndex: Int, limits: HTTP1Limits) {
        self.descriptor = descriptor
        self.origin = origin
        self.loop = loop
        self.addressIndex = addressIndex
        parser = HTTP1ResponseParser(limits: limits)
        self.limits = limits
        chunks = HTTP1ChunkedDecoder(limits: limits)
        input = ReadBuffer(capacity: 16 << 10)
        wire = Wire(descriptor: descriptor)
    }

    var isBusy: Bool { submission != nil }

    // MARK: Opening

    /// Starts connecting to `address` for `submission`, whose bytes are written once connected.
    func connect(to address: Posix.SocketAddress, for submission: Submission, target: RequestTarget, now: UInt64) {
        connectStarted = now
        assign(submission, target: target, now: now, opening: true)
        switch Posix.connect(descriptor, to: address) {
        case .connected: didConnect()
        case .inProgress: break
        case .failed(let code): loop.connectFailed(self, code: code)
        }
    }

    private func didConnect() {
        connected = Posix.monotonicNanoseconds()
        #if COURIER_OPENSSL
        if origin.isSecure {
            guard let context = loop.tls,
                let stream = TLSStream(context: context, descriptor: descriptor, host: origin.host, session: origin.session)
            else {
                fail(URLError(.secureConnectionFailed, userInfo: [NSLocalizedDescriptionKey: "TLS: \(OpenSSLErrorQueue.take())"]))
                return
            }
            wire.tls = stream
            state = .handshaking
            handshake()
            return
        }
        #endif
        if loop.protocolChosen(on: self, http2: loop.configuration.httpVersion == .http2PriorKnowledge) { return }
        startWriting()
    }

    #if COURIER_OPENSSL
    private func handshake() {
        guard let tls = wire.tls else { return }
        switch tls.handshake() {
        case .done:
            secured = Posix.monotonicNanoseconds()
            resumedSession = tls.resumedSession
            if loop.protocolChosen(on: self, http2: tls.negotiatedHTTP2) { return }
            startWriting()
        case .wait(let wantsWrite):
            watch(writable: wantsWrite)
        case .failed(let error):
            fail(error)
        case .closedCleanly, .closedUncleanly:
            fail(
                URLError(
                    .secureConnectionFailed,
                    userInfo: [NSLocalizedDescriptionKey: "TLS: the server closed the connection during the handshake"]))
        }
    }
    #endif

    // MARK: Requests

    /// Takes `submission` on this idle connection and sends it at once.
    func send(_ submission: Submission, target: RequestTarget, now: UInt64) {
        assign(submission, target: target, now: now, opening: false)
        startWriting()
    }

    private func assign(_ submission: Submission, target: RequestTarget, now: UInt64, opening: Bool) {
        self.submission = submission
        loop.record(streamsInFlight: 1)
        exchange = ExchangeProgress(started: now, opensConnection: opening)
        let configuration = loop.configuration
        let timeout = configuration.timeout.map { now &+ $0.nanoseconds } ?? .max
        let connectTimeout = opening ? configuration.connectTimeout.map { now &+ $0.nanoseconds } ?? .max : .max
        deadline = min(timeout, connectTimeout)
        exchange.requestDeadline = timeout
        output.removeAll(keepingCapacity: true)
        written = 0
        let asksForEncoding = configuration.automaticDecompression
        RequestEncoder.encode(submission.request, target: target, acceptEncoding: asksForEncoding, lines: &loop.requestLines, into: &output)
        exchange.requestWasHEAD = submission.request.method == "HEAD"
        if deadline != .max { loop.wake(at: deadline) }
    }

    private func startWriting() {
        state = .writing
        exchange.readyToSend = Posix.monotonicNanoseconds()
        if deadline != exchange.requestDeadline {
            // Connected: the rest is the request's own time.
            deadline = exchange.requestDeadline
            if deadline != .max { loop.wake(at: deadline) }
        }
        flush()
    }

    /// Writes what the socket takes; watches for writability only when it takes no more.
    private func flush() {
        while written < output.count {
            let result = output.withUnsafeBytes { bytes in wire.write(UnsafeRawBufferPointer(rebasing: bytes[written...])) }
            switch result {
            case .bytes(let count):
                written += count
            case .wouldBlock:
                watch(writable: true)
                return
            case .closed:
                connectionEnded(clean: false, code: EPIPE)
                return
            case .failed(let code):
                connectionEnded(clean: false, code: code)
                return
            }
        }
        state = .reading
        watch(writable: false)
    }

    private func watch(writable: Bool) {
        let wanted = Posix.readable | (writable ? Posix.writable : 0)
        guard wanted != interest else { return }
        interest = wanted
        loop.io.watch(descriptor, for: wanted, isNew: false)
    }

    // MARK: Events

    /// epoll says the socket is ready for `events`.
    func ready(_ events: UInt32) {
        switch state {
        case .connecting:
            let code = Posix.connectionError(descriptor)
            if code == 0 {
                state = .handshaking
                didConnect()
            } else {
                loop.connectFailed(self, code: code)
            }
        case .handshaking:
            #if COURIER_OPENSSL
            handshake()
            #endif
        case .idle:
            // A kept-alive connection has nothing to say until asked: the server closed it, or
            // sent bytes no request asked for. Either way it cannot carry another request.
            loop.close(self)
        case .writing:
            if events & Posix.writable != 0 { flush() }
            if state == .writing || state == .reading, events & (Posix.readable | Posix.failed) != 0 { receive() }
        case .reading:
            receive()
        case .closed:
            break
        }
    }

    /// Reads what has arrived and parses it, until the socket has no more or the response is done.
    private func receive() {
        while submission != nil {
            var space = input.freeSpace()
            if space.isEmpty {
                // A head larger than the buffer (the body is taken as it comes): room up to the
                // head's limit, beyond which the parser refuses it.
                input.grow(to: input.capacity * 2)
                space = input.freeSpace()
            }
            let result = wire.read(into: space)
            switch result {
            case .bytes(let count):
                input.didWrite(count)
                if exchange.firstByte == 0 { exchange.firstByte = Posix.monotonicNanoseconds() }
                process()
                if count < space.count, !wire.hasBufferedInput { return }
            case .wouldBlock:
                return
            case .closed:
                connectionEnded(clean: true, code: 0)
                return
            case .failed(let code):
                connectionEnded(clean: false, code: code)
                return
            }
        }
    }

    // MARK: Responses

    private func process() {
        do {
            if exchange.head == nil {
                guard try parseHead() else { return }
            }
            try takeBody()
        } catch {
            fail(Self.clientError(error))
        }
    }

    /// Parses the head once it is whole; `false` while it is not.
    private func parseHead() throws -> Bool {
        while true {
            guard let head = try parser.parseHead(input.unread, requestWasHEAD: exchange.requestWasHEAD) else { return false }
            if head.status == 101 {
                throw URLError(.badServerResponse, userInfo: [NSLocalizedDescriptionKey: "the server switched protocols unasked (101)"])
            }
            if head.status < 200 {
                // An interim answer (100 Continue, 103 Early Hints): the real one follows.
                input.consume(head.headLength)
                continue
            }
            exchange.head = head
            exchange.response = HTTPResponse(statusCode: head.status, headers: headers(of: head))
            // Before the head's bytes are consumed: the coding is read from them.
            try prepareBody(for: head)
            input.consume(head.headLength)
            return true
        }
    }

    private func headers(of head: HTTP1ResponseHead) -> HTTPHeaders {
        var headers = HTTPHeaders()
        let fields = parser.fields
        headers.reserveCapacity(fields.count)
        let bytes = input.unread
        for field in fields {
            headers.add(
                name: String(decoding: UnsafeRawBufferPointer(rebasing: bytes[field.name]), as: UTF8.self),
                value: String(decoding: UnsafeRawBufferPointer(rebasing: bytes[field.value]), as: UTF8.self))
        }
        return headers
    }

    private func prepareBody(for head: HTTP1ResponseHead) throws {
        guard let request = submission?.request else { return }
        exchange.body = ResponseBody(limit: request.maximumResponseBodySize, budget: loop.budget)
        if case .length(let length) = head.framing, !exchange.requestWasHEAD { try exchange.body.expect(length: length) }
        if case .chunked = head.framing { chunks = HTTP1ChunkedDecoder(limits: limits) }
        if loop.configuration.automaticDecompression, !request.headers.contains("Accept-Encoding"), let coding = head.contentEncoding {
            let inflater = inflater ?? Inflater()
            self.inflater = inflater
            try exchange.body.decode(coding: UnsafeRawBufferPointer(rebasing: input.unread[coding]), with: inflater)
        }
    }

    private func takeBody() throws {
        guard let head = exchange.head else { return }
        switch head.framing {
        case .none:
            complete()
        case .length(let length):
            let take = min(length - exchange.bodyBytesRead, input.count)
            if take > 0 {
                try deliver(UnsafeRawBufferPointer(rebasing: input.unread.prefix(take)))
                input.consume(take)
                exchange.bodyBytesRead += take
            }
            if exchange.bodyBytesRead == length { complete() }
        case .chunked:
            let (consumed, finished) = try chunks.decode(input.unread) { try deliver($0) }
            input.consume(consumed)
            if finished { complete() }
        case .untilClose:
            if !input.isEmpty {
                try deliver(input.unread)
                input.consume(input.count)
            }
        }
    }

    /// Appends body bytes as they came, or inflated, within the request's limit and the budget.
    private func deliver(_ bytes: UnsafeRawBufferPointer) throws {
        try exchange.body.deliver(bytes, inflater: inflater)
    }

    /// The whole response is here: answers the caller and frees or closes the connection.
    private func complete() {
        guard let submission, let head = exchange.head, let response = exchange.response else { return }
        if let error = exchange.body.endError(inflater: inflater) {
            fail(error)
            return
        }
        let finished = Posix.monotonicNanoseconds()
        self.submission = nil
        deadline = .max
        exchange.body.release()
        requestsServed += 1
        loop.record(metrics(finished: finished, version: head.minorVersion == 0 ? "1.0" : "1.1"))
        let body = exchange.body.data
        exchange = ExchangeProgress()
        // Bytes after the response were not asked for (requests are not pipelined): the server
        // and this client disagree about where the response ended, and the connection is done.
        if head.keepAlive, input.isEmpty, head.framing != .untilClose {
            #if COURIER_OPENSSL
            if let tls = wire.tls, origin.session == nil, let session = tls.resumableSession() { origin.session = session }
            #endif
            state = .idle
            loop.connectionIsFree(self)
        } else {
            loop.close(self)
        }
        submission.continuation.resume(returning: (response, body))
    }

    // MARK: Failures

    /// The connection ended (`clean`: by a FIN, or TLS's closure alert) or failed with `code`.
    private func connectionEnded(clean: Bool, code: Int32) {
        guard submission != nil else {
            loop.close(self)
            return
        }
        if let head = exchange.head {
            if head.framing == .untilClose {
                if wire.isSecure, !clean {
                    fail(ResponseFramingError(.truncated))
                    return
                }
                if clean {
                    complete()
                    return
                }
            }
            fail(Self.lost("the connection closed before the end of the response body", code: code))
            return
        }
        if exchange.firstByte == 0, requestsServed > 0 {
            // A kept-alive connection the server had closed: the request never reached it, or it
            // did and was not answered. An idempotent request may go again (RFC 9110 §9.2.2).
            loop.lostBeforeAnswer(self, error: Self.lost("a kept-alive connection closed before any byte of the answer", code: code))
            return
        }
        if exchange.firstByte == 0, clean {
            fail(URLError(.badServerResponse, userInfo: [NSLocalizedDescriptionKey: "the server closed the connection without answering"]))
        } else if exchange.firstByte == 0 {
            fail(Self.lost("the connection failed before any byte of the answer", code: code))
        } else {
            fail(Self.lost("the connection closed before the end of the response head", code: code))
        }
    }

    /// Ends the request with `error` and closes the connection.
    func fail(_ error: any Error) {
        guard let submission else {
            loop.close(self)
            return
        }
        self.submission = nil
        deadline = .max
        exchange.body.release()
        loop.record(metrics(finished: Posix.monotonicNanoseconds(), version: nil))
        exchange = ExchangeProgress()
        loop.close(self)
        submission.continuation.resume(throwing: error)
    }

    /// Gives the socket, its TLS and the request to the HTTP/2 connection that takes over, and
    /// marks this one closed without closing the socket.
    func handOver() -> Opening {
        let opening = Opening(
            wire: wire, submission: submission, started: exchange.started, requestDeadline: exchange.requestDeadline,
            connectStarted: connectStarted, connected: connected, secured: secured, resumedSession: resumedSession)
        submission = nil
        exchange = ExchangeProgress()
        markClosed()
        return opening
    }

    /// Takes the request back, unanswered, to send it elsewhere; the connection is closed by the caller.
    func withdraw() -> Submission? {
        defer {
            submission = nil
            exchange.body.release()
            exchange = ExchangeProgress()
        }
        return submission
    }

    /// Marks the connection closed; its socket is the loop's to close.
    func markClosed() {
        state = .closed
        #if COURIER_OPENSSL
        wire.tls = nil
        #endif
    }

    static func lost(_ words: String, code: Int32) -> URLError {
        var userInfo: [String: Any] = [NSLocalizedDescriptionKey: words]
        if code > 0 { userInfo[NSUnderlyingErrorKey] = NSError.posix(code) }
        return URLError(.networkConnectionLost, userInfo: userInfo)
    }

    private func metrics(finished: UInt64, version: String?) -> TransferMetrics {
        let opened = exchange.opensConnection
        let firstByte = exchange.firstByte
        let ready = exchange.readyToSend
        return TransferMetrics(
            connectionsOpened: opened ? 1 : 0,
            httpVersion: version,
            nameLookup: opened ? .zero : nil,
            connect: opened && connected > 0 ? .nanoseconds(connected &- connectStarted) : nil,
            tlsHandshake: opened && secured > 0 ? .nanoseconds(secured &- connected) : nil,
            tlsSessionResumed: opened && secured > 0 ? resumedSession : nil,
            timeToFirstByte: firstByte > 0 && ready > 0 ? .nanoseconds(firstByte &- ready) : nil,
            transfer: firstByte > 0 ? .nanoseconds(finished &- firstByte) : nil,
            total: .nanoseconds(finished &- exchange.started))
    }
}

/// What an HTTP/2 connection takes over from the connection that opened its socket: the socket
/// and its TLS, the request it was opened for, and the times of its opening.
struct Opening {
    let wire: Wire
    let submission: Submission?
    /// When the request left the queue, and when it must be done (monotonic nanoseconds).
    let started: UInt64
    let requestDeadline: UInt64
    let connectStarted: UInt64
    let connected: UInt64
    /// When TLS was established, 0 in the clear.
    let secured: UInt64
    let resumedSession: Bool?
}

/// What has come of a connection's current request so far.
struct ExchangeProgress {
    var started: UInt64 = 0
    var opensConnection = false
    var requestDeadline = UInt64.max
    var requestWasHEAD = false
    var readyToSend: UInt64 = 0
    var firstByte: UInt64 = 0
    var head: HTTP1ResponseHead?
    var response: HTTPResponse?
    var body = ResponseBody()
    var bodyBytesRead = 0

    init() {}

    init(started: UInt64, opensConnection: Bool) {
        self.started = started
        self.opensConnection = opensConnection
    }
}

extension Duration {
    /// Whole nanoseconds, for deadlines on the monotonic clock.
    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        return UInt64(max(0, seconds)) &* 1_000_000_000 &+ UInt64(max(0, attoseconds) / 1_000_000_000)
    }
}
#endif
