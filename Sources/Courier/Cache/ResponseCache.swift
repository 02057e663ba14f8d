import Synchronization

/// An in-memory store of responses, bounded in bytes, evicting the least recently used.
///
/// Shared by the ``CacheMiddleware``s it is given to; thread-safe. URLCache is not used because on
/// Linux it refuses to store any response to a request with an `Authorization` header.
public final class ResponseCache: Sendable {
    private struct Slot {
        var entry: CachedResponse
        var lastUse: UInt64
    }

    private struct State {
        var slots: [CacheKey: Slot] = [:]
        var clock: UInt64 = 0
        var bytes = 0
    }

    /// The most bytes the stored bodies and header fields may take.
    public let capacity: Int
    private let state = Mutex(State())

    /// An empty cache holding at most `capacity` bytes (10 MB by default).
    public init(capacity: Int = 10_000_000) {
        self.capacity = capacity
    }

    /// The bytes stored now.
    public var bytes: Int { state.withLock { $0.bytes } }

    /// The number of responses stored now.
    public var count: Int { state.withLock { $0.slots.count } }

    /// Forgets every response: on sign-out, say.
    public func removeAll() {
        state.withLock { $0 = State() }
    }

    func entry(for key: CacheKey) -> CachedResponse? {
        state.withLock { state in
            guard var slot = state.slots[key] else { return nil }
            state.clock += 1
            slot.lastUse = state.clock
            state.slots[key] = slot
            return slot.entry
        }
    }

    /// Stores `entry`, evicting the least recently used until it fits; an entry larger than the whole
    /// cache is not stored.
    func store(_ entry: CachedResponse, for key: CacheKey) {
        state.withLock { state in
            Self.remove(key, from: &state)
            guard entry.cost <= capacity else { return }
            // Eviction scans for the oldest use: linear in the entries, cheap beside a network round trip.
            while state.bytes + entry.cost > capacity, let oldest = state.slots.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                Self.remove(oldest, from: &state)
            }
            state.clock += 1
            state.slots[key] = Slot(entry: entry, lastUse: state.clock)
            state.bytes += entry.cost
        }
    }

    func remove(_ key: CacheKey) {
        state.withLock { Self.remove(key, from: &$0) }
    }

    private static func remove(_ key: CacheKey, from state: inout State) {
        if let slot = state.slots.removeValue(forKey: key) { state.bytes -= slot.entry.cost }
    }
}

/// What a cached response is filed under: the request's method and URL, and the credentials it was
/// sent with, so that one user's responses are never served to another.
struct CacheKey: Hashable, Sendable {
    let method: String
    let url: String
    let authorization: String?
    let cookie: String?

    init(_ request: HTTPRequest) {
        method = request.method.uppercased()
        url = request.url
        authorization = request.headers["Authorization"]
        cookie = request.headers["Cookie"]
    }
}
