#if os(Linux)
import CourierSystem
import Foundation

/// Why a loop could not start: the system call that failed and its `errno`.
package struct EventLoopError: Error, Sendable, Hashable {
    package let call: String
    package let code: Int32
}

/// The callers' side of one event-loop thread: it posts commands to the loop's driver and never
/// touches the driver's state.
///
/// One loop per thread owns its descriptors, timers and buffers; a connection never changes
/// thread, and threads share nothing per request. Every transport of the package that does its own
/// I/O runs on these loops: the curl transport's reactors drive libcurl on them, Courier's own
/// HTTP engine its connections.
package final class EventLoop<Driver: EventLoopDriver>: Sendable {
    private let mailbox: Mailbox<Driver.Command>
    /// The loop's thread as an executor, for tasks that prefer to run beside their I/O.
    package let executor: LoopExecutor
    /// The same, as the runtime names a task's preferred executor, to tell whether a caller runs here.
    package let unownedExecutor: UnownedTaskExecutor

    /// Starts a thread named `name` whose driver `makeDriver` creates, on that thread, from the
    /// loop's descriptors. Throws when the descriptors cannot be made.
    package init(name: String, driver makeDriver: @escaping @Sendable (EventLoopIO) -> Driver) throws(EventLoopError) {
        guard let epoll = Posix.epollCreate() else { throw EventLoopError(call: "epoll_create1", code: Posix.lastError) }
        guard let timer = Posix.timerCreate() else {
            let code = Posix.lastError
            Posix.close(epoll)
            throw EventLoopError(call: "timerfd_create", code: code)
        }
        guard let doorbell = Posix.eventCreate() else {
            let code = Posix.lastError
            Posix.close(epoll)
            Posix.close(timer)
            throw EventLoopError(call: "eventfd", code: code)
        }
        let mailbox = Mailbox<Driver.Command>(doorbell: doorbell)
        let executor = LoopExecutor(enqueue: { mailbox.post(.run($0)) })
        self.mailbox = mailbox
        self.executor = executor
        unownedExecutor = executor.asUnownedTaskExecutor()
        let unowned = unownedExecutor
        let thread = Thread {
            let io = EventLoopIO(epoll: epoll, timer: timer, executor: unowned)
            LoopThread(io: io, mailbox: mailbox, driver: makeDriver(io)).run()
        }
        thread.name = name
        thread.start()
    }

    /// Hands `command` to the driver; `false` after shutdown, when it never will be.
    package func post(_ command: Driver.Command) -> Bool {
        mailbox.post(.command(command))
    }

    /// Asks for shutdown and returns once the driver has torn down.
    package func shutdown() async {
        await withUnsafeContinuation { continuation in
            mailbox.requestShutdown(waiter: continuation)
        }
    }

    /// Asks for shutdown without waiting for it.
    package func requestShutdown() {
        mailbox.requestShutdown(waiter: nil)
    }
}

/// A loop's thread as a `TaskExecutor`: jobs posted to its mailbox run on the thread between epoll
/// wakeups. A task that prefers it sends its request and, when the answer comes, is resumed on the
/// very thread that received it, instead of being handed to the global pool, a hop between threads
/// that costs more than a whole small request's I/O.
///
/// Its jobs share the thread with all of the loop's I/O: code that blocks there blocks it all.
/// After shutdown, jobs go to the global concurrent executor, so that none is lost.
package final class LoopExecutor: TaskExecutor {
    private let post: @Sendable (UnownedJob) -> Bool

    init(enqueue post: @escaping @Sendable (UnownedJob) -> Bool) {
        self.post = post
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        if !post(job) {
            globalConcurrentExecutor.enqueue(ExecutorJob(job))
        }
    }
}

/// The loop itself, on its thread: waits in epoll and hands out what woke it.
private final class LoopThread<Driver: EventLoopDriver> {
    private let io: EventLoopIO
    private let mailbox: Mailbox<Driver.Command>
    private let driver: Driver
    private var batch: [Message<Driver.Command>] = []
    private var isRunning = true

    init(io: EventLoopIO, mailbox: Mailbox<Driver.Command>, driver: Driver) {
        self.io = io
        self.mailbox = mailbox
        self.driver = driver
    }

    func run() {
        Posix.epollControl(io.epoll, .add, mailbox.doorbell, events: Posix.readable)
        Posix.epollControl(io.epoll, .add, io.timer, events: Posix.readable)
        let events = UnsafeMutableBufferPointer<Posix.Event>.allocate(capacity: 256)
        defer { events.deallocate() }
        while isRunning {
            // Mail posted since it was last taken (by the jobs this thread ran) is taken without
            // waiting, after a look at the descriptors.
            let mailWaiting = !mailbox.readyToWait()
            let timeout: Int32 = mailWaiting || driver.hasWorkNow ? 0 : -1
            guard let ready = Posix.epollWait(io.epoll, events, timeoutMilliseconds: timeout) else {
                // Only a broken epoll descriptor fails here (EINTR is retried), and nothing would
                // ever be answered again: stop, which answers every request rather than hanging it.
                break
            }
            if !mailWaiting { mailbox.awoke() }
            driver.woke()
            for event in events.prefix(ready) {
                let descriptor = event.data.fd
                if descriptor == mailbox.doorbell {
                    Posix.drainCounter(descriptor)
                    readMail()
                } else if descriptor == io.timer {
                    io.timerFired()
                    driver.timerFired()
                } else {
                    driver.ready(descriptor, events: event.events)
                }
            }
            if mailWaiting { readMail() }
            driver.settle()
        }
        driver.tearDown()
        Posix.close(io.epoll)
        Posix.close(io.timer)
        mailbox.finish()
    }

    private func readMail() {
        mailbox.take(into: &batch)
        for message in batch {
            switch message {
            case .command(let command): driver.receive(command)
            case .run(let job): job.runSynchronously(on: io.executor)
            case .shutdown: isRunning = false
            }
        }
        batch.removeAll(keepingCapacity: true)
    }
}
#endif
