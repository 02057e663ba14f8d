/// Why the input is not a JSON document, and the byte where that became clear.
struct SyntaxError: Error {
    /// What is wrong, as a sentence without a final period.
    let message: String
    /// The offset of the offending byte.
    let offset: Int
}

/// Why a document is not JSON by RFC 8259, and where: the rule its first offending byte breaks,
/// with the line and column people count and the byte offset programs use.
///
/// ``CourierJSONDecoder/validate(_:)`` throws it; ``CourierJSONDecoder/decode(_:from:)-(_,Data)``
/// throws a `DecodingError.dataCorrupted` with it as the `underlyingError`.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rule broken, as a sentence without a final period, such as `Trailing comma before ']'
    /// (JSON allows none)` or `Unescaped control character byte 0x09 in a string`.
    public let reason: String
    /// The line of the offending byte, from 1; lines end at `\n`.
    public let line: Int
    /// Its column, from 1, counted in Unicode scalars.
    public let column: Int
    /// Its offset in the document, in bytes from 0.
    public let offset: Int

    /// `error` located in `bytes`, the document it was found in.
    init(_ error: SyntaxError, in bytes: UnsafeBufferPointer<UInt8>) {
        let location = TextLocation(of: error.offset, in: bytes)
        reason = error.message
        line = location.line
        column = location.column
        offset = error.offset
    }

    /// `<reason>, at line 8, column 20 (byte 143)`.
    public var description: String {
        "\(reason), at line \(line), column \(column) (byte \(offset))"
    }
}

/// Where a byte lies in the input, as people count: lines and columns from 1.
struct TextLocation: CustomStringConvertible {
    /// The line, from 1; lines end at `\n`.
    let line: Int
    /// The column, from 1, counted in Unicode scalars.
    let column: Int
    /// The byte offset, from 0.
    let offset: Int

    /// The location of byte `offset` of `bytes`, counted from `start` (a location before `offset`,
    /// so that locations asked for in document order cost one pass in all).
    init(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>, from start: TextLocation? = nil) {
        let start = start.flatMap { $0.offset <= offset ? $0 : nil } ?? TextLocation(line: 1, column: 1, offset: 0)
        var line = start.line
        var column = start.column
        for byte in bytes[min(start.offset, bytes.count)..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // A UTF-8 continuation byte belongs to the scalar already counted.
                column += 1
            }
        }
        self.line = line
        self.column = column
        self.offset = offset
    }

    private init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// "line 2, column 7 (byte 15)".
    var description: String { "line \(line), column \(column) (byte \(offset))" }
}
