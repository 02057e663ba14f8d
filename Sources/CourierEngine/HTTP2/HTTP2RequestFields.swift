#if COURIER_HTTP2
import CNGHTTP2
import Courier

/// The field list of an HTTP/2 request as nghttp2 takes it: the pseudo-fields, then the caller's
/// fields with lower-case names, less those HTTP/2 forbids. One per loop, its arrays keeping their
/// capacity from one request to the next; `nghttp2_submit_request` copies what it is given, so the
/// bytes need to live only for that call.
struct HTTP2RequestFields {
    private var bytes: [UInt8] = []
    private var ranges: [(name: Range<Int>, value: Range<Int>)] = []
    private var fields: [nghttp2_nv] = []

    /// Submits `request`, bound for `target`, on `session` as a new stream whose user data is
    /// `stream`, with `body` as its data source when it has one: the stream's id, or nghttp2's
    /// (negative) error.
    mutating func submit(
        _ request: HTTPRequest, target: RequestTarget, acceptEncoding: Bool, session: OpaquePointer, body: nghttp2_data_provider?,
        stream: UnsafeMutableRawPointer
    ) -> Int32 {
        bytes.removeAll(keepingCapacity: true)
        ranges.removeAll(keepingCapacity: true)
        add(":method", request.method)
        add(":scheme", target.isSecure ? "https" : "http")
        var start = bytes.count
        target.withBytes(target.authority) { bytes.append(contentsOf: $0) }
        let authority = start..<bytes.count
        ranges.append((name: append(":authority"), value: authority))
        start = bytes.count
        target.withBytes(target.path) { path in
            if path.first != UInt8(ascii: "/") { bytes.append(UInt8(ascii: "/")) }
            bytes.append(contentsOf: path)
        }
        let path = start..<bytes.count
        ranges.append((name: append(":path"), value: path))
        var saysAcceptEncoding = false
        for field in request.headers.fields where Self.travels(field) {
            if HTTPHeaders.sameName(field.name, "Accept-Encoding") { saysAcceptEncoding = true }
            start = bytes.count
            bytes.append(contentsOf: field.name.utf8.lazy.map(Self.lowercased))
            let name = start..<bytes.count
            ranges.append((name: name, value: append(field.value)))
        }
        if !target.userinfo.isEmpty, !request.headers.contains("Authorization") {
            add("authorization", "Basic " + RequestEncoder.basicCredentials(target))
        }
        if acceptEncoding, !saysAcceptEncoding { add("accept-encoding", RequestEncoder.acceptedEncodings) }
        if let body = request.body { add("content-length", String(body.count)) }
        fields.removeAll(keepingCapacity: true)
        return bytes.withUnsafeMutableBufferPointer { storage in
            guard let base = storage.baseAddress else { return NGHTTP2_ERR_NOMEM.rawValue }
            for (name, value) in ranges {
                fields.append(
                    nghttp2_nv(
                        name: base + name.lowerBound, value: base + value.lowerBound, namelen: name.count, valuelen: value.count,
                        flags: UInt8(NGHTTP2_NV_FLAG_NONE.rawValue)))
            }
            guard var body else { return nghttp2_submit_request(session, nil, fields, fields.count, nil, stream) }
            return nghttp2_submit_request(session, nil, fields, fields.count, &body, stream)
        }
    }

    /// Whether a caller's field goes out over HTTP/2: not `Host` (`:authority` says it), not a
    /// connection-specific field (RFC 9113 §8.2.2), and not `Content-Length` (the transport frames
    /// the body itself).
    private static func travels(_ field: HTTPHeaders.Field) -> Bool {
        for name in dropped where HTTPHeaders.sameName(field.name, name) {
            return false
        }
        // `TE` may say only `trailers`.
        return !HTTPHeaders.sameName(field.name, "TE") || field.value.lowercased() == "trailers"
    }

    private static let dropped = ["Host", "Connection", "Keep-Alive", "Proxy-Connection", "Transfer-Encoding", "Upgrade", "Content-Length"]

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    private mutating func add(_ name: String, _ value: String) {
        ranges.append((name: append(name), value: append(value)))
    }

    /// Appends `text`'s bytes; their range.
    private mutating func append(_ text: String) -> Range<Int> {
        let start = bytes.count
        bytes.append(contentsOf: text.utf8)
        return start..<bytes.count
    }
}
#endif
