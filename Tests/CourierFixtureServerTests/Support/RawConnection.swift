import CourierSystem
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A blocking TCP client for the tests that must send what no HTTP library would: garbage, half
/// requests, hundreds of idle connections. Every read is bounded by a receive timeout, and blocks a
/// thread of its own, never one of the cooperative pool's.
final class RawConnection: Sendable {
    private let descriptor: Int32

    /// Connects to 127.0.0.1:`port`; `nil` when the connection is refused.
    init?(port: UInt16, timeout: TimeInterval = 5) {
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        setTimeout(timeout)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
    }

    deinit {
        close(descriptor)
    }

    /// How long each read waits for bytes.
    func setTimeout(_ timeout: TimeInterval) {
        var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends every byte, unless the server has closed the connection.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            #else
            let sent = bytes[offset...].withUnsafeBytes { Darwin.send(descriptor, $0.baseAddress, $0.count, 0) }
            #endif
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Sends text.
    @discardableResult
    func send(_ text: String) -> Bool {
        send(Array(text.utf8))
    }

    /// Closes the sending side, as a client that has said all it will: the server sees the end of
    /// its input rather than waiting for more.
    func finishSending() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// How a read ended.
    enum End: Equatable, Sendable {
        /// The bytes so far were enough.
        case enough
        /// The server closed its side (FIN).
        case closed
        /// The server reset the connection (RST).
        case reset
        /// Nothing came within the timeout.
        case timedOut
    }

    /// Reads until `enough` says the bytes so far suffice, the server closes, or the timeout passes.
    func receive(until enough: @escaping @Sendable ([UInt8]) -> Bool = { _ in false }) async -> [UInt8] {
        await receiveWithEnd(until: enough).bytes
    }

    /// Reads as ``receive(until:)`` does, and says how the reading ended.
    func receiveWithEnd(until enough: @escaping @Sendable ([UInt8]) -> Bool = { _ in false }) async -> (bytes: [UInt8], end: End) {
        await onOwnThread { self.blockingReceive(until: enough) }
    }

    /// Reads as ``receiveWithEnd(until:)`` does, blocking the calling thread: for a loop that runs
    /// on a thread of its own.
    func blockingReceive(until enough: ([UInt8]) -> Bool) -> (bytes: [UInt8], end: End) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !enough(received) {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 {
                received += buffer[..<count]
                continue
            }
            switch (count, errno) {
            case (0, _): return (received, .closed)
            case (_, ECONNRESET): return (received, .reset)
            default: return (received, .timedOut)
            }
        }
        return (received, .enough)
    }

    /// Reads one response with a `Content-Length` body.
    func receiveResponse() async -> String {
        String(decoding: await receive(until: Self.holdsWholeResponse), as: UTF8.self)
    }

    private static func holdsWholeResponse(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return false }
        let head = text[..<end.lowerBound].lowercased()
        let length =
            head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        return text.utf8.distance(from: end.upperBound.samePosition(in: text.utf8) ?? text.utf8.endIndex, to: text.utf8.endIndex) >= length
    }
}
