/// An HTTP/2 stream that ended with an error code instead of its response (RFC 9113 §5.4.2, §7):
/// the server reset it (`RST_STREAM`), or the client did, refusing what the server sent on it (a
/// `:status` that is not three digits, an upper-case or connection-specific field, a
/// `content-length` the DATA frames disagree with, a flow-control window past its bound).
///
/// libcurl, under both of Courier's transports on Linux, reports the two alike, with the code's
/// name; so each code is one cause here, whichever side sent it. `REFUSED_STREAM` surfaces only
/// when the server refused a request every time it was tried: it promises it did not process it,
/// and libcurl sends it again on a new connection, five times at most. The client reports this as
/// ``APIError/Kind/transport`` with this error as its cause.
public struct HTTP2StreamError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error code, as RFC 9113 §7 numbers them (1 for `PROTOCOL_ERROR`, 2 for
    /// `INTERNAL_ERROR`, …).
    public let code: UInt32

    /// `REFUSED_STREAM`'s code: the server did not process the request (RFC 9113 §8.7).
    public static let refusedStream: UInt32 = 7

    /// An error with `code`.
    public init(code: UInt32) {
        self.code = code
    }

    /// The code's name in RFC 9113 §7, such as `PROTOCOL_ERROR`, or `0x…` for one it does not name.
    public var codeName: String {
        Self.names.indices.contains(Int(code)) ? Self.names[Int(code)] : "0x" + String(code, radix: 16)
    }

    /// For example `HTTP/2 stream reset with PROTOCOL_ERROR (1)`.
    public var description: String {
        "HTTP/2 stream reset with \(codeName) (\(code))"
    }

    /// The error libcurl's words describe, when they describe a stream that ended with an error code:
    /// "HTTP/2 stream 1 was not closed cleanly: PROTOCOL_ERROR (err 1)".
    public init?(libcurlMessage message: String) {
        guard message.contains("HTTP/2 stream"), let marker = message.range(of: "(err ", options: .backwards) else { return nil }
        let digits = message[marker.upperBound...].prefix { $0.isASCII && $0.isNumber }
        guard let code = UInt32(digits) else { return nil }
        self.init(code: code)
    }

    private static let names = [
        "NO_ERROR", "PROTOCOL_ERROR", "INTERNAL_ERROR", "FLOW_CONTROL_ERROR", "SETTINGS_TIMEOUT", "STREAM_CLOSED", "FRAME_SIZE_ERROR",
        "REFUSED_STREAM", "CANCEL", "COMPRESSION_ERROR", "CONNECT_ERROR", "ENHANCE_YOUR_CALM", "INADEQUATE_SECURITY", "HTTP_1_1_REQUIRED",
    ]
}
