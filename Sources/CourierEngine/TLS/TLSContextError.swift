#if os(Linux)
/// Why TLS could not be set up for a transport: the OpenSSL call that failed and OpenSSL's words.
public struct TLSContextError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The call, such as `SSL_CTX_load_verify_locations`.
    public let call: String
    /// OpenSSL's reason.
    public let reason: String

    init(call: String, reason: String) {
        self.call = call
        self.reason = reason
    }

    /// `SSL_CTX_load_verify_locations: …no certificate or crl found`.
    public var description: String {
        reason.isEmpty ? "\(call) failed" : "\(call): \(reason)"
    }
}
#endif
