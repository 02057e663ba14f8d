#if os(Linux)
import CourierSystem
import Foundation

/// The bytes of one connection: its socket, through TLS once a stream is set up on it. HTTP/1.1
/// and HTTP/2 connections read and write through it alike, and an HTTP/1.1 connection whose TLS
/// handshake chose `h2` hands it to the HTTP/2 connection that takes over.
struct Wire {
    let descriptor: Int32
    #if COURIER_OPENSSL
    /// The TLS stream on the socket, once there is one.
    var tls: TLSStream?
    #endif

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Whether bytes go through TLS.
    var isSecure: Bool {
        #if COURIER_OPENSSL
        tls != nil
        #else
        false
        #endif
    }

    /// Reads into `buffer`; `.failed(0)` stands for TLS's end without its closure alert.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Posix.IOResult {
        #if COURIER_OPENSSL
        if let tls {
            switch tls.read(into: buffer) {
            case .done(let count): return .bytes(count)
            case .wait: return .wouldBlock
            case .closedCleanly: return .closed
            case .closedUncleanly: return .failed(0)
            case .failed: return .failed(EPROTO)
            }
        }
        #endif
        return Posix.read(descriptor, into: buffer)
    }

    /// Writes as much of `bytes` as the socket takes.
    func write(_ bytes: UnsafeRawBufferPointer) -> Posix.IOResult {
        #if COURIER_OPENSSL
        if let tls {
            switch tls.write(bytes) {
            case .done(let count): return .bytes(count)
            case .wait: return .wouldBlock
            case .closedCleanly, .closedUncleanly: return .closed
            case .failed: return .failed(EPROTO)
            }
        }
        #endif
        return Posix.write(descriptor, bytes)
    }

    /// Whether bytes already read from the socket wait in the TLS library: the socket will not
    /// say so, so a reader that stopped on a short read must read again first.
    var hasBufferedInput: Bool {
        #if COURIER_OPENSSL
        tls?.hasBufferedInput ?? false
        #else
        false
        #endif
    }
}
#endif
