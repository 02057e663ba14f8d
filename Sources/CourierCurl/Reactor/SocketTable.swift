#if COURIER_CURL
/// What epoll watches each of libcurl's sockets for, so that the reactor calls `epoll_ctl` only when
/// that changes.
///
/// libcurl drops a kept-alive connection's socket when a request ends and asks for it again when the
/// next request reuses the connection: an `epoll_ctl` each way, per request. The table keeps such a
/// socket in epoll instead. An event on a socket libcurl no longer wants takes it out then (a server
/// closing an idle connection, say), and libcurl's close-socket callback forgets it, because closing
/// a descriptor silently removes it from epoll and its number may come back as a new socket.
struct SocketTable {
    /// A change to make in epoll.
    enum Change: Equatable {
        case none
        case add(UInt32)
        case modify(UInt32)
    }

    private struct Entry {
        /// The events epoll watches the socket for; 0 when it is not in epoll.
        var inEpoll: UInt32 = 0
        /// Whether libcurl currently asks for the socket.
        var wanted = false
    }

    private var entries: [Entry] = []

    /// libcurl wants `events` on `socket`: the change that takes.
    mutating func want(_ socket: Int32, events: UInt32) -> Change {
        guard socket >= 0 else { return .none }
        let index = Int(socket)
        if index >= entries.count { entries.append(contentsOf: repeatElement(Entry(), count: index + 1 - entries.count)) }
        let current = entries[index].inEpoll
        entries[index] = Entry(inEpoll: events, wanted: true)
        if current == events { return .none }
        return current == 0 ? .add(events) : .modify(events)
    }

    /// libcurl no longer wants `socket`; it stays in epoll for now.
    mutating func unwant(_ socket: Int32) {
        guard socket >= 0, Int(socket) < entries.count else { return }
        entries[Int(socket)].wanted = false
    }

    /// Whether an event on `socket` is for libcurl. When it is not, the socket is marked out of epoll
    /// and the caller takes it out.
    mutating func claimEvent(on socket: Int32) -> Bool {
        guard socket >= 0, Int(socket) < entries.count else { return true }
        if entries[Int(socket)].wanted { return true }
        entries[Int(socket)].inEpoll = 0
        return false
    }

    /// `socket` was closed, which took it out of epoll.
    mutating func closed(_ socket: Int32) {
        guard socket >= 0, Int(socket) < entries.count else { return }
        entries[Int(socket)] = Entry()
    }
}
#endif
