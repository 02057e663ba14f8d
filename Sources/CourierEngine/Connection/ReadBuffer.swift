#if os(Linux)
/// A connection's input (bytes read and not yet taken), or its output (bytes queued and not yet
/// written), in memory the connection allocates when it opens and keeps; it grows only for a
/// response head larger than it (up to the head's limit) or output the socket is slow to take.
struct ReadBuffer: ~Copyable {
    private(set) var storage: UnsafeMutableRawBufferPointer
    /// The unread bytes are `start..<end`.
    private(set) var start = 0
    private(set) var end = 0

    init(capacity: Int) {
        storage = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit {
        storage.deallocate()
    }

    var isEmpty: Bool { start == end }
    var count: Int { end - start }
    var capacity: Int { storage.count }

    /// The unread bytes.
    var unread: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: storage[start..<end])
    }

    /// Room for the next read, after moving the unread bytes to the front when that makes room.
    mutating func freeSpace() -> UnsafeMutableRawBufferPointer {
        if start > 0, end == storage.count || start == end {
            compact()
        }
        return UnsafeMutableRawBufferPointer(rebasing: storage[end...])
    }

    /// `count` bytes were read into ``freeSpace()``.
    mutating func didWrite(_ count: Int) {
        end += count
    }

    /// The first `count` unread bytes are taken.
    mutating func consume(_ count: Int) {
        start += count
        if start == end {
            start = 0
            end = 0
        }
    }

    /// Queues `bytes` after the unread ones, growing when they do not fit.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        if freeSpace().count < bytes.count { grow(to: max(capacity * 2, count + bytes.count)) }
        UnsafeMutableRawBufferPointer(rebasing: storage[end...]).copyMemory(from: bytes)
        end += bytes.count
    }

    /// Forgets every unread byte.
    mutating func clear() {
        start = 0
        end = 0
    }

    /// Makes room for at least `capacity` bytes in all.
    mutating func grow(to capacity: Int) {
        guard capacity > storage.count else { return }
        let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
        larger.copyMemory(from: unread)
        storage.deallocate()
        storage = larger
        end -= start
        start = 0
    }

    private mutating func compact() {
        let unreadCount = end - start
        if unreadCount > 0, let base = storage.baseAddress {
            base.copyMemory(from: base + start, byteCount: unreadCount)
        }
        start = 0
        end = unreadCount
    }
}
#endif
