import BenchmarkEngine
import CourierSystem
import Foundation
import Synchronization
import Testing

@testable import BenchmarkMetrics

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Whether something has happened, as another task sees it.
private final class Finished: Sendable {
    private let flag = Atomic(false)
    var isMarked: Bool { flag.load(ordering: .acquiring) }
    func mark() { flag.store(true, ordering: .releasing) }
}

/// A source of one gauge, counting how often it is read.
private final class CountingSource: MetricsSource {
    let reads = Mutex(0)
    func families() -> [MetricFamily] {
        let count = reads.withLock { count in
            count += 1
            return count
        }
        return [
            MetricFamily(
                name: "probe_reads", kind: .gauge, help: "Reads.", series: [MetricSeries(labels: [], value: .number(Double(count)))])
        ]
    }
}

@Suite(.timeLimit(.minutes(1))) struct MetricsListenerTests {
    /// Sends `request` raw and returns the whole answer.
    private func exchange(_ port: UInt16, _ request: String) async throws -> String {
        try #require(try await attempt(port, request))
    }

    /// The same, `nil` when the request could not be sent (the listener had stopped). The blocking
    /// write and reads run on a thread of their own, not the cooperative pool's.
    private func attempt(_ port: UInt16, _ request: String) async throws -> String? {
        let handle = try #require(Posix.resolve("127.0.0.1", port: port).get().first)
        let socket = try #require(Posix.openClientSocket(for: handle))
        defer { Posix.close(socket) }
        _ = Posix.connect(socket, to: handle)
        let bytes = Array(request.utf8)
        return await onOwnThread { () -> String? in
            guard Posix.makeBlocking(socket, timeout: 5), bytes.withUnsafeBytes({ Posix.write(socket, $0) }) == .bytes(bytes.count) else {
                return nil
            }
            var answer: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while Posix.isReadable(socket, within: 5000) {
                guard case .bytes(let count) = buffer.withUnsafeMutableBytes({ Posix.read(socket, into: $0) }) else { break }
                answer += buffer[0..<count]
            }
            return String(decoding: answer, as: UTF8.self)
        }
    }

    @Test func servesTheFamiliesAsOpenMetricsAndRefusesTheRest() async throws {
        let listener = try MetricsListener.start(try #require(ListenAddress("0")), serving: CountingSource())
        defer { listener.stop() }
        let ok = try await exchange(listener.port, "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(ok.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(ok.contains("Content-Type: application/openmetrics-text; version=1.0.0; charset=utf-8\r\n"))
        #expect(ok.contains("probe_reads 1\n# EOF\n"))
        let head = try await exchange(listener.port, "HEAD /metrics?x=1 HTTP/1.1\r\n\r\n")
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n") && head.hasSuffix("\r\n\r\n"))
        #expect(try await exchange(listener.port, "GET / HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 404 "))
        #expect(try await exchange(listener.port, "POST /metrics HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 405 "))
        #expect(try await exchange(listener.port, "hello\r\n\r\n").hasPrefix("HTTP/1.1 400 "))
        #expect(listener.url == "http://127.0.0.1:\(listener.port)/metrics")
    }

    /// A client that connects and says nothing holds the listener for its exchange limit at most:
    /// the next scrape is answered, and stopping does not wait for the silent one.
    @Test func aSilentClientDoesNotHoldTheListener() async throws {
        let listener = try MetricsListener.start(try #require(ListenAddress("127.0.0.1:0")), serving: CountingSource())
        let address = try #require(Posix.resolve("127.0.0.1", port: listener.port).get().first)
        let silent = try #require(Posix.openClientSocket(for: address))
        defer { Posix.close(silent) }
        _ = Posix.connect(silent, to: address)
        let before = Posix.monotonicNanoseconds()
        #expect(try await exchange(listener.port, "GET /metrics HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 200 OK"))
        #expect(listener.hasServed(readingAfter: before))
        let again = try #require(Posix.openClientSocket(for: address))
        defer { Posix.close(again) }
        _ = Posix.connect(again, to: address)
        listener.stop()
        listener.stop()
    }

    /// A connection that never completes its request is closed by the listener at its exchange
    /// limit: the client reads the end of the stream, not an answer.
    @Test func aSilentClientIsClosedAtTheExchangeLimit() async throws {
        let listener = try MetricsListener.start(try #require(ListenAddress("127.0.0.1:0")), serving: CountingSource())
        defer { listener.stop() }
        let started = ContinuousClock.now
        #expect(try await exchange(listener.port, "GET /metrics HTTP/1.1\r\n").isEmpty)
        #expect(ContinuousClock.now - started >= MetricsListener.exchangeLimit - .milliseconds(50))
    }

    /// A head longer than the listener takes is not answered: the connection is closed.
    @Test func anOversizedHeadIsClosedUnanswered() async throws {
        let listener = try MetricsListener.start(try #require(ListenAddress("127.0.0.1:0")), serving: CountingSource())
        defer { listener.stop() }
        let padding = String(repeating: "x", count: MetricsListener.maximumHeadBytes)
        #expect(try await exchange(listener.port, "GET /metrics HTTP/1.1\r\nX-Pad: \(padding)\r\n\r\n").isEmpty)
    }

    /// Scrapes at once are each answered, and the reading `linger` waits for is the latest.
    @Test func concurrentScrapesAreAllAnswered() async throws {
        let listener = try MetricsListener.start(try #require(ListenAddress("127.0.0.1:0")), serving: CountingSource())
        let port = listener.port
        let answers = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask { try await self.exchange(port, "GET /metrics HTTP/1.1\r\n\r\n") }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.count == 8 && answers.allSatisfy { $0.hasPrefix("HTTP/1.1 200 OK") })
        let lingered = Finished()
        let lingering = Task {
            let scraped = await listener.linger(upTo: .seconds(20))
            lingered.mark()
            return scraped
        }
        // Scrapes until the listener stops: one of them reads the figures after linger began, and
        // the last may find it stopping.
        while !lingered.isMarked {
            _ = try await attempt(port, "GET /metrics HTTP/1.1\r\n\r\n")
        }
        #expect(await lingering.value)
    }

    @Test func aPortTakenIsAnErrorAtStart() throws {
        let first = try MetricsListener.start(try #require(ListenAddress("0")), serving: CountingSource())
        defer { first.stop() }
        #expect(throws: SocketError.self) {
            try MetricsListener.start(try #require(ListenAddress("\(first.port)")), serving: CountingSource())
        }
    }

    @Test(arguments: [("9464", "127.0.0.1", 9464), ("0.0.0.0:80", "0.0.0.0", 80)])
    func addressesReadAsAddrColonPort(text: String, host: String, port: UInt16) throws {
        let address = try #require(ListenAddress(text))
        #expect(address.host == host && address.port == port)
    }

    @Test(arguments: ["", "x", "65536", "localhost:80", "1.2.3:80", ":80", "80:", "1.2.3.4:5:6", "[::1]:80"])
    func otherAddressesAreRefused(text: String) {
        #expect(ListenAddress(text) == nil)
    }
}
