/// Validates a whole document against RFC 8259 in one pass over its bytes and writes its tape.
///
/// Every byte is checked whatever the model will read later: structure, numbers, string escapes and
/// UTF-8. Values are not converted here; the tape only records where each lies, and the decoder
/// converts what it reads. The input must be followed by ``padding`` zero bytes: the scanners read
/// ahead without bounds checks and stop at the first zero, which no valid document holds outside a
/// string (where an unescaped control character is an error anyway).
struct Parser {
    /// How deeply arrays and objects may nest, as in Foundation's `JSONDecoder`. It bounds the
    /// recursion of `Decodable` initialisers, which run on the caller's stack.
    static let maximumDepth = 512
    /// The zero bytes the input must be followed by: enough for one 8-byte load at the last byte.
    static let padding = 16

    let bytes: UnsafePointer<UInt8>
    let length: Int
    /// The tape. The parser owns it while it runs and grows it as needed; the caller takes it back.
    private(set) var tokens: UnsafeMutablePointer<Token>
    /// The tape's capacity in entries.
    private(set) var capacity: Int
    /// Entries written so far.
    private(set) var count = 0

    /// A parser over `length` bytes at `bytes` (padded), writing into `tokens`, which has room for
    /// `capacity` entries and is reallocated when full.
    init(bytes: UnsafePointer<UInt8>, length: Int, tokens: UnsafeMutablePointer<Token>, capacity: Int) {
        self.bytes = bytes
        self.length = length
        self.tokens = tokens
        self.capacity = max(capacity, 1)
    }

    /// The link from an open container to the one enclosing it while it is open: its `end` field
    /// holds its parent's index until it closes, and this marks the top level.
    private static let topLevel = UInt32.max

    /// Parses the document, or throws at the first byte that makes it invalid.
    ///
    /// The tape then ends with one extra `null` entry, which stands for absent values (a super
    /// decoder for a missing key decodes null, as Foundation's does).
    mutating func parseDocument() throws(SyntaxError) {
        var i = 0
        // RFC 8259 §8.1: a parser may ignore a byte order mark.
        if length >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        var open = Self.topLevel
        var depth = 0
        value: while true {
            i = skipWhitespace(from: i)
            switch bytes[i] {
            case UInt8(ascii: "\""):
                i = try scanString(at: i)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                guard depth <= Self.maximumDepth else {
                    throw SyntaxError(message: "Too many nested arrays or objects (more than \(Self.maximumDepth))", offset: i)
                }
                let isObject = bytes[i] == UInt8(ascii: "{")
                var token = Token(isObject ? .object : .array, start: i, end: 0)
                token.end = open
                open = UInt32(truncatingIfNeeded: append(token))
                i = skipWhitespace(from: i + 1)
                if bytes[i] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    i += 1
                    open = close(open)
                    depth -= 1
                } else if isObject {
                    i = try scanKey(at: i, afterComma: false)
                    continue value
                } else {
                    continue value
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                i = try scanNumber(at: i)
            case UInt8(ascii: "t"):
                i = try scanLiteral(.true, at: i)
            case UInt8(ascii: "f"):
                i = try scanLiteral(.false, at: i)
            case UInt8(ascii: "n"):
                i = try scanLiteral(.null, at: i)
            default:
                throw trailingComma(before: i) ?? unexpected(at: i, expecting: "a value")
            }
            // A value is complete; what may follow it depends on the container it is in.
            while open != Self.topLevel {
                let container = Int(open)
                tokens[container].count += 1
                i = skipWhitespace(from: i)
                let byte = bytes[i]
                if tokens[container].kind == .object {
                    if byte == UInt8(ascii: ",") {
                        i = try scanKey(at: i + 1, afterComma: true)
                        continue value
                    }
                    guard byte == UInt8(ascii: "}") else { throw unexpected(at: i, expecting: "',' or '}' after an object member") }
                } else {
                    if byte == UInt8(ascii: ",") {
                        i += 1
                        continue value
                    }
                    guard byte == UInt8(ascii: "]") else { throw unexpected(at: i, expecting: "',' or ']' after an array element") }
                }
                i += 1
                open = close(open)
                depth -= 1
            }
            break
        }
        i = skipWhitespace(from: i)
        guard i == length else { throw unexpected(at: i, expecting: "the end of the data after the document") }
        append(Token(.null, start: length, end: length))
    }

    /// Closes the container at `index`: its `end` becomes the index of the next entry, and the
    /// enclosing container it linked to is returned.
    private mutating func close(_ index: UInt32) -> UInt32 {
        let container = Int(index)
        let parent = tokens[container].end
        tokens[container].end = UInt32(truncatingIfNeeded: count)
        return parent
    }

    /// Appends an entry and returns its index.
    @inline(__always) @discardableResult
    mutating func append(_ token: Token) -> Int {
        if count == capacity { grow() }
        (tokens + count).initialize(to: token)
        count += 1
        return count - 1
    }

    @inline(never)
    private mutating func grow() {
        let larger = UnsafeMutablePointer<Token>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: tokens, count: count)
        tokens.deallocate()
        tokens = larger
        capacity *= 2
    }

    @inline(__always)
    private func skipWhitespace(from start: Int) -> Int {
        var i = start
        while true {
            let byte = bytes[i]
            guard byte <= 0x20, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return i }
            i += 1
        }
    }

    /// Scans `"key" :` from `start` (whitespace allowed around) and returns the offset after the colon.
    @inline(__always)
    private mutating func scanKey(at start: Int, afterComma: Bool) throws(SyntaxError) -> Int {
        var i = skipWhitespace(from: start)
        guard bytes[i] == UInt8(ascii: "\"") else {
            guard afterComma else { throw unexpected(at: i, expecting: "a key in double quotes or '}'") }
            throw trailingComma(before: i) ?? unexpected(at: i, expecting: "a key in double quotes after ','")
        }
        i = skipWhitespace(from: try scanString(at: i))
        guard bytes[i] == UInt8(ascii: ":") else { throw unexpected(at: i, expecting: "':' after an object key") }
        return i + 1
    }

    /// Checks `true`, `false` or `null` at `start` and returns the offset after it.
    private mutating func scanLiteral(_ kind: TokenKind, at start: Int) throws(SyntaxError) -> Int {
        let word = UInt32(littleEndian: UnsafeRawPointer(bytes + start).loadUnaligned(as: UInt32.self))
        let matches: Bool
        let literalLength: Int
        switch kind {
        case .true:
            (matches, literalLength) = (word == 0x6575_7274, 4)  // "true"
        case .false:
            (matches, literalLength) = (word == 0x736C_6166 && bytes[start + 4] == UInt8(ascii: "e"), 5)  // "fals" "e"
        default:
            (matches, literalLength) = (word == 0x6C6C_756E, 4)  // "null"
        }
        guard matches else { throw SyntaxError(message: "Invalid literal (expected true, false or null)", offset: start) }
        append(Token(kind, start: start, end: start + literalLength))
        return start + literalLength
    }

    /// Checks the number at `start` against RFC 8259's grammar and returns the offset after it.
    private mutating func scanNumber(at start: Int) throws(SyntaxError) -> Int {
        var i = start
        var flags = Token.numberIsInteger
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if Self.isDigit(bytes[i]) { throw SyntaxError(message: "Invalid number: leading zeros are not allowed", offset: i) }
        } else if Self.isDigit(bytes[i]) {
            i = skipDigits(from: i + 1)
        } else {
            throw SyntaxError(message: "Invalid number: expected a digit after '-'", offset: i)
        }
        if bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard Self.isDigit(bytes[i]) else { throw SyntaxError(message: "Invalid number: expected a digit after '.'", offset: i) }
            i = skipDigits(from: i + 1)
            flags &= ~Token.numberIsInteger
        }
        if bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard Self.isDigit(bytes[i]) else { throw SyntaxError(message: "Invalid number: expected a digit in the exponent", offset: i) }
            i = skipDigits(from: i + 1)
            flags &= ~Token.numberIsInteger
        }
        append(Token(.number, flags: flags, start: start, end: i))
        return i
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// The offset of the first byte from `start` on that is not a digit, found eight bytes at a
    /// time. A byte below '0' sets its top bit when '0' is taken from it, one above '9' when 0x46
    /// is added; the digits before the first such byte neither borrow nor carry into it. The
    /// padding's zero bytes end every run, so the loads stay inside the buffer.
    @inline(__always)
    private func skipDigits(from start: Int) -> Int {
        var i = start
        while true {
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes + i).loadUnaligned(as: UInt64.self))
            let notDigits = ((word &- 0x3030_3030_3030_3030) | (word &+ 0x4646_4646_4646_4646)) & 0x8080_8080_8080_8080
            if notDigits != 0 { return i + notDigits.trailingZeroBitCount >> 3 }
            i += 8
        }
    }

    /// The error for an unexpected byte at `offset`, saying what would have been valid.
    private func unexpected(at offset: Int, expecting expected: String) -> SyntaxError {
        guard offset < length else { return SyntaxError(message: "Unexpected end of data (expected \(expected))", offset: offset) }
        return SyntaxError(message: "Unexpected \(Self.describe(bytes[offset])) (expected \(expected))", offset: offset)
    }

    /// The error for a closing bracket where a comma promised another element (`[1,]`,
    /// `{"a":1,}`), at the comma: the one mistake lenient parsers forgive, named for what it is.
    private func trailingComma(before offset: Int) -> SyntaxError? {
        guard offset < length, bytes[offset] == UInt8(ascii: "]") || bytes[offset] == UInt8(ascii: "}") else { return nil }
        var comma = offset - 1
        while comma > 0, bytes[comma] == 0x20 || bytes[comma] == 0x0A || bytes[comma] == 0x0D || bytes[comma] == 0x09 { comma -= 1 }
        guard bytes[comma] == UInt8(ascii: ",") else { return nil }
        return SyntaxError(message: "Trailing comma before '\(Character(Unicode.Scalar(bytes[offset])))' (JSON allows none)", offset: comma)
    }

    /// "character 'x'" for printable ASCII, "byte 0x07" otherwise.
    static func describe(_ byte: UInt8) -> String {
        if byte > 0x20, byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(hex.count == 1 ? "0" : "")\(hex)"
    }
}
