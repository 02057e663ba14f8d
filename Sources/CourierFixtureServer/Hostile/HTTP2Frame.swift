#if COURIER_OPENSSL
/// HTTP/2's frame types (RFC 9113, section 6) that the hostile servers read or send.
enum HTTP2FrameType: UInt8 {
    case data = 0x0
    case headers = 0x1
    case priority = 0x2
    case rstStream = 0x3
    case settings = 0x4
    case pushPromise = 0x5
    case ping = 0x6
    case goAway = 0x7
    case windowUpdate = 0x8
    case continuation = 0x9
}

/// One HTTP/2 frame: the 9-byte header's fields and the payload, built by the servers with any
/// content they please, valid or not.
struct HTTP2Frame: Equatable {
    /// END_STREAM on DATA and HEADERS.
    static let endStream: UInt8 = 0x1
    /// ACK on SETTINGS and PING.
    static let ack: UInt8 = 0x1
    /// END_HEADERS on HEADERS, PUSH_PROMISE and CONTINUATION.
    static let endHeaders: UInt8 = 0x4
    /// The largest payload either side may send before SETTINGS_MAX_FRAME_SIZE raises it, which the
    /// servers never advertise.
    static let maximumPayload = 16 * 1024

    var type: HTTP2FrameType
    var flags: UInt8 = 0
    var stream: UInt32 = 0
    var payload: [UInt8] = []

    /// Whether `flag` is set.
    func has(_ flag: UInt8) -> Bool {
        flags & flag != 0
    }

    /// Appends the frame as it goes on the wire: 24-bit length, type, flags, 31-bit stream id, payload.
    func encode(into bytes: inout [UInt8]) {
        let length = UInt32(payload.count)
        bytes.append(contentsOf: [
            UInt8(truncatingIfNeeded: length >> 16), UInt8(truncatingIfNeeded: length >> 8), UInt8(truncatingIfNeeded: length),
        ])
        bytes.append(type.rawValue)
        bytes.append(flags)
        bytes.appendBigEndian(stream & 0x7fff_ffff)
        bytes.append(contentsOf: payload)
    }

    // MARK: Frames the servers send

    /// SETTINGS with SETTINGS_MAX_CONCURRENT_STREAMS (identifier 3) alone: the one setting the
    /// servers advertise, the others keeping their defaults (16 KiB frames, 64 KiB windows).
    static func settings(maximumConcurrentStreams: UInt32) -> HTTP2Frame {
        var payload: [UInt8] = [0x00, 0x03]
        payload.appendBigEndian(maximumConcurrentStreams)
        return HTTP2Frame(type: .settings, payload: payload)
    }

    /// RST_STREAM of `stream` with `code`.
    static func rstStream(_ stream: UInt32, _ code: HTTP2ErrorCode) -> HTTP2Frame {
        var payload: [UInt8] = []
        payload.appendBigEndian(code.rawValue)
        return HTTP2Frame(type: .rstStream, stream: stream, payload: payload)
    }

    /// GOAWAY naming `lastStream` as the last stream the server will process.
    static func goAway(lastStream: UInt32, _ code: HTTP2ErrorCode) -> HTTP2Frame {
        var payload: [UInt8] = []
        payload.appendBigEndian(lastStream)
        payload.appendBigEndian(code.rawValue)
        return HTTP2Frame(type: .goAway, payload: payload)
    }

    /// WINDOW_UPDATE of `increment` on `stream` (0: the connection), whatever the increment.
    static func windowUpdate(_ stream: UInt32, increment: UInt32) -> HTTP2Frame {
        var payload: [UInt8] = []
        payload.appendBigEndian(increment)
        return HTTP2Frame(type: .windowUpdate, stream: stream, payload: payload)
    }
}

/// Reads frames out of the bytes a connection has received, one complete frame at a time.
struct HTTP2FrameReader {
    /// The client connection preface, which comes before the client's first frame.
    private static let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)
    /// What the client sent that no frame has taken yet.
    private var buffer: [UInt8] = []

    /// A frame longer than the server allows: the connection cannot go on.
    struct FrameSizeError: Error {}

    /// Hands the reader the bytes of one read.
    mutating func append(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
    }

    /// Removes the 24-byte client connection preface; false when it is not all there or not right.
    mutating func takePreface() -> Bool {
        guard buffer.starts(with: Self.preface) else { return false }
        buffer.removeFirst(Self.preface.count)
        return true
    }

    /// Whether the bytes so far could still become the preface, so that reading more is worth it.
    var mayBecomePreface: Bool {
        buffer.count < Self.preface.count && Self.preface.starts(with: buffer)
    }

    /// The next complete frame, skipping frames of types HTTP/2 tells a receiver to ignore; nil
    /// until one has arrived whole.
    mutating func next() throws(FrameSizeError) -> HTTP2Frame? {
        while buffer.count >= 9 {
            let length = Int(buffer[0]) << 16 | Int(buffer[1]) << 8 | Int(buffer[2])
            guard length <= HTTP2Frame.maximumPayload else { throw FrameSizeError() }
            guard buffer.count >= 9 + length else { return nil }
            let stream = (UInt32(buffer[5]) << 24 | UInt32(buffer[6]) << 16 | UInt32(buffer[7]) << 8 | UInt32(buffer[8])) & 0x7fff_ffff
            let frame = HTTP2FrameType(rawValue: buffer[3]).map {
                HTTP2Frame(type: $0, flags: buffer[4], stream: stream, payload: Array(buffer[9..<(9 + length)]))
            }
            buffer.removeFirst(9 + length)
            if let frame { return frame }
        }
        return nil
    }
}

extension [UInt8] {
    /// Appends `value` in network byte order.
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
            UInt8(truncatingIfNeeded: value),
        ])
    }
}
#endif
