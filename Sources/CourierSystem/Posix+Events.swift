#if os(Linux)
import CLinuxEvents
import Glibc

/// What an event loop on Linux is made of: epoll, an eventfd to wake it, a timerfd for its timers,
/// and the sockets it opens for its connections.
///
/// The functions return `nil` or `false` on failure and leave the reason in ``Posix/lastError``,
/// because a loop decides whether a failure is fatal (setting up) or harmless (removing a socket
/// that is already closed).
extension Posix {
    /// What epoll reports about a descriptor.
    package typealias Event = epoll_event

    /// epoll interest and readiness bits.
    package static let readable = EPOLLIN.rawValue
    package static let writable = EPOLLOUT.rawValue
    package static let failed = EPOLLERR.rawValue | EPOLLHUP.rawValue

    /// What ``epollControl(_:_:_:events:)`` does with a descriptor.
    package enum EpollOperation {
        case add, modify, remove

        package var rawValue: Int32 {
            switch self {
            case .add: EPOLL_CTL_ADD
            case .modify: EPOLL_CTL_MOD
            case .remove: EPOLL_CTL_DEL
            }
        }
    }

    /// A new epoll instance, closed on `exec`.
    package static func epollCreate() -> Int32? {
        let descriptor = epoll_create1(Int32(EPOLL_CLOEXEC))
        return descriptor >= 0 ? descriptor : nil
    }

    /// Adds, changes or removes `descriptor` in `epoll`, waking on `events`.
    @discardableResult
    package static func epollControl(_ epoll: Int32, _ operation: EpollOperation, _ descriptor: Int32, events: UInt32) -> Bool {
        var event = epoll_event()
        event.events = events
        event.data.fd = descriptor
        return epoll_ctl(epoll, operation.rawValue, descriptor, &event) == 0
    }

    /// Waits up to `timeoutMilliseconds` (`-1`: forever) and fills `events`; returns how many are
    /// ready, `0` after an interrupting signal.
    package static func epollWait(_ epoll: Int32, _ events: UnsafeMutableBufferPointer<Event>, timeoutMilliseconds: Int32) -> Int? {
        let count = epoll_wait(epoll, events.baseAddress, Int32(events.count), timeoutMilliseconds)
        if count >= 0 { return Int(count) }
        return errno == EINTR ? 0 : nil
    }

    /// A non-blocking eventfd, a loop's doorbell.
    package static func eventCreate() -> Int32? {
        let descriptor = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        return descriptor >= 0 ? descriptor : nil
    }

    /// Rings the doorbell. A full counter (`EAGAIN`) already means "wake up", so it is not an error.
    package static func eventSignal(_ descriptor: Int32) {
        var one: UInt64 = 1
        while systemWrite(descriptor, &one, MemoryLayout<UInt64>.size) < 0, errno == EINTR {}
    }

    /// Resets an eventfd or timerfd counter so that epoll stops reporting it readable.
    package static func drainCounter(_ descriptor: Int32) {
        var value: UInt64 = 0
        while systemRead(descriptor, &value, MemoryLayout<UInt64>.size) < 0, errno == EINTR {}
    }

    /// A non-blocking monotonic timerfd, for a loop's timers (libcurl's timeouts among them).
    package static func timerCreate() -> Int32? {
        let descriptor = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        return descriptor >= 0 ? descriptor : nil
    }

    /// Arms the timer to fire once after `milliseconds`, or disarms it when `nil`.
    package static func timerArm(_ descriptor: Int32, milliseconds: Int?) {
        var spec = itimerspec()
        if let milliseconds {
            // A zero it_value disarms the timer, so "now" becomes one nanosecond.
            let clamped = max(0, milliseconds)
            spec.it_value.tv_sec = clamped / 1000
            spec.it_value.tv_nsec = clamped % 1000 * 1_000_000
            if clamped == 0 { spec.it_value.tv_nsec = 1 }
        }
        timerfd_settime(descriptor, 0, &spec, nil)
    }

    /// Descriptors a new socket must leave free below the process's limit. The rest of the
    /// process needs a few while a transport holds every other one: libdispatch's thread-pool
    /// monitor opens `/proc/<tid>/stat` every second and traps (SIGILL) when it cannot, and the
    /// bench writes its reports at the end.
    package static let reservedDescriptors = 16

    /// A new socket closed on `exec`, for a loop's connections (libcurl's among them). A socket that would leave fewer
    /// than ``reservedDescriptors`` free is closed at once and refused with `EMFILE`, as if the
    /// limit had been reached, so that a transport's connections can never starve the process.
    package static func openSocket(family: Int32, type: Int32, protocol: Int32) -> Int32? {
        let descriptor = socket(family, type | Int32(SOCK_CLOEXEC.rawValue), `protocol`)
        guard descriptor >= 0 else { return nil }
        if let limit = descriptorLimit, Int(descriptor) >= limit.soft - reservedDescriptors {
            close(descriptor)
            errno = EMFILE
            return nil
        }
        return descriptor
    }
}
#endif
