#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every system call Courier's own I/O makes, in one place for every target that does I/O: the
/// fixture server's loop and its hostile servers, the curl transport's reactor, the benchmark
/// engine's clock. `errno` is read here and `EINTR` retried here, so that callers see descriptors
/// and results only.
///
/// `package` access: the namespace is the package's plumbing, not part of any library's API.
/// Grouped by what the calls serve: sockets and the wake-up pipe (`Posix+Sockets`), epoll, eventfd
/// and timerfd for event loops (`Posix+Events`, Linux), blocking sockets with time limits
/// (`Posix+Blocking`).
package enum Posix {
    /// The `errno` of the last call that failed on this thread.
    package static var lastError: Int32 { errno }

    /// Closes `descriptor`; errors are of no use at this point. Not retried on `EINTR`: Linux
    /// releases the descriptor either way.
    package static func close(_ descriptor: Int32) {
        _ = systemClose(descriptor)
    }

    /// Nanoseconds on a monotonic clock that NTP does not slew: the one event loops' timers (timerfd)
    /// count on, and the one every measurement of the benchmark engine is taken with. Inlined, since
    /// the engine reads it around every measured operation.
    @inlinable @inline(__always)
    package static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        #if canImport(Darwin)
        clock_gettime(CLOCK_MONOTONIC_RAW, &now)
        #else
        clock_gettime(CLOCK_MONOTONIC, &now)
        #endif
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }

    /// The process's limit on open descriptors (`RLIMIT_NOFILE`): the soft limit in force and the
    /// hard one it may be raised to, `Int.max` for no limit; `nil` when it cannot be read.
    package static var descriptorLimit: (soft: Int, hard: Int)? {
        var limit = rlimit()
        guard getrlimit(openFilesResource, &limit) == 0 else { return nil }
        return (count(limit.rlim_cur), count(limit.rlim_max))
    }

    /// Raises the soft descriptor limit as far as the hard one allows, as wrk and nginx do: shells
    /// start processes with a soft limit (often 1024) far below what a load generator needs. When
    /// the system refuses, the limit stays as it was.
    package static func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(openFilesResource, &limit) == 0 else { return }
        var target = limit.rlim_max
        #if canImport(Darwin)
        // Darwin refuses a soft limit above OPEN_MAX whatever the hard limit says.
        target = min(target, rlim_t(OPEN_MAX))
        #endif
        if target > limit.rlim_cur {
            limit.rlim_cur = target
            _ = setrlimit(openFilesResource, &limit)
        }
    }

    #if canImport(Glibc)
    private static let openFilesResource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    // rlim_t.max is RLIM_INFINITY, whose C definition does not import.
    private static let unlimited = rlim_t.max
    #else
    private static let openFilesResource = RLIMIT_NOFILE
    private static let unlimited = RLIM_INFINITY
    #endif

    /// A limit as a count, "unlimited" as `Int.max`.
    private static func count(_ value: rlim_t) -> Int {
        value == unlimited ? Int.max : Int(clamping: value)
    }
}

// The C names, reached through these so that the namespace's own `read`, `write`, `close` and `poll`
// do not shadow them.
func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
func systemPoll(_ descriptors: UnsafeMutablePointer<pollfd>, _ count: nfds_t, _ timeout: Int32) -> Int32 {
    poll(descriptors, count, timeout)
}
func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, bytes, count) }
func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int { read(descriptor, bytes, count) }
func systemAccept(_ listener: Int32) -> Int32 { accept(listener, nil, nil) }
