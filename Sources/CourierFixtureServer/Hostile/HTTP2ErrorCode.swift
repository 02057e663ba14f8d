#if COURIER_OPENSSL
/// HTTP/2's error codes (RFC 9113, section 7), as RST_STREAM and GOAWAY carry them: what a hostile
/// server resets a stream or ends a connection with.
public enum HTTP2ErrorCode: UInt32, Sendable, CaseIterable {
    /// A graceful end, such as GOAWAY after the server's last request.
    case noError = 0x0
    /// The peer broke the protocol.
    case protocolError = 0x1
    /// The sender failed on its own.
    case internalError = 0x2
    /// The peer broke flow control.
    case flowControlError = 0x3
    /// SETTINGS were not acknowledged in time.
    case settingsTimeout = 0x4
    /// A frame arrived on a half-closed stream.
    case streamClosed = 0x5
    /// A frame had the wrong size.
    case frameSizeError = 0x6
    /// The stream was refused before any processing: safe to retry.
    case refusedStream = 0x7
    /// The stream is no longer needed.
    case cancel = 0x8
    /// The header compression context cannot be kept.
    case compressionError = 0x9
    /// A CONNECT tunnel was reset or closed.
    case connectError = 0xa
    /// The peer is generating too much load.
    case enhanceYourCalm = 0xb
    /// The transport's security does not meet HTTP/2's minimum.
    case inadequateSecurity = 0xc
    /// The endpoint wants HTTP/1.1 instead.
    case http11Required = 0xd
}
#endif
