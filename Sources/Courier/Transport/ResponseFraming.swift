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
        guard !contentLengths.isEmpty else { return nil }
        if hasTransferEncoding { throw ResponseFramingError(.contentLengthWithTransferEncoding) }
        var lengths: [Int64] = []
        var values: [String] = []
        for field in contentLengths {
            for item in field.split(separator: ",", omittingEmptySubsequences: false) {
                let value = item.trimmingOptionalWhitespace
                guard !value.isEmpty, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let length = Int64(value) else {
                    throw ResponseFramingError(.invalidContentLength(String(value)))
                }
                lengths.append(length)
                values.append(String(value))
            }
        }
        guard lengths.allSatisfy({ $0 == lengths[0] }) else { throw ResponseFramingError(.conflictingContentLength(values)) }
        return lengths[0]
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
