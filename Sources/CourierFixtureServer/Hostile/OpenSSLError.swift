#if COURIER_OPENSSL
import COpenSSL

/// An OpenSSL call that failed while making test certificates or setting up a hostile server, with
/// OpenSSL's own explanation.
public struct OpenSSLError: Error, CustomStringConvertible {
    /// The call that failed, such as `SSL_CTX_use_PrivateKey_file`.
    public let call: String
    /// OpenSSL's reason, such as `error:0A000086:SSL routines::certificate verify failed`; empty
    /// when OpenSSL gave none.
    public let reason: String

    /// Takes the reason off the calling thread's error queue, which OpenSSL keeps per thread.
    init(call: String) {
        self.call = call
        var buffer = [CChar](repeating: 0, count: 256)
        courier_take_error(&buffer, buffer.count)
        reason = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `SSL_CTX_use_PrivateKey_file: error:…`.
    public var description: String {
        reason.isEmpty ? call : "\(call): \(reason)"
    }
}
#endif
