import Foundation

/// Parses HTTP/1.1 requests out of the bytes a connection has received, strictly: anything that is
/// not a well-formed request is a status to answer with (and the connection is then closed), never a
/// guess and never a crash. Sizes are bounded, so a connection holds at most
/// `maximumHeaderBytes + maximumBodyBytes` of input.
struct RequestParser {
    /// The most bytes a request line and its header fields may take (431 above).
    let maximumHeaderBytes: Int
    /// The largest body accepted (413 above).
    let maximumBodyBytes: Int

    /// What the bytes received so far hold.
    enum Result: Equatable {
        /// Not a whole request yet; read more.
        case incomplete
        /// A whole request, taking the first `length` bytes (head and body).
        case request(RequestHead, length: Int)
        /// A request the server refuses, with the status to answer: 400, 413, 431, 501 or 505.
        case failure(status: Int)
    }

    /// Parses the first request in `input`.
    func parse(_ input: [UInt8]) -> Result {
        guard let headLength = endOfHead(in: input) else {
            return input.count > maximumHeaderBytes ? .failure(status: 431) : .incomplete
        }
        guard headLength <= maximumHeaderBytes else { return .failure(status: 431) }
        var lines = Lines(input[..<headLength])
        guard let requestLine = lines.next() else { return .failure(status: 400) }
        var head: RequestHead
        switch parseRequestLine(requestLine) {
        case .success(let parsed): head = parsed
        case .failure(let status): return .failure(status: status)
        }
        // HTTP/1.1 requires `Host`; before the header fields, keep-alive means exactly that version.
        let requiresHost = head.keepAlive
        var sawHost = false
        var contentLength: Int?
        while let line = lines.next() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                line[..<colon].allSatisfy(Self.isTokenCharacter),
                line[(colon + 1)...].allSatisfy(Self.isFieldValueCharacter)
            else { return .failure(status: 400) }
            let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
            let value = Self.trimmed(line[(colon + 1)...])
            switch name {
            case "host":
                guard !sawHost else { return .failure(status: 400) }
                sawHost = true
            case "content-length":
                guard !value.isEmpty, value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                    return .failure(status: 400)
                }
                // More digits than the limit could ever need: too large, and not worth converting.
                guard value.count <= 15 else { return .failure(status: 413) }
                let length = value.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
                guard contentLength == nil || contentLength == length else { return .failure(status: 400) }
                contentLength = length
            case "transfer-encoding":
                return .failure(status: 501)
            case "authorization":
                head.authorization = String(decoding: value, as: UTF8.self)
            case "cookie":
                // RFC 6265 §5.4 sends one field; more are joined as a client that splits them means.
                let cookie = String(decoding: value, as: UTF8.self)
                head.cookie = head.cookie.map { "\($0); \(cookie)" } ?? cookie
            case "connection":
                for token in String(decoding: value, as: UTF8.self).lowercased().split(separator: ",") {
                    switch token.trimmingCharacters(in: .whitespaces) {
                    case "close": head.keepAlive = false
                    case "keep-alive": head.keepAlive = true
                    default: break
                    }
                }
            default:
                break
            }
        }
        guard sawHost || !requiresHost else { return .failure(status: 400) }
        head.contentLength = contentLength ?? 0
        guard head.contentLength <= maximumBodyBytes else { return .failure(status: 413) }
        let length = headLength + 4 + head.contentLength
        return input.count < length ? .incomplete : .request(head, length: length)
    }

    /// The header fields of a request head this parser accepted (`head` from the request line to
    /// the blank line), names lowercased, in order. Only routes that echo requests need them, so
    /// `parse` keeps none.
    static func fields(in head: ArraySlice<UInt8>) -> [(name: String, value: String)] {
        var lines = Lines(head)
        _ = lines.next()
        var fields: [(name: String, value: String)] = []
        while let line = lines.next() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            fields.append(
                (
                    String(decoding: line[..<colon], as: UTF8.self).lowercased(),
                    String(decoding: trimmed(line[(colon + 1)...]), as: UTF8.self)
                ))
        }
        return fields
    }

    /// The offset of the blank line (`\r\n\r\n`) that ends the head, searched no further than the
    /// header limit allows.
    private func endOfHead(in input: [UInt8]) -> Int? {
        let limit = min(input.count, maximumHeaderBytes + 4)
        guard limit >= 4 else { return nil }
        var index = 0
        while index <= limit - 4 {
            if input[index + 3] != 10 {
                index += input[index + 3] == 13 ? 1 : 4
                continue
            }
            if input[index] == 13, input[index + 1] == 10, input[index + 2] == 13 { return index }
            index += 1
        }
        return nil
    }

    private enum LineResult {
        case success(RequestHead)
        case failure(Int)
    }

    /// `METHOD SP /target SP HTTP/1.x`.
    private func parseRequestLine(_ line: ArraySlice<UInt8>) -> LineResult {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(Self.isTokenCharacter),
            parts[1].first == UInt8(ascii: "/"), parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { return .failure(400) }
        let keepAlive: Bool
        switch String(decoding: parts[2], as: UTF8.self) {
        case "HTTP/1.1": keepAlive = true
        case "HTTP/1.0": keepAlive = false
        case let version
        where version.count == 8 && version.hasPrefix("HTTP/") && version.dropFirst(5).allSatisfy({ $0.isNumber || $0 == "." }):
            return .failure(505)
        default:
            return .failure(400)
        }
        let target = String(decoding: parts[1], as: UTF8.self)
        let path = target.prefix { $0 != "?" }
        let query = target.dropFirst(path.count + 1)
        return .success(
            RequestHead(
                method: String(decoding: parts[0], as: UTF8.self), path: String(path), query: String(query), keepAlive: keepAlive,
                contentLength: 0))
    }

    /// RFC 9110's `tchar`: the characters of methods and field names.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// Visible characters, space, tab and obs-text; no other control character (a bare CR or LF
    /// inside a line is how request smuggling starts).
    private static func isFieldValueCharacter(_ byte: UInt8) -> Bool {
        byte == 9 || (byte >= 0x20 && byte != 0x7F)
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isSpace = { (byte: UInt8) in byte == 32 || byte == 9 }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return []
        }
        return bytes[first...last]
    }
}

/// The CRLF-separated lines of a request head.
private struct Lines: IteratorProtocol {
    private var rest: ArraySlice<UInt8>
    private var done = false

    init(_ head: ArraySlice<UInt8>) {
        rest = head
    }

    mutating func next() -> ArraySlice<UInt8>? {
        guard !done else { return nil }
        var index = rest.startIndex
        while index < rest.endIndex {
            if rest[index] == 13, index + 1 < rest.endIndex, rest[index + 1] == 10 {
                let line = rest[rest.startIndex..<index]
                rest = rest[(index + 2)...]
                return line
            }
            index += 1
        }
        done = true
        return rest
    }
}

/// What the server needs of a parsed request: what was asked for, and whether the connection stays open.
struct RequestHead: Equatable {
    /// The method token, such as `GET`.
    var method: String
    /// The target's path, without the query.
    var path: String
    /// The target's query, without the `?`; empty when there is none.
    var query: String
    /// Whether the connection stays open after the response (HTTP/1.1 unless `Connection: close`;
    /// HTTP/1.0 only with `Connection: keep-alive`).
    var keepAlive: Bool
    /// The body's length from `Content-Length`; the body itself is not kept.
    var contentLength: Int
    /// The `Authorization` field's value, for routes that require one.
    var authorization: String? = nil
    /// The `Cookie` field's value, for the stateful `/flow/…` routes (``FlowService``).
    var cookie: String? = nil
}
