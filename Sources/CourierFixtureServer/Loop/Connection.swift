import Foundation

/// One client connection, owned by the event loop's thread and touched by no other.
final class Connection {
    /// The socket.
    let descriptor: Int32
    /// Bytes received and not yet parsed; bounded by the parser's limits.
    var input: [UInt8] = []
    /// Chunks to send, in order; the first one has been sent up to `sentOfFirst`.
    var outbox: [Data] = []
    /// How much of `outbox.first` is already sent.
    var sentOfFirst = 0
    /// Closes once the outbox is empty (the response said `Connection: close`, or a fault wants it).
    var closesWhenFlushed = false
    /// Work scheduled for later (a delayed response, the next chunk of a drip). While set, later
    /// requests wait unparsed, so responses leave in request order.
    var timer: Timer?
    /// Whether the socket is still open.
    var isOpen = true
    /// When bytes last moved either way, on the monotonic clock in nanoseconds.
    var lastActivity: UInt64
    /// The events its socket is watched for in the shared loop's epoll set (Linux), 0 when none.
    var watched: UInt32 = 0

    /// A scheduled step of a response.
    struct Timer {
        /// When, on the monotonic clock in nanoseconds.
        let deadline: UInt64
        /// What to do then.
        let action: Action
    }

    /// What a timer does when it fires.
    enum Action {
        /// Sends this reply (its delay is over).
        case respond(Router.Reply)
        /// Sends the next `chunkBytes` of `remaining`, then schedules the rest `interval` later.
        case drip(remaining: Data, chunkBytes: Int, interval: UInt64, keepAlive: Bool)
        /// Sends the rest of a response that was started earlier.
        case finish([Data], keepAlive: Bool)
    }

    init(descriptor: Int32, now: UInt64) {
        self.descriptor = descriptor
        lastActivity = now
        input.reserveCapacity(4096)
    }

    /// Whether the loop should read: not while a response is pending or being sent, so a client
    /// that pipelines cannot make the server buffer without bound.
    var wantsInput: Bool {
        isOpen && !closesWhenFlushed && outbox.isEmpty && timer == nil
    }

    /// Whether the next request in the input may be answered now: not after the last response of the
    /// connection, and not while an earlier one waits on a timer.
    var isReadyForRequest: Bool {
        isOpen && !closesWhenFlushed && timer == nil
    }

    /// Queues bytes to send.
    func enqueue(_ data: Data) {
        if !data.isEmpty { outbox.append(data) }
    }

    /// Queues chunks to send, in order.
    func enqueue(_ chunks: [Data]) {
        for chunk in chunks { enqueue(chunk) }
    }
}
