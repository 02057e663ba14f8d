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
                NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(code)),
            ])
    }

    /// A kept-alive connection closed before any byte of its request's answer: an idempotent
    /// request goes again, once, on another connection; any other fails with `error`.
    func lostBeforeAnswer(_ connection: Connection, error: URLError) {
        guard let submission = connection.submission, submission.request.isIdempotent, !submission.isRetry else {
            connection.fail(error)
            return
        }
        var again = connection.withdraw() ?? submission
        again.isRetry = true
        close(connection)
        waiting.insert(again, at: 0)
        slotsChanged = true
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

    func wake(at deadline: UInt64) {
        io.wake(at: deadline)
    }

    // MARK: Events

    func ready(_ descriptor: Int32, events: UInt32) {
        let slot = Int(descriptor)
        guard slot < connections.count, let connection = connections[slot] else {
            io.unwatch(descriptor)
            return
        }
        connection.ready(events)
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
        if next != .max { io.wake(at: next) }
    }

    func settle() {
        guard slotsChanged else { return }
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

    func tearDown() {
        for case let connection? in connections {
            if connection.isBusy { connection.fail(URLError(.cancelled)) } else { close(connection) }
        }
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
