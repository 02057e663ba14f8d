#if COURIER_CURL
import CCurl
import Courier
import CourierEventLoop
import CourierSystem
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The reactor thread's state, the driver of its event loop: every libcurl call of one transport
/// happens here.
///
/// The loop's epoll watches libcurl's sockets (which libcurl announces through the socket
/// callback) and its timer stands for libcurl's single timeout (the timer callback). Created on the
/// reactor thread and never leaves it, so it needs no locks.
final class ReactorLoop: EventLoopDriver {
    private let io: EventLoopIO
    private let resources: ReactorResources
    private let configuration: CurlConfiguration
    /// What finished transfers did to connections, read by callers on other threads.
    private let tally: ConnectionTally
    /// The transport's budget for response bytes in flight, shared by every reactor.
    private let budget: ResponseMemoryBudget?
    /// Transfers in libcurl, by id.
    private var active: [UInt64: Exchange] = [:]
    /// Transfers in libcurl, by origin, for the per-host cap; `nil` when that cap is no lower than
    /// the reactor's own, and so can never be what holds a request back. Counting costs a scan of
    /// each URL and a hash of its origin three times a request.
    private var activeByOrigin: [Substring: Int]?
    private var waiting = AdmissionQueue()
    /// Easy handles between requests, reused rather than recreated.
    private var idle: [Exchange] = []
    /// libcurl asked for its timeout to run now; it may not be driven from inside its callback.
    private var timeoutDue = false
    /// libcurl's sockets and what epoll watches them for.
    private var sockets = SocketTable()

    /// The header list of requests without fields of their own; see ``Exchange/noExpectation``.
    private let bareHeaders = curl_slist_append(nil, Exchange.noExpectation)

    private var multi: UnsafeMutableRawPointer { resources.multi }

    /// Sets libcurl up to run on `io`'s loop; on the reactor thread.
    init(
        io: EventLoopIO, resources: ReactorResources, configuration: CurlConfiguration, tally: ConnectionTally,
        budget: ResponseMemoryBudget?
    ) {
        self.io = io
        self.budget = budget
        self.resources = resources
        self.configuration = configuration
        self.tally = tally
        if max(1, configuration.maximumConnectionsPerHost) < max(1, configuration.maximumConnections) { activeByOrigin = [:] }
        let context = Unmanaged.passUnretained(self).toOpaque()
        courier_curl_multi_setopt_socket_function(multi, onSocket)
        courier_curl_multi_setopt_pointer(multi, CURLMOPT_SOCKETDATA, context)
        courier_curl_multi_setopt_timer_function(multi, onTimer)
        courier_curl_multi_setopt_pointer(multi, CURLMOPT_TIMERDATA, context)
        // Our admission queue keeps requests within these caps; libcurl's copies keep its
        // connection cache as large as the number of requests we let through.
        courier_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, configuration.maximumConnectionsPerHost)
        courier_curl_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, configuration.maximumConnections)
        courier_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, configuration.maximumConnections)
        if configuration.httpVersion != .http1_1 {
            courier_curl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
            courier_curl_multi_setopt_long(multi, CURLMOPT_MAX_CONCURRENT_STREAMS, configuration.streamsPerConnection)
        }
    }

    var hasWorkNow: Bool { timeoutDue }

    func woke() {
        if timeoutDue {
            timeoutDue = false
            act(on: CURL_SOCKET_TIMEOUT, 0)
        }
    }

    func timerFired() {
        act(on: CURL_SOCKET_TIMEOUT, 0)
    }

    func settle() {
        collectFinished()
        admitWaiting()
    }

    func ready(_ descriptor: Int32, events: UInt32) {
        guard sockets.claimEvent(on: descriptor) else {
            io.unwatch(descriptor)
            return
        }
        var flags: Int32 = 0
        if events & Posix.readable != 0 { flags |= CURL_CSELECT_IN }
        if events & Posix.writable != 0 { flags |= CURL_CSELECT_OUT }
        if events & Posix.failed != 0 { flags |= CURL_CSELECT_ERR }
        act(on: descriptor, flags)
    }

    private func act(on socket: Int32, _ flags: Int32) {
        var running: Int32 = 0
        curl_multi_socket_action(multi, socket, flags, &running)
    }

    func receive(_ command: Command) {
        switch command {
        case .submit(let submission):
            if submission.ticket.isCancelled {
                submission.continuation.resume(throwing: URLError(.cancelled))
            } else {
                waiting.append(submission)
            }
        case .cancel(let id):
            cancel(id)
        }
    }

    private func cancel(_ id: UInt64) {
        if let exchange = active[id] {
            detach(exchange)
            exchange.cancel()
            idle.append(exchange)
        } else if let submission = waiting.remove(id: id) {
            submission.continuation.resume(throwing: URLError(.cancelled))
        }
        // Otherwise it has finished already, or has not arrived and will see its ticket's flag.
    }

    private func admitWaiting() {
        let streams = configuration.streamsPerConnection
        let perHost = max(1, configuration.maximumConnectionsPerHost) * streams
        while active.count < max(1, configuration.maximumConnections) * streams, !waiting.isEmpty {
            // The counts are read in place: a copy held while `start` adds to them would be copied whole.
            guard let submission = waiting.removeFirst(where: { activeByOrigin?[$0.origin, default: 0] ?? 0 < perHost }) else { return }
            start(submission)
        }
    }

    private func start(_ submission: Submission) {
        guard
            let exchange = idle.popLast()
                ?? Exchange(
                    configuration: configuration, share: resources.share, socketOwner: Unmanaged.passUnretained(self).toOpaque(),
                    budget: budget)
        else {
            submission.continuation.resume(throwing: URLError(.unknown))
            return
        }
        var code = exchange.prepare(submission, bareHeaders: bareHeaders)
        if code == CURLE_OK, curl_multi_add_handle(multi, exchange.easy) != CURLM_OK { code = CURLE_FAILED_INIT }
        guard code == CURLE_OK else {
            // A request that could not be set up is answered, never sent again.
            if let unanswered = exchange.finish(code) { unanswered.continuation.resume(throwing: URLError(.unknown)) }
            idle.append(exchange)
            return
        }
        active[submission.ticket.id] = exchange
        if activeByOrigin != nil {
            exchange.origin = submission.origin
            activeByOrigin?[exchange.origin, default: 0] += 1
        }
    }

    private func collectFinished() {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            var context: UnsafeMutablePointer<CChar>?
            courier_curl_easy_getinfo_pointer(easy, CURLINFO_PRIVATE, &context)
            guard let context else { continue }
            let exchange = Unmanaged<Exchange>.fromOpaque(context).takeUnretainedValue()
            let code = message.pointee.data.result
            tally.record(easy, sessionResumed: exchange.tlsSessionResumed)
            detach(exchange)
            if let again = exchange.finish(code) { waiting.append(again) }
            idle.append(exchange)
        }
    }

    /// Takes a transfer out of libcurl and out of the counts, before its caller is answered.
    private func detach(_ exchange: Exchange) {
        curl_multi_remove_handle(multi, exchange.easy)
        guard let id = exchange.submission?.ticket.id else { return }
        active[id] = nil
        guard activeByOrigin != nil else { return }
        let origin = exchange.origin
        if let count = activeByOrigin?[origin], count > 1 {
            activeByOrigin?[origin] = count - 1
        } else {
            activeByOrigin?[origin] = nil
        }
    }

    /// Answers everything still open with `URLError(.cancelled)` and releases libcurl and its
    /// handles, all on this thread.
    func tearDown() {
        for exchange in active.values {
            detach(exchange)
            exchange.cancel()
            idle.append(exchange)
        }
        for submission in waiting.removeAll() {
            submission.continuation.resume(throwing: URLError(.cancelled))
        }
        for exchange in idle {
            exchange.close()
        }
        idle = []
        curl_multi_cleanup(multi)
        // Last: libcurl refuses to free a share that an easy handle still uses.
        curl_share_cleanup(resources.share)
        curl_slist_free_all(bareHeaders)
    }

    /// libcurl's socket callback: start, change or stop watching `socket`.
    fileprivate func watch(_ socket: Int32, what: Int32) {
        guard what != CURL_POLL_REMOVE else {
            sockets.unwant(socket)
            return
        }
        var events: UInt32 = 0
        if what & CURL_POLL_IN != 0 { events |= Posix.readable }
        if what & CURL_POLL_OUT != 0 { events |= Posix.writable }
        switch sockets.want(socket, events: events) {
        case .none: break
        case .add(let events): io.watch(socket, for: events, isNew: true)
        case .modify(let events): io.watch(socket, for: events, isNew: false)
        }
    }

    /// libcurl's close-socket callback: closing takes the socket out of epoll, so forget it.
    fileprivate func close(_ socket: Int32) {
        sockets.closed(socket)
        Posix.close(socket)
    }

    /// libcurl's timer callback: its next timeout, `-1` for none, `0` for now. The loop's timer only
    /// ever moves earlier (``EventLoopIO/wake(at:)``): one that fires early is harmless, since libcurl
    /// runs what is due and names its next timeout.
    fileprivate func schedule(timeoutMilliseconds: Int) {
        timeoutDue = timeoutMilliseconds == 0
        guard timeoutMilliseconds > 0 else { return }
        io.wake(at: Posix.monotonicNanoseconds() &+ UInt64(timeoutMilliseconds) &* 1_000_000)
    }
}

private let onSocket: curl_socket_callback = { _, socket, what, context, _ in
    guard let context else { return -1 }
    Unmanaged<ReactorLoop>.fromOpaque(context).takeUnretainedValue().watch(socket, what: what)
    return 0
}

/// Set on every easy handle; libcurl hands it on to each connection the handle opens.
let onCloseSocket: curl_closesocket_callback = { context, socket in
    guard let context else { return 1 }
    Unmanaged<ReactorLoop>.fromOpaque(context).takeUnretainedValue().close(socket)
    return 0
}

private let onTimer: curl_multi_timer_callback = { _, timeout, context in
    guard let context else { return -1 }
    Unmanaged<ReactorLoop>.fromOpaque(context).takeUnretainedValue().schedule(timeoutMilliseconds: timeout)
    return 0
}
#endif
