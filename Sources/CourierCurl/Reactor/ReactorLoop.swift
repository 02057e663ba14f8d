#if COURIER_CURL
import CCurl
import Courier
import CourierSystem
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The reactor thread's state and its loop: every libcurl call of one transport happens here.
///
/// epoll watches libcurl's sockets (which libcurl announces through the socket callback), a timerfd
/// stands for libcurl's single timeout (the timer callback), and the mailbox's eventfd wakes the
/// loop for new commands. Created on the reactor thread and never leaves it, so it needs no locks.
final class ReactorLoop {
    private let resources: ReactorResources
    private let mailbox: Mailbox
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
    private var batch: [Command] = []
    /// libcurl asked for its timeout to run now; it may not be driven from inside its callback.
    private var timeoutDue = false
    /// libcurl's sockets and what epoll watches them for.
    private var sockets = SocketTable()
    /// When the timerfd fires next (monotonic nanoseconds), `nil` when it is not armed.
    private var armedDeadline: UInt64?
    private var isRunning = true

    /// The header list of requests without fields of their own; see ``Exchange/noExpectation``.
    private let bareHeaders = curl_slist_append(nil, Exchange.noExpectation)

    private var multi: UnsafeMutableRawPointer { resources.multi }

    /// What jobs of tasks that prefer this reactor run on.
    private let executor: UnownedTaskExecutor

    init(
        resources: ReactorResources, mailbox: Mailbox, configuration: CurlConfiguration, tally: ConnectionTally,
        budget: ResponseMemoryBudget?, executor: ReactorExecutor
    ) {
        self.budget = budget
        self.resources = resources
        self.mailbox = mailbox
        self.configuration = configuration
        self.tally = tally
        self.executor = executor.asUnownedTaskExecutor()
        if max(1, configuration.maximumConnectionsPerHost) < max(1, configuration.maximumConnections) { activeByOrigin = [:] }
    }

    /// Runs until shutdown, then tears everything down on this same thread.
    func run() {
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
        Posix.epollControl(resources.epoll, .add, resources.doorbell, events: Posix.readable)
        Posix.epollControl(resources.epoll, .add, resources.timer, events: Posix.readable)

        let events = UnsafeMutableBufferPointer<Posix.Event>.allocate(capacity: 256)
        defer { events.deallocate() }
        while isRunning {
            // Mail posted since it was last taken (by the jobs this thread ran) is taken without
            // waiting, after a look at the sockets.
            let mailWaiting = !mailbox.readyToWait()
            guard let ready = Posix.epollWait(resources.epoll, events, timeoutMilliseconds: timeoutDue || mailWaiting ? 0 : -1) else {
                // Only a broken epoll descriptor fails here (EINTR is retried), and nothing would
                // ever be answered again: stop, which cancels every request rather than hanging it.
                break
            }
            if !mailWaiting { mailbox.awoke() }
            if timeoutDue {
                timeoutDue = false
                act(on: CURL_SOCKET_TIMEOUT, 0)
            }
            for event in events.prefix(ready) {
                handle(event)
            }
            if mailWaiting { readMail() }
            collectFinished()
            admitWaiting()
        }
        tearDown()
    }

    private func handle(_ event: Posix.Event) {
        let descriptor = event.data.fd
        if descriptor == resources.doorbell {
            Posix.drainCounter(descriptor)
            readMail()
        } else if descriptor == resources.timer {
            Posix.drainCounter(descriptor)
            armedDeadline = nil
            act(on: CURL_SOCKET_TIMEOUT, 0)
        } else if !sockets.claimEvent(on: descriptor) {
            Posix.epollControl(resources.epoll, .remove, descriptor, events: 0)
        } else {
            var flags: Int32 = 0
            if event.events & Posix.readable != 0 { flags |= CURL_CSELECT_IN }
            if event.events & Posix.writable != 0 { flags |= CURL_CSELECT_OUT }
            if event.events & Posix.failed != 0 { flags |= CURL_CSELECT_ERR }
            act(on: descriptor, flags)
        }
    }

    private func act(on socket: Int32, _ flags: Int32) {
        var running: Int32 = 0
        curl_multi_socket_action(multi, socket, flags, &running)
    }

    private func readMail() {
        mailbox.take(into: &batch)
        for command in batch {
            switch command {
            case .submit(let submission):
                if submission.ticket.isCancelled {
                    submission.continuation.resume(throwing: URLError(.cancelled))
                } else {
                    waiting.append(submission)
                }
            case .cancel(let id):
                cancel(id)
            case .run(let job):
                job.runSynchronously(on: executor)
            case .shutdown:
                isRunning = false
            }
        }
        batch.removeAll(keepingCapacity: true)
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

    /// Answers everything still open with `URLError(.cancelled)` and releases libcurl, the
    /// descriptors and the handles, all on this thread.
    private func tearDown() {
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
        Posix.close(resources.epoll)
        Posix.close(resources.timer)
        mailbox.finish()
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
        let epoll = resources.epoll
        // Should the table be wrong about a descriptor, the other operation is the right one.
        switch sockets.want(socket, events: events) {
        case .none:
            break
        case .add(let events):
            if !Posix.epollControl(epoll, .add, socket, events: events) { Posix.epollControl(epoll, .modify, socket, events: events) }
        case .modify(let events):
            if !Posix.epollControl(epoll, .modify, socket, events: events) { Posix.epollControl(epoll, .add, socket, events: events) }
        }
    }

    /// libcurl's close-socket callback: closing takes the socket out of epoll, so forget it.
    fileprivate func close(_ socket: Int32) {
        sockets.closed(socket)
        Posix.close(socket)
    }

    /// libcurl's timer callback: its next timeout, `-1` for none, `0` for now.
    ///
    /// libcurl moves its timeout on nearly every state change, and re-arming the timerfd each time
    /// would cost a system call per change. A timer that fires too early is harmless (libcurl runs
    /// what is due and names its next timeout), so the timer is only ever moved earlier, never later
    /// or off.
    fileprivate func schedule(timeoutMilliseconds: Int) {
        timeoutDue = timeoutMilliseconds == 0
        guard timeoutMilliseconds > 0 else { return }
        let deadline = Posix.monotonicNanoseconds() &+ UInt64(timeoutMilliseconds) &* 1_000_000
        if let armedDeadline, armedDeadline <= deadline { return }
        Posix.timerArm(resources.timer, milliseconds: timeoutMilliseconds)
        armedDeadline = deadline
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
