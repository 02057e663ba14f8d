/// A response whose framing contradicts itself, so that where its body ends cannot be known: two
/// `Content-Length`s, a length that is not a number, a chunked body that does not parse.
///
/// RFC 9112 §6.3 makes each an unrecoverable error for the recipient: a client that picks one reading
/// may take the start of the next response for the end of this one (or a forged response for the
/// next), so the transports refuse the response and close its connection. The client reports it as
/// ``APIError/Kind/transport`` with this error as its cause; every transport of Courier's throws this
/// same error for the same framing.
public struct ResponseFramingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong with the framing.
    public enum Reason: Sendable, Hashable {
        /// `Content-Length` fields (or one field's list) that give different lengths.
        case conflictingContentLength([String])
        /// A `Content-Length` that is not a non-negative decimal number: its value, or `nil` when
        /// libcurl's own parser refused it without saying the value.
        case invalidContentLength(String?)
        /// `Transfer-Encoding` and `Content-Length` both: RFC 9112 §6.3 calls this a possible attempt at
        /// request smuggling or response splitting, to be handled as an error.
        case contentLengthWithTransferEncoding
        /// A chunked body that does not parse, with the parser's words.
        case invalidChunkedEncoding(String)
        /// A body delimited by the closing of its connection that ended without TLS's closure alert
        /// (`close_notify`): RFC 9112 §9.8 calls such a body incomplete, since whoever can reset the
        /// TCP connection (an attacker on the path) can cut it short anywhere.
        case truncated
    }

    /// What was wrong.
    public let reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// For example `conflicting Content-Length: 5, 75`.
    public var description: String {
        switch reason {
        case .conflictingContentLength(let values): "conflicting Content-Length: \(values.joined(separator: ", "))"
        case .invalidContentLength(let value?): "invalid Content-Length: \(value)"
        case .invalidContentLength(nil): "invalid Content-Length"
        case .contentLengthWithTransferEncoding: "Content-Length and Transfer-Encoding both"
        case .invalidChunkedEncoding(let detail): "invalid chunked encoding: \(detail)"
        case .truncated: "a body delimited by the connection's close ended without TLS close_notify (truncated)"
        }
    }

    /// Checks the framing fields of a response head: `contentLengths` holds the value of every
    /// `Content-Length` field as it came (a transport that joins repeated fields passes the joined
    /// value), `hasTransferEncoding` whether a `Transfer-Encoding` field came. Equal lengths repeated
    /// are one length, as RFC 9110 §8.6 allows.
    ///
    /// Returns the length announced, or `nil` when none was.
    @discardableResult
    public static func check(contentLengths: [String], hasTransferEncoding: Bool) throws(ResponseFramingError) -> Int64? {
        var framing = Framing()
        for value in contentLengths { try framing.add(contentLength: value) }
        framing.hasTransferEncoding = hasTransferEncoding
        return try framing.length(listing: contentLengths)
    }

    /// Checks the framing fields among `headers`, as ``check(contentLengths:hasTransferEncoding:)``
    /// does, without allocating for a head whose framing holds: it runs on every response.
    @discardableResult
    public static func check(_ headers: HTTPHeaders) throws(ResponseFramingError) -> Int64? {
        var framing = Framing()
        for field in headers.fields {
            if HTTPHeaders.sameName(field.name, "Content-Length") {
                try framing.add(contentLength: field.value)
            } else if HTTPHeaders.sameName(field.name, "Transfer-Encoding") {
                framing.hasTransferEncoding = true
            }
        }
        return try framing.length(listing: headers.fields.filter { HTTPHeaders.sameName($0.name, "Content-Length") }.map(\.value))
    }

    /// The lengths and encodings of one head, gathered field by field.
    private struct Framing {
        var length: Int64?
        var disagrees = false
        var hasTransferEncoding = false

        /// Takes one `Content-Length` value, a comma-separated list of decimal numbers.
        mutating func add(contentLength value: String) throws(ResponseFramingError) {
            let bytes = value.utf8
            var start = bytes.startIndex
            while true {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.endIndex
                try add(item: bytes[start..<end])
                guard end != bytes.endIndex else { return }
                start = bytes.index(after: end)
            }
        }

        private mutating func add(item: Substring.UTF8View) throws(ResponseFramingError) {
            let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
            let first = item.firstIndex { !isBlank($0) } ?? item.endIndex
            let last = item.lastIndex { !isBlank($0) }.map { item.index(after: $0) } ?? first
            let digits = item[first..<max(first, last)]
            var number: Int64 = 0
            var valid = !digits.isEmpty
            for byte in digits where valid {
                let (times10, overflow) = number.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times10.addingReportingOverflow(Int64(byte) - 0x30)
                valid = (0x30...0x39).contains(byte) && !overflow && !carry
                number = sum
            }
            guard valid else { throw ResponseFramingError(.invalidContentLength(String(Substring(digits)))) }
            if let length, length != number { disagrees = true }
            length = length ?? number
        }

        /// The length announced, or why the head must be refused; `values` lists the fields' values
        /// for the message, made only then.
        func length(listing values: @autoclosure () -> [String]) throws(ResponseFramingError) -> Int64? {
            if disagrees {
                let items = values().flatMap { $0.split(separator: ",").map { String($0.trimmingOptionalWhitespace) } }
                throw ResponseFramingError(.conflictingContentLength(items))
            }
            if length != nil, hasTransferEncoding { throw ResponseFramingError(.contentLengthWithTransferEncoding) }
            return length
        }
    }

    /// The error libcurl's words describe, when they describe framing: a chunked body that does not
    /// parse ("… in chunked-encoding"), a `Content-Length` it refused ("Invalid Content-Length:
    /// value"). Both of Courier's transports run on libcurl (URLSession on Linux does too), and
    /// libcurl tells these apart from a connection cut short or a garbled reply only in its words.
    public init?(libcurlMessage message: String) {
        let lowercased = message.lowercased()
        if lowercased.contains("chunked-encoding") || lowercased.contains("chunked encoding") {
            self.init(.invalidChunkedEncoding(message))
        } else if lowercased.contains("content-length") {
            self.init(.invalidContentLength(nil))
        } else {
            return nil
        }
    }
}

extension Substring {
    /// Without the spaces and tabs (RFC 9110's OWS) at either end.
    var trimmingOptionalWhitespace: Substring {
        let isBlank = { (character: Character) in character == " " || character == "\t" }
        guard let start = firstIndex(where: { !isBlank($0) }), let end = lastIndex(where: { !isBlank($0) }) else { return "" }
        return self[start...end]
    }
}
