#if os(Linux)
import CourierEventLoop
import CourierSystem
import Dispatch

/// The `/metrics` listener on the package's shared event loop: the listener and each scraper's
/// connection in the loop's epoll set, every connection's deadline on the loop's timer.
///
/// A connection is read until its request head is whole, answered, and closed once the answer is
/// out; one that is not done by its deadline (``MetricsListener/exchangeLimit``) is closed, so a
/// silent or stalled client holds one of ``maximumConnections`` slots for that long at most and
/// never delays the others. Created on the loop's thread and used only there.
final class ScrapeLoop: EventLoopDriver {
    /// Nothing is asked of the loop but to stop, which the loop itself does.
    typealias Command = Never

    /// One scraper's connection.
    private final class Exchange {
        let descriptor: Int32
        /// Monotonic nanoseconds after which it is closed, done or not.
        let deadline: UInt64
        var input: [UInt8] = []
        var output: [UInt8] = []
        var written = 0
        /// When the answer's figures were read; `nil` for an answer without figures (an error).
        var readAt: UInt64?

        init(descriptor: Int32, deadline: UInt64) {
            self.descriptor = descriptor
            self.deadline = deadline
        }
    }

    /// Connections open at once, at most: scrapers are few, and more wait in the backlog.
    static let maximumConnections = 64

    private let io: EventLoopIO
    private let listener: Int32
    private let source: any MetricsSource
    private let record: ScrapeRecord
    private let finished: DispatchSemaphore
    private var exchanges: [Int32: Exchange] = [:]
    private var listenerWatched = false
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 16)

    init(io: EventLoopIO, listener: Int32, source: any MetricsSource, record: ScrapeRecord, finished: DispatchSemaphore) {
        self.io = io
        self.listener = listener
        self.source = source
        self.record = record
        self.finished = finished
        settle()
    }

    deinit {
        buffer.deallocate()
    }

    func receive(_ command: Never) {}

    func ready(_ descriptor: Int32, events: UInt32) {
        if descriptor == listener {
            accept()
        } else if let exchange = exchanges[descriptor] {
            if exchange.output.isEmpty { read(exchange) } else { write(exchange) }
        }
    }

    /// Closes every connection whose deadline has passed.
    func timerFired() {
        let now = Posix.monotonicNanoseconds()
        for exchange in exchanges.values where exchange.deadline <= now {
            close(exchange)
        }
    }

    /// After every turn: the listener watched only while a slot is free, the timer set for the
    /// earliest deadline.
    func settle() {
        let accepting = exchanges.count < Self.maximumConnections
        if listenerWatched != accepting {
            listenerWatched = accepting
            if accepting { io.watch(listener, for: Posix.readable, isNew: true) } else { io.unwatch(listener) }
        }
        if let deadline = exchanges.values.map(\.deadline).min() { io.wake(at: deadline) }
    }

    func tearDown() {
        for exchange in exchanges.values {
            close(exchange)
        }
        Posix.close(listener)
        finished.signal()
    }

    private func accept() {
        while exchanges.count < Self.maximumConnections, let descriptor = Posix.accept(from: listener) {
            let deadline = Posix.monotonicNanoseconds() &+ MetricsListener.exchangeLimit.nanoseconds
            exchanges[descriptor] = Exchange(descriptor: descriptor, deadline: deadline)
            io.watch(descriptor, for: Posix.readable, isNew: true)
        }
    }

    /// Reads what has come; once the head is whole, answers it.
    private func read(_ exchange: Exchange) {
        while true {
            switch Posix.read(exchange.descriptor, into: buffer) {
            case .bytes(let count):
                exchange.input += UnsafeRawBufferPointer(rebasing: buffer[..<count])
                if let end = MetricsListener.endOfHead(exchange.input), end <= MetricsListener.maximumHeadBytes {
                    let head = String(decoding: exchange.input[..<end], as: UTF8.self)
                    (exchange.output, exchange.readAt) = MetricsListener.response(to: head, source: source)
                    io.watch(exchange.descriptor, for: Posix.writable, isNew: false)
                    write(exchange)
                    return
                }
                if exchange.input.count > MetricsListener.maximumHeadBytes {
                    close(exchange)
                    return
                }
            case .wouldBlock:
                return
            case .closed, .failed:
                close(exchange)
                return
            }
        }
    }

    /// Writes as much of the answer as the socket takes; closes the connection once it is out.
    private func write(_ exchange: Exchange) {
        while exchange.written < exchange.output.count {
            let result = exchange.output.withUnsafeBytes {
                Posix.write(exchange.descriptor, UnsafeRawBufferPointer(rebasing: $0[exchange.written...]))
            }
            switch result {
            case .bytes(let count): exchange.written += count
            case .wouldBlock: return
            case .closed, .failed:
                close(exchange)
                return
            }
        }
        if let readAt = exchange.readAt { record.served(readAt: readAt) }
        close(exchange)
    }

    private func close(_ exchange: Exchange) {
        exchanges[exchange.descriptor] = nil
        Posix.close(exchange.descriptor)
    }
}
#endif
