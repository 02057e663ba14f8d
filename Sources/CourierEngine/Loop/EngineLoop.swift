#if os(Linux)
import Courier
import CourierEventLoop
import CourierHTTP1
import CourierSystem
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if COURIER_OPENSSL
import COpenSSL
#endif

/// What callers ask of an engine loop, in the order they asked.
enum EngineCommand: Sendable {
    /// Send a request.
    case submit(Submission)
    /// Stop the request with this id, wherever it is.
    case cancel(UInt64)
}

/// The driver of one engine loop: its connections, by descriptor and by origin, the requests
/// waiting for one, and their deadlines. Created on the loop's thread and never leaves it.
final class EngineLoop: EventLoopDriver {
    let io: EventLoopIO
    /// This loop's share of the transport's configuration.
    let configuration: EngineConfiguration
    let budget: ResponseMemoryBudget?
    #if COURIER_OPENSSL
    let tls: TLSContext?
    #endif
    private let tally: ConnectionTally
    private let limits = HTTP1Limits()

    /// Connections by descriptor, as wrk keeps them: an event finds its connection by index.
    private var connections: [Connection?] = []
    private var origins: [String: Origin] = [:]
    /// Requests waiting for a connection, in order of arrival.
    private var waiting: [Submission] = []
    private var openCount = 0
    /// Whether a connection freed up or closed since waiting requests were last looked at.
    private var slotsChanged = false
    /// The last URL's target and origin: a load sends the same URLs again and again.
    private var lastTarget: (target: RequestTarget, origin: Origin)?
    /// The request line and `Host` of the last request, as bytes.
    var requestLines = RequestLineCache()
    /// The most requests one connection of this loop carried at once, as last told to the tally.
    private var mostStreamsPerConnection = 0
    #if COURIER_HTTP2
    /// HTTP/2 connections by descriptor, beside the HTTP/1.1 ones.
    private var sessions: [HTTP2Connection?] = []
    /// HTTP/2 connections with frames to write, written once at the end of the loop's turn, so
    /// that the requests and answers of one turn leave in one write.
    private var flushQueue: [HTTP2Connection] = []
    /// The fields of the HTTP/2 request being submitted.
    var http2Fields = HTTP2RequestFields()
    /// The memory nghttp2 works in for this loop's sessions.
    let http2Memory = HTTP2Memory()
    #endif

    #if COURIER_OPENSSL
    init(io: EventLoopIO, configuration: EngineConfiguration, tally: ConnectionTally, budget: ResponseMemoryBudget?, tls: TLSContext?) {
        self.io = io
        self.configuration = configuration
        self.tally = tally
        self.budget = budget
        self.tls = tls
    }
    #else
    init(io: EventLoopIO, configuration: EngineConfiguration, tally: ConnectionTally, budget: ResponseMemoryBudget?) {
        self.io = io
        self.configuration = configuration
        self.tally = tally
        self.budget = budget
    }
    #endif

    // MARK: Commands

    func receive(_ command: EngineCommand) {
        switch command {
        case .submit(let submission):
            if submission.ticket.isCancelled {
                submission.continuation.resume(throwing: URLError(.cancelled))
            } else if !admit(submission) {
                waiting.append(submission)
            }
        case .cancel(let id):
            // Cancelling is rare: a scan costs less than keeping an index up to date per request.
            if let connection = connections.lazy.compactMap({ $0 }).first(where: { $0.submission?.ticket.id == id }) {
                connection.fail(URLError(.cancelled))
            } else if let index = waiting.firstIndex(where: { $0.ticket.id == id }) {
                waiting.remove(at: index).continuation.resume(throwing: URLError(.cancelled))
            } else {
                #if COURIER_HTTP2
                for case let session? in sessions where session.cancel(id) { break }
                #endif
            }
        }
    }

    /// Starts `submission` on a connection if one is free or may be opened; `false` when it must
    /// wait. A request that cannot be sent at all is answered here and counts as admitted.
    private func admit(_ submission: Submission) -> Bool {
        let target: RequestTarget
        let origin: Origin
        do {
            try submission.request.validateFields()
            if let last = lastTarget, last.target.url == submission.request.url {
                (target, origin) = last
            } else {
                target = try RequestTarget(submission.request.url)
                origin = lastTarget.map(\.origin).flatMap { $0.serves(target) ? $0 : nil } ?? self.origin(of: target)
                lastTarget = (target, origin)
            }
        } catch let failure as RequestTarget.Failure {
            let code: URLError.Code = failure == .unsupportedScheme ? .unsupportedURL : .badURL
            submission.continuation.resume(
                throwing: URLError(code, userInfo: [NSLocalizedDescriptionKey: "cannot send to \(submission.request.url)"]))
            return true
        } catch {
            submission.continuation.resume(throwing: error)
            return true
        }
        if origin.isSecure, !supportsTLS {
            submission.continuation.resume(
                throwing: URLError(
                    .unsupportedURL, userInfo: [NSLocalizedDescriptionKey: "HTTPS needs Courier built with its OpenSSL trait"]))
            return true
        }
        let now = Posix.monotonicNanoseconds()
        #if COURIER_HTTP2
        if mayMultiplex(origin) {
            if let session = origin.multiplexed.first(where: \.hasRoom) {
                let timeout = configuration.timeout.map { now &+ $0.nanoseconds } ?? .max
                session.start(submission, target: target, started: now, deadline: timeout, opensConnection: false)
                return true
            }
            // A connection still deciding its protocol may carry this request too: wait for it
            // rather than open one per request, as curl's PIPEWAIT does.
            if origin.awaitingProtocol > 0 { return false }
        }
        #endif
        let idempotent = submission.request.isIdempotent
        // A request that must not run twice never goes out on a connection the server may have
        // closed since its last answer: it gets a connection of its own.
        if idempotent, let connection = origin.idle.popLast() {
            connection.send(submission, target: target, now: now)
            return true
        }
        let perHost = max(1, configuration.maximumConnectionsPerHost)
        let total = max(1, configuration.maximumConnections)
        if origin.openCount >= perHost || openCount >= total {
            // Room is made by closing an idle connection: the origin's own when it is at its cap
            // (a request that must not run twice cannot use it), another origin's otherwise.
            let victim = origin.openCount >= perHost ? origin.idle.first : origins.values.lazy.compactMap(\.idle.first).first
            guard let victim, origin.openCount - (victim.origin === origin ? 1 : 0) < perHost else { return false }
            close(victim)
        }
        open(origin, for: submission, target: target, addressIndex: 0, now: now)
        return true
    }

    private var supportsTLS: Bool {
        #if COURIER_OPENSSL
        tls != nil
        #else
        false
        #endif
    }

    /// The pool of `target`'s origin, made at its first request.
    private func origin(of target: RequestTarget) -> Origin {
        let key = target.text(target.origin)
        if let known = origins[key] { return known }
        let origin = Origin(target: target)
        origins[key] = origin
        return origin
    }

    // MARK: Connections

    private func open(_ origin: Origin, for submission: Submission, target: RequestTarget, addressIndex: Int, now: UInt64) {
        let addresses: [Posix.SocketAddress]
        if let known = origin.addresses {
            addresses = known
        } else {
            switch resolve(origin) {
            case .success(let resolved):
                addresses = resolved
                origin.addresses = resolved
            case .failure(let error):
                submission.continuation.resume(
                    throwing: URLError(.cannotFindHost, userInfo: [NSLocalizedDescriptionKey: "cannot resolve \(origin.host): \(error)"]))
                return
            }
        }
        guard addressIndex < addresses.count else {
            submission.continuation.resume(
                throwing: URLError(.cannotFindHost, userInfo: [NSLocalizedDescriptionKey: "no address of \(origin.host) is left to try"]))
            return
        }
        guard let descriptor = Posix.openClientSocket(for: addresses[addressIndex]) else {
            let code = Posix.lastError
            submission.continuation.resume(throwing: Self.connectError(code, host: origin.host))
            return
        }
        let connection = Connection(descriptor: descriptor, origin: origin, loop: self, addressIndex: addressIndex, limits: limits)
        let slot = Int(descriptor)
        if slot >= connections.count { connections.append(contentsOf: repeatElement(nil, count: slot + 1 - connections.count)) }
        connections[slot] = connection
        openCount += 1
        origin.openCount += 1
        io.watch(descriptor, for: Posix.readable | Posix.writable, isNew: true)
        if mayMultiplex(origin), origin.speaksHTTP2 != false {
            connection.awaitsProtocol = true
            origin.awaitingProtocol += 1
        }
        connection.connect(to: addresses[addressIndex], for: submission, target: target, now: now)
    }

    /// The addresses of `origin`: a `--resolve` pin for its host and port, or the resolver's
    /// answer, which blocks this loop while it works (once per origin).
    private func resolve(_ origin: Origin) -> Result<[Posix.SocketAddress], Posix.ResolutionError> {
        for pin in configuration.tls.resolvedHosts {
            let parts = pin.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            if parts.count == 3, parts[0] == origin.host, UInt16(parts[1]) == origin.port,
                let address = Posix.SocketAddress(literal: String(parts[2]), port: origin.port)
            {
                return .success([address])
            }
        }
        return Posix.resolve(origin.host, port: origin.port)
    }

    /// A connection could not be made: the next of its origin's addresses is tried, and when
    /// there is none the request fails.
    func connectFailed(_ connection: Connection, code: Int32) {
        let origin = connection.origin
        guard let submission = connection.withdraw() else {
            close(connection)
            return
        }
        close(connection)
        let next = connection.addressIndex + 1
        if let addresses = origin.addresses, next < addresses.count, let target = try? RequestTarget(submission.request.url) {
            open(origin, for: submission, target: target, addressIndex: next, now: Posix.monotonicNanoseconds())
        } else {
            submission.continuation.resume(throwing: Self.connectError(code, host: origin.host))
        }
    }

    private static func connectError(_ code: Int32, host: String) -> URLError {
        URLError(
            .cannotConnectToHost,
            userInfo: [
                NSLocalizedDescriptionKey: "cannot connect to \(host): \(Posix.describe(code))",
                NSUnderlyingErrorKey: NSError.posix(code),
            ])
    }

    /// A kept-alive connection closed before any byte of its request's answer: an idempotent
    /// request goes again, once, on another connection; any other fails with `error`.
    func lostBeforeAnswer(_ connection: Connection, error: URLError) {
        guard let submission = connection.submission, submission.request.isIdempotent, !submission.isRetry else {
            connection.fail(error)
            return
        }
        let again = connection.withdraw() ?? submission
        close(connection)
        retry(again)
    }

    /// Sends `submission` again, before the requests waiting, once: it went out on a connection
    /// that closed (or went away, or refused it) before answering.
    func retry(_ submission: Submission) {
        var again = submission
        again.isRetry = true
        waiting.insert(again, at: 0)
        slotsChanged = true
    }

    /// A connection carried `streams` requests at once.
    func record(streamsInFlight streams: Int) {
        guard streams > mostStreamsPerConnection else { return }
        mostStreamsPerConnection = streams
        tally.recordStreamsInFlight(streams)
    }

    /// Whether requests to `origin` may share a connection as HTTP/2 streams: HTTP/2 asked for,
    /// over TLS (where ALPN decides) or with prior knowledge.
    private func mayMultiplex(_ origin: Origin) -> Bool {
        #if COURIER_HTTP2
        switch configuration.httpVersion {
        case .http1_1: false
        case .http2: origin.isSecure
        case .http2PriorKnowledge: true
        }
        #else
        false
        #endif
    }

    /// `connection` knows its protocol: HTTP/2 (`http2`) or HTTP/1.1. For HTTP/2 an
    /// ``HTTP2Connection`` takes its socket and request over, and `true` says so.
    func protocolChosen(on connection: Connection, http2: Bool) -> Bool {
        let origin = connection.origin
        if connection.awaitsProtocol {
            connection.awaitsProtocol = false
            origin.awaitingProtocol -= 1
            slotsChanged = true
        }
        #if COURIER_HTTP2
        guard http2 else {
            if mayMultiplex(origin) { origin.speaksHTTP2 = false }
            return false
        }
        let slot = Int(connection.descriptor)
        let opening = connection.handOver()
        connections[slot] = nil
        guard let session = HTTP2Connection(opening: opening, origin: origin, loop: self, limits: limits) else {
            origin.openCount -= 1
            openCount -= 1
            // The connection's place is free for the requests queued behind it.
            slotsChanged = true
            Posix.close(connection.descriptor)
            opening.submission?.continuation.resume(
                throwing: URLError(.cannotLoadFromNetwork, userInfo: [NSLocalizedDescriptionKey: "nghttp2 could not make a session"]))
            return true
        }
        if slot >= sessions.count { sessions.append(contentsOf: repeatElement(nil, count: slot + 1 - sessions.count)) }
        sessions[slot] = session
        origin.multiplexed.append(session)
        origin.speaksHTTP2 = true
        if let submission = opening.submission {
            do {
                let target = try RequestTarget(submission.request.url)
                session.start(
                    submission, target: target, started: opening.started, deadline: opening.requestDeadline, opensConnection: true)
            } catch {
                submission.continuation.resume(throwing: URLError(.badURL))
            }
        }
        flushSoon(session)
        return true
        #else
        return false
        #endif
    }

    /// `connection` answered its request and may carry another.
    func connectionIsFree(_ connection: Connection) {
        connection.origin.idle.append(connection)
        slotsChanged = true
    }

    /// Closes `connection` and forgets it; its request, if any, was answered or taken back.
    func close(_ connection: Connection) {
        guard connection.state != .closed else { return }
        if connection.isBusy {
            connection.fail(URLError(.networkConnectionLost))
            return
        }
        connection.markClosed()
        let origin = connection.origin
        if connection.awaitsProtocol {
            connection.awaitsProtocol = false
            origin.awaitingProtocol -= 1
        }
        if let index = origin.idle.firstIndex(where: { $0 === connection }) { origin.idle.remove(at: index) }
        origin.openCount -= 1
        openCount -= 1
        connections[Int(connection.descriptor)] = nil
        Posix.close(connection.descriptor)
        slotsChanged = true
    }

    func record(_ metrics: TransferMetrics) {
        tally.record(metrics)
    }

    #if COURIER_HTTP2
    /// Closes the HTTP/2 connection `session`, whose streams were answered or handed back.
    func close(_ session: HTTP2Connection) {
        let slot = Int(session.descriptor)
        guard slot < sessions.count, sessions[slot] === session else { return }
        session.markClosed()
        let origin = session.origin
        if let index = origin.multiplexed.firstIndex(where: { $0 === session }) { origin.multiplexed.remove(at: index) }
        origin.openCount -= 1
        openCount -= 1
        sessions[slot] = nil
        Posix.close(session.descriptor)
        slotsChanged = true
    }

    /// `session` has frames to write: at the end of this turn.
    func flushSoon(_ session: HTTP2Connection) {
        guard !session.awaitsFlush else { return }
        session.awaitsFlush = true
        flushQueue.append(session)
    }

    /// A stream of `session` ended or its limit changed: waiting requests may fit now, and a
    /// connection going away may close once it is empty.
    func streamFinished(on session: HTTP2Connection) {
        slotsChanged = true
        if session.isDraining, session.streams.isEmpty { flushSoon(session) }
    }

    /// `session`'s server sent GOAWAY with `code`: it carries no new requests.
    func goAwayReceived(on session: HTTP2Connection, code: UInt32) {
        tally.recordGoAway(code: code)
        stopsTakingStreams(session)
    }

    /// `session` carries no new requests; it closes once its last stream ends.
    func stopsTakingStreams(_ session: HTTP2Connection) {
        let origin = session.origin
        if let index = origin.multiplexed.firstIndex(where: { $0 === session }) { origin.multiplexed.remove(at: index) }
        slotsChanged = true
        flushSoon(session)
    }

    /// A server reset a stream with `code`.
    func record(streamReset code: UInt32) {
        tally.recordStreamReset(code: code)
    }
    #endif

    func wake(at deadline: UInt64) {
        io.wake(at: deadline)
    }

    // MARK: Events

    func ready(_ descriptor: Int32, events: UInt32) {
        let slot = Int(descriptor)
        if slot < connections.count, let connection = connections[slot] {
            connection.ready(events)
            return
        }
        #if COURIER_HTTP2
        if slot < sessions.count, let session = sessions[slot] {
            session.ready(events)
            return
        }
        #endif
        io.unwatch(descriptor)
    }

    func timerFired() {
        let now = Posix.monotonicNanoseconds()
        var next = UInt64.max
        for case let connection? in connections where connection.isBusy {
            if connection.deadline <= now {
                connection.fail(URLError(.timedOut))
            } else {
                next = min(next, connection.deadline)
            }
        }
        #if COURIER_HTTP2
        for case let session? in sessions {
            next = min(next, session.expire(now: now))
        }
        #endif
        if next != .max { io.wake(at: next) }
    }

    var hasWorkNow: Bool {
        #if COURIER_HTTP2
        slotsChanged || !flushQueue.isEmpty
        #else
        slotsChanged
        #endif
    }

    func settle() {
        if slotsChanged {
            slotsChanged = false
            var index = 0
            while index < waiting.count {
                if admit(waiting[index]) {
                    waiting.remove(at: index)
                } else {
                    index += 1
                }
            }
        }
        #if COURIER_HTTP2
        while let session = flushQueue.popLast() {
            session.awaitsFlush = false
            session.flush()
        }
        #endif
    }

    func tearDown() {
        for case let connection? in connections {
            if connection.isBusy { connection.fail(URLError(.cancelled)) } else { close(connection) }
        }
        #if COURIER_HTTP2
        for case let session? in sessions {
            session.end(URLError(.cancelled))
        }
        flushQueue = []
        #endif
        for submission in waiting {
            submission.continuation.resume(throwing: URLError(.cancelled))
        }
        waiting = []
        #if COURIER_OPENSSL
        for origin in origins.values {
            if let session = origin.session { SSL_SESSION_free(session) }
            origin.session = nil
        }
        #endif
        origins = [:]
        lastTarget = nil
    }
}
#endif
