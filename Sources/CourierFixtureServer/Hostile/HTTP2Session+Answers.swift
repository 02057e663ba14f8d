#if COURIER_OPENSSL
import Foundation

/// The answers of the HTTP/2 behaviours: the normal one, and each with its one fault.
extension HTTP2Session {
    /// The normal answer's body.
    private static let body = Array(#"{"ok":true}"#.utf8)

    /// Queues (or, for the endless one, sends) the behaviour's answer on `stream`.
    func answer(_ stream: UInt32) {
        switch behaviour {
        case .h2ResetMidBody(let code):
            sendHeaders(stream, fields: Self.fields(contentLength: 1000), endStream: false)
            send(HTTP2Frame(type: .data, stream: stream, payload: [UInt8](repeating: UInt8(ascii: "x"), count: 100)))
            send(.rstStream(stream, code))
            return
        case .h2EndlessContinuation:
            sendEndlessContinuation(stream)
            return
        case .h2Status(let status):
            var fields = Self.fields(contentLength: Self.body.count)
            fields.removeFirst()
            if let status { fields.insert((":status", status), at: 0) }
            sendHeaders(stream, fields: fields)
        case .h2UpperCaseFieldName:
            sendHeaders(
                stream, fields: [(":status", "200"), ("Content-Type", "application/json"), ("content-length", "\(Self.body.count)")])
        case .h2ConnectionSpecificField:
            sendHeaders(stream, fields: Self.fields(contentLength: Self.body.count) + [("connection", "keep-alive")])
        case .h2ContentLengthMismatch:
            sendHeaders(stream, fields: Self.fields(contentLength: 100))
            counters.streamsAnswered.wrappingAdd(1, ordering: .relaxed)
            send(
                HTTP2Frame(
                    type: .data, flags: HTTP2Frame.endStream, stream: stream, payload: Array(repeating: UInt8(ascii: "x"), count: 10)))
            return
        case .h2ZeroWindowUpdate:
            send(.windowUpdate(stream, increment: 0))
            sendHeaders(stream, fields: Self.fields(contentLength: Self.body.count))
        case .h2PushPromise:
            var payload: [UInt8] = []
            payload.appendBigEndian(2)
            payload += HPACKLiteralEncoder.encode([
                (":method", "GET"), (":scheme", "https"), (":path", "/pushed"), (":authority", "127.0.0.1"),
            ])
            send(HTTP2Frame(type: .pushPromise, flags: HTTP2Frame.endHeaders, stream: stream, payload: payload))
            sendHeaders(stream, fields: Self.fields(contentLength: Self.body.count))
        case .h2HugeHeaderList(let bytes):
            let value = String(repeating: "f", count: 1024)
            var fields = Self.fields(contentLength: Self.body.count)
            var size = HPACKLiteralEncoder.encode(fields).count
            while size < bytes {
                fields.append(("x-filler-\(fields.count)", value))
                size += 1024 + 16
            }
            sendHeaders(stream, fields: fields)
        default:
            sendHeaders(stream, fields: Self.fields(contentLength: Self.body.count))
        }
        // Counted before the last frame leaves: the client can read it, and its test the count,
        // before this thread runs again.
        counters.streamsAnswered.wrappingAdd(1, ordering: .relaxed)
        send(HTTP2Frame(type: .data, flags: HTTP2Frame.endStream, stream: stream, payload: Self.body))
    }

    /// `:status 200`, `content-type: application/json` and `content-length`, in that order.
    private static func fields(contentLength: Int) -> [HPACKLiteralEncoder.Field] {
        [(":status", "200"), ("content-type", "application/json"), ("content-length", "\(contentLength)")]
    }

    /// The block of `fields` in a HEADERS frame, followed by CONTINUATION frames when it is larger
    /// than a frame, the last with END_HEADERS.
    private func sendHeaders(_ stream: UInt32, fields: [HPACKLiteralEncoder.Field], endStream: Bool = false) {
        let block = HPACKLiteralEncoder.encode(fields)
        var start = 0
        repeat {
            let end = min(block.count, start + HTTP2Frame.maximumPayload)
            var flags: UInt8 = end == block.count ? HTTP2Frame.endHeaders : 0
            if start == 0, endStream { flags |= HTTP2Frame.endStream }
            send(HTTP2Frame(type: start == 0 ? .headers : .continuation, flags: flags, stream: stream, payload: Array(block[start..<end])))
            start = end
        } while start < block.count
    }

    /// HEADERS without END_HEADERS, then CONTINUATION frames of one 16 KiB literal field each,
    /// written at once, until a write fails, 64 MiB have gone or 30 s have passed. The connection
    /// cannot go on after a header block that never ended, so it ends with it.
    private func sendEndlessContinuation(_ stream: UInt32) {
        send(HTTP2Frame(type: .headers, stream: stream, payload: HPACKLiteralEncoder.encode([(":status", "200")])))
        guard flush() else { return }
        let fragment = HPACKLiteralEncoder.encode([("x-continued", String(repeating: "c", count: HTTP2Frame.maximumPayload - 32))])
        var frame: [UInt8] = []
        HTTP2Frame(type: .continuation, stream: stream, payload: fragment).encode(into: &frame)
        let deadline = ContinuousClock.now + .seconds(30)
        var sent = 0
        while sent < 64 << 20, ContinuousClock.now < deadline, connection.write(frame) {
            sent += frame.count
        }
        finish()
    }
}
#endif
