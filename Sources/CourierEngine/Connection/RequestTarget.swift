#if os(Linux)
/// Where a request goes, read from its URL's bytes: the origin a connection serves and the
/// request-target of its request line (RFC 9112 §3.2). Parts are byte ranges of the URL's UTF-8,
/// read without Foundation's URL parser or `Character` indexing, either of which costs more than
/// the whole exchange on a kept-alive connection.
struct RequestTarget {
    /// The URL the ranges are of.
    let url: String
    let isSecure: Bool
    /// `http://host:port`, everything before the path: connections are pooled by it.
    let origin: Range<Int>
    /// The host and port as the URL writes them (an IPv6 address in brackets), for `Host`.
    let authority: Range<Int>
    /// The host alone, without brackets: what is resolved, sent as SNI and checked against the
    /// certificate.
    let host: Range<Int>
    let port: UInt16
    /// The path and query, empty when the URL has neither; never the fragment.
    let path: Range<Int>
    /// `user:password` before an `@` in the authority, percent-encoded as the URL has it; empty
    /// when there is none.
    let userinfo: Range<Int>

    /// Why a URL cannot be sent: said in `URLError(.badURL)` or `.unsupportedURL`.
    enum Failure: Error {
        case unsupportedScheme
        case malformed
    }

    /// The target of `url`, an absolute `http` or `https` URL.
    init(_ url: String) throws(Failure) {
        var url = url
        url.makeContiguousUTF8()
        self.url = url
        let parts = url.utf8.withContiguousStorageIfAvailable { bytes in Result { () throws(Failure) in try Parts(bytes) } }
        guard let parts else { throw .malformed }
        let parsed = try parts.get()
        isSecure = parsed.isSecure
        origin = parsed.origin
        authority = parsed.authority
        host = parsed.host
        port = parsed.port
        path = parsed.path
        userinfo = parsed.userinfo
    }

    /// Calls `body` with the bytes of `range` of the URL.
    func withBytes<T>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        // The URL was made contiguous when the target was made, so this never falls through.
        try url.utf8.withContiguousStorageIfAvailable { try body(UnsafeBufferPointer(rebasing: $0[range])) }
            ?? body(UnsafeBufferPointer(start: nil, count: 0))
    }

    /// The text of `range` of the URL, for what is kept beyond one request (an origin's key and host).
    func text(_ range: Range<Int>) -> String {
        withBytes(range) { String(decoding: $0, as: UTF8.self) }
    }

    /// The parts, found in one pass over the bytes.
    private struct Parts {
        var isSecure = false
        var origin = 0..<0
        var authority = 0..<0
        var host = 0..<0
        var port: UInt16 = 80
        var path = 0..<0
        var userinfo = 0..<0

        init(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) {
            let afterScheme: Int
            if Self.hasScheme(bytes, "http://") {
                afterScheme = 7
            } else if Self.hasScheme(bytes, "https://") {
                afterScheme = 8
                isSecure = true
                port = 443
            } else {
                throw bytes.contains(UInt8(ascii: ":")) ? .unsupportedScheme : .malformed
            }
            var end = afterScheme
            var hostStart = afterScheme
            while end < bytes.count {
                let byte = bytes[end]
                if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
                if byte <= 0x20 || byte >= 0x7F { throw .malformed }
                if byte == UInt8(ascii: "@") {
                    // Credentials (RFC 3986 §3.2.1), sent as Basic authentication as libcurl does;
                    // a second `@` makes it unclear which host is meant.
                    guard hostStart == afterScheme else { throw .malformed }
                    userinfo = afterScheme..<end
                    hostStart = end + 1
                }
                end += 1
            }
            guard end > hostStart else { throw .malformed }
            origin = 0..<end
            authority = hostStart..<end
            var hostEnd = end
            // A port follows the last colon, unless that colon is inside an IPv6 address's brackets.
            var colon = end - 1
            while colon >= hostStart, bytes[colon] != UInt8(ascii: ":"), bytes[colon] != UInt8(ascii: "]") { colon -= 1 }
            if colon >= hostStart, bytes[colon] == UInt8(ascii: ":") {
                let digits = colon + 1..<end
                guard !digits.isEmpty, digits.count <= 5 else { throw .malformed }
                var number = 0
                for index in digits {
                    let digit = Int(bytes[index]) - 0x30
                    guard (0...9).contains(digit) else { throw .malformed }
                    number = number * 10 + digit
                }
                guard (1...65535).contains(number) else { throw .malformed }
                port = UInt16(number)
                hostEnd = colon
            }
            host = hostStart..<hostEnd
            if bytes[hostStart] == UInt8(ascii: "[") {
                guard hostEnd - hostStart > 2, bytes[hostEnd - 1] == UInt8(ascii: "]") else { throw .malformed }
                host = hostStart + 1..<hostEnd - 1
            }
            guard !host.isEmpty else { throw .malformed }
            var pathEnd = end
            while pathEnd < bytes.count, bytes[pathEnd] != UInt8(ascii: "#") {
                let byte = bytes[pathEnd]
                // A request line with a space, a control or a non-ASCII byte in its target would be
                // malformed or split; URLs that need them must percent-encode them.
                if byte <= 0x20 || byte >= 0x7F { throw .malformed }
                pathEnd += 1
            }
            path = end..<pathEnd
        }

        /// Whether `bytes` start with `scheme`, whose letters match in either case (RFC 3986 §3.1).
        private static func hasScheme(_ bytes: UnsafeBufferPointer<UInt8>, _ scheme: StaticString) -> Bool {
            let expected = UnsafeBufferPointer(start: scheme.utf8Start, count: scheme.utf8CodeUnitCount)
            guard bytes.count >= expected.count else { return false }
            for index in expected.indices {
                let byte = bytes[index]
                let wanted = expected[index]
                let folded = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
                guard folded == wanted else { return false }
            }
            return true
        }
    }
}
#endif
