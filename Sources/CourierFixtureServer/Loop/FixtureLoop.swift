import CourierSystem
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if os(Linux)
import CourierEventLoop
#endif

/// What the fixture server does on its one thread, whatever waits for its sockets: accepts, reads
/// and parses requests, answers them or misbehaves as their routes say, with delays and drips as
/// timers, so that no thread waits for anything but its loop and a few thousand connections cost a
/// few thousand small objects.
///
/// On Linux it is a driver of the package's shared event loop (`FixtureLoop+EventLoop.swift`),
/// on epoll as the transports are; elsewhere a `poll` loop of its own runs it
/// (`FixtureLoop+Poll.swift`), the one loop of the package that is not on epoll.
///
/// Created on the loop's thread and used only there: it is deliberately not `Sendable`.
final class FixtureLoop {
    let listener: Int32
    private let configuration: FixtureServer.Configuration
    private let parser: RequestParser
    private let router: Router
    private var lastSweep: UInt64 = 0
    private(set) var connections: [Int32: Connection] = [:]
    /// Accepted connections of a server that does not serve (``FixtureServer/Configuration/Acceptance``):
    /// never read; a stalling server holds them until the loop ends, a resetting one resets each
    /// once the request has arrived.
    private(set) var unserved: [Int32] = []
    private var random = SystemRandomNumberGenerator()
    private var timers = 0
    /// The queues of the routes with a capacity, by pool (a route's path unless it names a pool).
    private var queues: [String: ServiceQueue] = [:]
    /// Where received bytes land before they join a connection's input.
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    #if os(Linux)
    /// The shared loop's descriptors, which the epoll side watches the sockets with.
    let io: EventLoopIO
    /// Whether the listener is in the epoll set: not while every connection slot is taken.
    var listenerWatched = false
    /// Signalled once the loop has torn down, for ``FixtureServer/stop()``, which waits for it.
    let finished: DispatchSemaphore
    #endif

    #if os(Linux)
    init(io: EventLoopIO, listener: Int32, configuration: FixtureServer.Configuration, counts: RequestCounts, finished: DispatchSemaphore) {
        self.io = io
        self.finished = finished
        self.listener = listener
        self.configuration = configuration
        parser = RequestParser(configuration)
        router = Router(routes: configuration.routes, counts: counts, flows: FlowService(tokenUses: configuration.flowTokenUses))
        startWatching()
    }
    #else
    init(listener: Int32, configuration: FixtureServer.Configuration, counts: RequestCounts) {
        self.listener = listener
        self.configuration = configuration
        parser = RequestParser(configuration)
        router = Router(routes: configuration.routes, counts: counts, flows: FlowService(tokenUses: configuration.flowTokenUses))
    }
    #endif

    deinit {
        buffer.deallocate()
    }

    /// What the server does with the connections it accepts.
    var acceptance: FixtureServer.Configuration.Acceptance { configuration.acceptance }

    /// Whether another connection may be accepted.
    var isAccepting: Bool {
        connections.count + unserved.count < configuration.maximumConnections
    }

    /// How long a connection may sit idle, in nanoseconds, at least one.
    private var idleTimeout: UInt64 { max(1, configuration.idleTimeout.nanoseconds) }

    /// Takes the connections waiting in the listener's backlog, as many as there are slots for.
    func acceptConnections() {
        // Bounded, so a flood of connects cannot starve the connections already open.
        for _ in 0..<128 where isAccepting {
            guard let descriptor = Posix.accept(from: listener) else { return }
            switch acceptance {
            case .serve:
                let connection = Connection(descriptor: descriptor, now: Self.now())
                connections[descriptor] = connection
                interestChanged(connection)
            case .reset, .stall:
                unserved.append(descriptor)
                unservedAccepted(descriptor)
            }
        }
    }

    /// Resets each unserved connection whose request has arrived, without reading it: the client
    /// has connected and sent, and its request is discarded unread.
    func resetArrivedRequests(_ arrived: Set<Int32>) {
        guard acceptance == .reset, !arrived.isEmpty else { return }
        unserved.removeAll { descriptor in
            guard arrived.contains(descriptor) else { return false }
            Posix.reset(descriptor)
            return true
        }
    }

    /// Reads what `connection`'s socket holds and answers what it completes.
    func receive(on connection: Connection) {
        switch Posix.read(connection.descriptor, into: buffer) {
        case .bytes(let count):
            connection.lastActivity = Self.now()
            connection.input.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            process(connection)
        case .wouldBlock:
            break
        case .closed, .failed:
            close(connection)
        }
    }

    /// Answers every whole request in the input, in order, until one must wait.
    private func process(_ connection: Connection) {
        while connection.isReadyForRequest {
            switch parser.parse(connection.input) {
            case .incomplete:
                flush(connection)
                return
            case .failure(let status):
                connection.input.removeAll()
                connection.enqueue(RefusedRequest(status: status).response)
                connection.closesWhenFlushed = true
            case .request(let head, let length):
                // Routed before the input is consumed: an echoing route reads the request from it.
                let routed = router.reply(to: head).map { reply in
                    reply.echoing(head, request: connection.input[..<length])
                }
                if length == connection.input.count {
                    connection.input.removeAll(keepingCapacity: true)
                } else {
                    connection.input.removeFirst(length)
                }
                switch routed {
                case .success(let reply):
                    var delay = reply.route.delay.nanoseconds(using: &random)
                    if let capacity = reply.route.capacity {
                        let now = Self.now()
                        delay &+= queues[capacity.pool ?? head.path, default: ServiceQueue(capacity)].admit(at: now, for: capacity) &- now
                    }
                    if delay > 0 {
                        schedule(.respond(reply), after: delay, on: connection)
                    } else {
                        respond(reply, on: connection)
                    }
                case .failure(let refused):
                    connection.enqueue(refused.response)
                    connection.closesWhenFlushed = true
                }
            }
        }
        if connection.isOpen { flush(connection) }
    }

    /// Sends a reply, misbehaving as its route's fault says.
    private func respond(_ reply: Router.Reply, on connection: Connection) {
        let route = reply.route
        switch route.fault {
        case nil:
            connection.enqueue(reply.chunks)
            if !reply.keepAlive { connection.closesWhenFlushed = true }
        case .resetBeforeResponse:
            connections[connection.descriptor] = nil
            connection.isOpen = false
            Posix.reset(connection.descriptor)
        case .closeWithoutResponse:
            close(connection)
        case .garbageStatusLine:
            connection.enqueue(Data("SPLAT 2OO garbage, not HTTP\r\nno: headers here\r\n\r\n".utf8))
            connection.closesWhenFlushed = true
        case .rawResponse(let bytes):
            connection.enqueue(bytes)
            connection.closesWhenFlushed = true
        case .closeMidBody:
            connection.enqueue(
                ResponseHead.bytes(status: route.status, headers: route.headers, contentLength: route.body.count, keepAlive: false))
            connection.enqueue(route.body.prefix(route.body.count / 2))
            connection.closesWhenFlushed = true
        case .slowHeaderFields(let delay):
            connection.enqueue(ResponseHead.statusLine(route.status))
            var rest = [ResponseHead.fieldLines(route.headers, contentLength: route.body.count, keepAlive: reply.keepAlive)]
            if reply.includeBody { rest.append(route.body) }
            schedule(.finish(rest, keepAlive: reply.keepAlive), after: delay.nanoseconds, on: connection)
        case .slowDrip(let chunkBytes, let interval):
            connection.enqueue(
                ResponseHead.bytes(
                    status: route.status, headers: route.headers, contentLength: route.body.count, keepAlive: reply.keepAlive))
            drip(route.body, chunkBytes: max(1, chunkBytes), interval: interval.nanoseconds, keepAlive: reply.keepAlive, on: connection)
        }
    }

    private func drip(_ remaining: Data, chunkBytes: Int, interval: UInt64, keepAlive: Bool, on connection: Connection) {
        guard !remaining.isEmpty else {
            if !keepAlive { connection.closesWhenFlushed = true }
            return
        }
        connection.enqueue(remaining.prefix(chunkBytes))
        schedule(
            .drip(remaining: remaining.dropFirst(chunkBytes), chunkBytes: chunkBytes, interval: interval, keepAlive: keepAlive),
            after: interval, on: connection)
    }

    private func schedule(_ action: Connection.Action, after nanoseconds: UInt64, on connection: Connection) {
        if connection.timer == nil { timers += 1 }
        connection.timer = Connection.Timer(deadline: Self.now() &+ nanoseconds, action: action)
    }

    /// Runs the timers that are due, then the requests they let through.
    func fireTimers() {
        guard timers > 0 else { return }
        let now = Self.now()
        for connection in connections.values {
            guard let timer = connection.timer, timer.deadline <= now else { continue }
            connection.timer = nil
            timers -= 1
            switch timer.action {
            case .respond(let reply):
                respond(reply, on: connection)
            case .drip(let remaining, let chunkBytes, let interval, let keepAlive):
                drip(remaining, chunkBytes: chunkBytes, interval: interval, keepAlive: keepAlive, on: connection)
            case .finish(let chunks, let keepAlive):
                connection.enqueue(chunks)
                if !keepAlive { connection.closesWhenFlushed = true }
            }
            if connection.isOpen { process(connection) }
            interestChanged(connection)
        }
    }

    /// Closes connections idle for longer than the idle timeout; looks at most a few times per timeout.
    func closeIdleConnections() {
        let now = Self.now()
        guard !connections.isEmpty, now &- lastSweep >= sweepInterval else { return }
        lastSweep = now
        for connection in connections.values where connection.timer == nil && now &- connection.lastActivity > idleTimeout {
            close(connection)
        }
    }

    /// How often idle connections are looked for: a quarter of the timeout, at most once a second.
    private var sweepInterval: UInt64 {
        min(idleTimeout / 4, 1_000_000_000)
    }

    /// When the loop must next look at the clock (monotonic nanoseconds): the earliest timer or the
    /// next idle sweep, `nil` when there is neither.
    var nextDeadline: UInt64? {
        var earliest = UInt64.max
        if timers > 0 { earliest = connections.values.lazy.compactMap(\.timer?.deadline).min() ?? Self.now() }
        if !connections.isEmpty { earliest = min(earliest, lastSweep &+ sweepInterval) }
        return earliest == .max ? nil : earliest
    }

    /// Sends what the socket takes now; closes the connection when it is done with it.
    func flush(_ connection: Connection) {
        while let first = connection.outbox.first {
            let result = first.withUnsafeBytes { bytes in
                Posix.write(connection.descriptor, UnsafeRawBufferPointer(rebasing: bytes[connection.sentOfFirst...]))
            }
            switch result {
            case .bytes(let count):
                connection.lastActivity = Self.now()
                connection.sentOfFirst += count
                if connection.sentOfFirst == first.count {
                    connection.outbox.removeFirst()
                    connection.sentOfFirst = 0
                }
            case .wouldBlock:
                return
            case .closed, .failed:
                close(connection)
                return
            }
        }
        if connection.closesWhenFlushed, connection.timer == nil { close(connection) }
    }

    /// Closes every socket the loop owns.
    func closeAll() {
        for connection in connections.values { Posix.close(connection.descriptor) }
        connections.removeAll()
        unserved.forEach(Posix.close)
        unserved.removeAll()
        Posix.close(listener)
    }

    private func close(_ connection: Connection) {
        guard connection.isOpen else { return }
        connection.isOpen = false
        if connection.timer != nil {
            connection.timer = nil
            timers -= 1
        }
        connections[connection.descriptor] = nil
        Posix.close(connection.descriptor)
    }

    static func now() -> UInt64 {
        Posix.monotonicNanoseconds()
    }
}

/// The queue of one route with a ``FixtureCapacity``, or of the routes sharing its pool: when each
/// request it admits is done.
///
/// Requests are taken in order of arrival, each by the worker that frees up first: request `k`
/// starts at `max(arrival, earliest finish)` and keeps that worker for its route's service time.
/// With one service time for all, that worker is always the one that took the request `workers`
/// admissions ago; with several it must be looked for, among few workers.
///
/// A capacity with a contention or coherency cost (``FixtureCapacity/contention``) stretches each
/// request's service time by the requests in service when it starts: the workers busy then, itself
/// included.
struct ServiceQueue {
    private let capacity: FixtureCapacity
    private var finishes: [UInt64]

    /// A queue with `capacity`'s workers and, unless a request says otherwise, its service time.
    init(_ capacity: FixtureCapacity) {
        self.capacity = capacity
        finishes = Array(repeating: 0, count: max(1, capacity.workers))
    }

    /// Admits a request arriving at `now` (monotonic nanoseconds) to be served for the service
    /// time of `route`'s capacity (by default the queue's), and returns when it is done.
    mutating func admit(at now: UInt64, for route: FixtureCapacity? = nil) -> UInt64 {
        var free = 0
        for worker in finishes.indices where finishes[worker] < finishes[free] { free = worker }
        let start = max(now, finishes[free])
        let served = route ?? capacity
        var inService = 1
        if served.contention > 0 || served.coherency > 0 {
            for worker in finishes.indices where worker != free && finishes[worker] > start { inService += 1 }
        }
        let finish = start &+ served.serviceNanoseconds(inService: inService)
        finishes[free] = finish
        return finish
    }
}

extension RequestParser {
    /// A parser with `configuration`'s limits on a request's head and body.
    init(_ configuration: FixtureServer.Configuration) {
        self.init(maximumHeaderBytes: configuration.maximumHeaderBytes, maximumBodyBytes: configuration.maximumBodyBytes)
    }
}
