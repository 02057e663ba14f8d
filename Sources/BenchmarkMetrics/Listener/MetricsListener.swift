import BenchmarkEngine
import CourierSystem
import Foundation
import Synchronization

/// Serves `GET /metrics` in the OpenMetrics text format on a thread of its own, built on the
/// package's system layer (``CourierSystem``) as the fixture server is.
///
/// One connection at a time, answered and closed: a scraper asks once every few seconds. Each gets
/// at most ``exchangeLimit`` to send its request and take the answer, so a client that connects and
/// says nothing holds the listener for no longer; the load run never waits for the listener.
public final class MetricsListener: Sendable {
    /// The port it listens on: the one asked for, or the one the system picked for 0.
    public let port: UInt16
    /// The address it listens on.
    public let host: String
    /// How long one connection may take to send its request and read the answer.
    public static let exchangeLimit = Duration.seconds(2)

    private let stopper: LoopStopper
    /// When the figures of the latest answered scrape were read (monotonic nanoseconds).
    private let lastServedReading = Atomic<UInt64>(0)

    /// Listens on `address` and serves `source`'s figures; throws when it cannot bind.
    public static func start(_ address: ListenAddress, serving source: any MetricsSource) throws(SocketError) -> MetricsListener {
        let (listener, port, pipe) = try Posix.makeServerSockets(port: address.port, host: address.address, backlog: 64)
        let server = MetricsListener(port: port, host: address.host, wake: pipe.write)
        let thread = Thread { [server] in
            server.serve(listener: listener, wake: pipe.read, source: source)
            Posix.close(listener)
            Posix.close(pipe.read)
            server.stopper.loopFinished()
        }
        thread.name = "MetricsListener:\(port)"
        thread.start()
        return server
    }

    private init(port: UInt16, host: String, wake: Int32) {
        self.port = port
        self.host = host
        stopper = LoopStopper(wake: wake)
    }

    /// `http://host:port/metrics`.
    public var url: String {
        "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)/metrics"
    }

    /// Whether a scrape whose figures were read after the monotonic time `instant` has been
    /// answered in full.
    public func hasServed(readingAfter instant: UInt64) -> Bool {
        lastServedReading.load(ordering: .acquiring) > instant
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

    /// Closes the listener and returns once its thread has. Calling it again does nothing.
    public func stop() {
        stopper.stop()
    }

    deinit {
        stop()
    }

    private func serve(listener: Int32, wake: Int32, source: any MetricsSource) {
        var descriptors = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        while !stopper.isStopped {
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            guard Posix.poll(&descriptors, timeout: -1) > 0 else { continue }
            if descriptors[1].revents != 0 { return }
            guard let connection = Posix.accept(from: listener) else { continue }
            answer(connection, wake: wake, source: source)
            Posix.close(connection)
        }
    }

    /// Reads one request from `connection` and answers it, within ``exchangeLimit``.
    private func answer(_ connection: Int32, wake: Int32, source: any MetricsSource) {
        let deadline = Platform.monotonicNanoseconds() &+ Self.exchangeLimit.nanoseconds
        let exchange = SocketExchange(descriptor: connection, wake: wake, deadline: deadline)
        guard let head = exchange.readHead() else { return }
        let (response, readAt) = Self.response(to: head, source: source)
        if exchange.write(response), let readAt {
            lastServedReading.store(readAt, ordering: .releasing)
        }
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

    private static func plain(_ status: Int, _ reason: String, _ body: String, extra: String = "") -> [UInt8] {
        Array(
            "HTTP/1.1 \(status) \(reason)\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n\(extra)Connection: close\r\n\r\n\(body)"
                .utf8)
    }
}
