import BenchmarkEngine
import CourierSystem
import Dispatch
import Synchronization

#if os(Linux)
import CourierEventLoop
#else
import Foundation
#endif

/// Serves `GET /metrics` in the OpenMetrics text format on a thread of its own, built on the
/// package's system layer (``CourierSystem``) as the fixture server is.
///
/// On Linux it is a driver of the package's shared event loop (`ScrapeLoop.swift`), on epoll as
/// the fixture server and the transports are; elsewhere a `poll` loop of its own answers one
/// connection at a time (`MetricsListener+Poll.swift`). Each connection gets at most
/// ``exchangeLimit`` to send its request and take the answer, so a client that connects and says
/// nothing holds a slot for no longer; the load run never waits for the listener.
public final class MetricsListener: Sendable {
    /// The port it listens on: the one asked for, or the one the system picked for 0.
    public let port: UInt16
    /// The address it listens on.
    public let host: String
    /// How long one connection may take to send its request and read the answer.
    public static let exchangeLimit = Duration.seconds(2)
    /// The most bytes a request head may take.
    static let maximumHeadBytes = 8192

    /// When the figures of the latest answered scrape were read, shared with the loop.
    private let record: ScrapeRecord
    #if os(Linux)
    private let loop: EventLoop<ScrapeLoop>
    private let finished: DispatchSemaphore
    private let stopped = Atomic<Bool>(false)
    #else
    private let stopper: LoopStopper
    #endif

    /// Listens on `address` and serves `source`'s figures; throws when it cannot bind.
    public static func start(_ address: ListenAddress, serving source: any MetricsSource) throws(SocketError) -> MetricsListener {
        let record = ScrapeRecord()
        #if os(Linux)
        let listener = try Posix.makeListener(port: address.port, host: address.address, backlog: 64)
        let port = try Posix.localPort(closingOnFailure: listener)
        let finished = DispatchSemaphore(value: 0)
        do throws(EventLoopError) {
            let loop = try EventLoop(name: "MetricsListener:\(port)") { io in
                ScrapeLoop(io: io, listener: listener, source: source, record: record, finished: finished)
            }
            return MetricsListener(port: port, host: address.host, record: record, loop: loop, finished: finished)
        } catch {
            Posix.close(listener)
            throw SocketError(call: error.call, code: error.code)
        }
        #else
        let (listener, port, pipe) = try Posix.makeServerSockets(port: address.port, host: address.address, backlog: 64)
        let stopper = LoopStopper(wake: pipe.write)
        let thread = Thread {
            MetricsListener.serve(listener: listener, wake: pipe.read, source: source, record: record, stopper: stopper)
            Posix.close(listener)
            Posix.close(pipe.read)
            stopper.loopFinished()
        }
        thread.name = "MetricsListener:\(port)"
        thread.start()
        return MetricsListener(port: port, host: address.host, record: record, stopper: stopper)
        #endif
    }

    #if os(Linux)
    private init(port: UInt16, host: String, record: ScrapeRecord, loop: EventLoop<ScrapeLoop>, finished: DispatchSemaphore) {
        self.port = port
        self.host = host
        self.record = record
        self.loop = loop
        self.finished = finished
    }
    #else
    private init(port: UInt16, host: String, record: ScrapeRecord, stopper: LoopStopper) {
        self.port = port
        self.host = host
        self.record = record
        self.stopper = stopper
    }
    #endif

    /// `http://host:port/metrics`.
    public var url: String {
        "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)/metrics"
    }

    /// Whether a scrape whose figures were read after the monotonic time `instant` has been
    /// answered in full.
    public func hasServed(readingAfter instant: UInt64) -> Bool {
        record.lastServedReading > instant
    }

    /// Keeps serving until a scrape has read the figures as they are now, at most `grace`, then
    /// stops; whether a scrape read them. The last scrape of a finished run sees its end.
    public func linger(upTo grace: Duration) async -> Bool {
        let now = Posix.monotonicNanoseconds()
        let deadline = ContinuousClock.now + grace
        while !hasServed(readingAfter: now), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(50))
        }
        stop()
        return hasServed(readingAfter: now)
    }

    /// Closes the listener and every connection, and returns once its thread has. Calling it
    /// again does nothing.
    public func stop() {
        #if os(Linux)
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        loop.requestShutdown()
        finished.wait()
        #else
        stopper.stop()
        #endif
    }

    deinit {
        stop()
    }

    /// The whole response to a request whose head is `head`, and when its figures were read.
    static func response(to head: String, source: any MetricsSource) -> (bytes: [UInt8], readAt: UInt64?) {
        let requestLine = head.prefix { !$0.isNewline }.split(separator: " ")
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else {
            return (plain(400, "Bad Request", "a request line is 'GET /metrics HTTP/1.1'\n"), nil)
        }
        let path = requestLine[1].prefix { $0 != "?" }
        guard path == "/metrics" else { return (plain(404, "Not Found", "the metrics are at /metrics\n"), nil) }
        guard requestLine[0] == "GET" || requestLine[0] == "HEAD" else {
            return (plain(405, "Method Not Allowed", "GET /metrics\n", extra: "Allow: GET, HEAD\r\n"), nil)
        }
        let readAt = Platform.monotonicNanoseconds()
        let body = Array(OpenMetricsText.render(source.families()).utf8)
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: \(OpenMetricsText.contentType)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return (Array(head.utf8) + (requestLine[0] == "HEAD" ? [] : body), readAt)
    }

    /// Where a request's head ends (after its CRLF CRLF), if it has.
    static func endOfHead(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count where bytes[index - 3] == 13 && bytes[index - 2] == 10 && bytes[index - 1] == 13 && bytes[index] == 10
        {
            return index + 1
        }
        return nil
    }

    private static func plain(_ status: Int, _ reason: String, _ body: String, extra: String = "") -> [UInt8] {
        Array(
            "HTTP/1.1 \(status) \(reason)\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n\(extra)Connection: close\r\n\r\n\(body)"
                .utf8)
    }
}

/// When the figures of the latest scrape answered in full were read (monotonic nanoseconds): what
/// the loop's thread writes and ``MetricsListener/linger(upTo:)`` reads. A class of its own so that
/// the loop never holds the listener, whose `deinit` stops the loop.
final class ScrapeRecord: Sendable {
    private let reading = Atomic<UInt64>(0)

    var lastServedReading: UInt64 { reading.load(ordering: .acquiring) }

    /// A scrape whose figures were read at `instant` has been answered. Answers may finish out of
    /// the order their figures were read in; the latest reading stays.
    func served(readAt instant: UInt64) {
        reading.max(instant, ordering: .acquiringAndReleasing)
    }
}
