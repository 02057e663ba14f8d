#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Blocking sockets with time limits: what the hostile servers' threads use, which unlike the fixture
/// server's loop give each connection a thread doing blocking I/O through OpenSSL.
extension Posix {
    /// Makes an accepted socket blocking again, with send and receive timeouts of `seconds`, so that
    /// OpenSSL can read and write it directly and no thread waits on a silent peer for ever.
    package static func makeBlocking(_ descriptor: Int32, timeout seconds: Int) -> Bool {
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else { return false }
        var limit = timeval(tv_sec: seconds, tv_usec: 0)
        let size = socklen_t(MemoryLayout<timeval>.size)
        return setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, size) == 0
            && setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, size) == 0
    }

    /// Shuts both directions of a connection without closing its descriptor: a thread blocked
    /// reading or writing it returns at once, and the descriptor stays its owner's to close.
    package static func shutdown(_ descriptor: Int32) {
        #if canImport(Glibc)
        _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
        #else
        _ = Darwin.shutdown(descriptor, SHUT_RDWR)
        #endif
    }

    /// Whether `descriptor` has bytes to read (or has closed) within `milliseconds`.
    package static func isReadable(_ descriptor: Int32, within milliseconds: Int32) -> Bool {
        var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        return poll(&descriptors, timeout: milliseconds) > 0
    }

    /// Blocks SIGPIPE on the calling thread. OpenSSL writes a socket with `write`, which raises
    /// SIGPIPE once the peer has gone and would end the whole process; blocked, the signal stays
    /// pending on this thread only and the write fails with EPIPE, which the connection handles.
    package static func blockBrokenPipeSignal() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }
}
