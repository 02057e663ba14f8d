/// RFC 8259's grammar as plainly as it can be written: recursive descent over the bytes, strings
/// checked with the standard library's UTF-8 validation. Slow and obviously right, it is the oracle
/// the fuzz tests hold the fast parser to; it makes the same choices (a leading byte order mark is
/// skipped, lone surrogate escapes are errors, at most 512 levels of nesting).
struct ReferenceValidator {
    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0

    /// Whether `bytes` is one JSON document.
    static func isValid(_ bytes: [UInt8]) -> Bool {
        var validator = ReferenceValidator(bytes: Array(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]))
        guard validator.value() else { return false }
        validator.skipWhitespace()
        return validator.position == validator.bytes.count
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var next: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let byte = next, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard next == byte else { return false }
        position += 1
        return true
    }

    private mutating func value() -> Bool {
        skipWhitespace()
        switch next {
        case UInt8(ascii: "{"): return container(close: UInt8(ascii: "}"), member: { $0.member() })
        case UInt8(ascii: "["): return container(close: UInt8(ascii: "]"), member: { $0.value() })
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return number()
        }
    }

    private mutating func container(close: UInt8, member: (inout ReferenceValidator) -> Bool) -> Bool {
        position += 1
        depth += 1
        defer { depth -= 1 }
        guard depth <= 512 else { return false }
        skipWhitespace()
        if consume(close) { return true }
        repeat {
            guard member(&self) else { return false }
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        return consume(close)
    }

    private mutating func member() -> Bool {
        skipWhitespace()
        guard next == UInt8(ascii: "\""), string() else { return false }
        skipWhitespace()
        return consume(UInt8(ascii: ":")) && value()
    }

    private mutating func literal(_ word: String) -> Bool {
        for byte in word.utf8 { guard consume(byte) else { return false } }
        return true
    }

    private mutating func digits() -> Int {
        let start = position
        while let byte = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
        return position - start
    }

    private mutating func number() -> Bool {
        _ = consume(UInt8(ascii: "-"))
        if consume(UInt8(ascii: "0")) {
            if let byte = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { return false }
        } else if digits() == 0 {
            return false
        }
        if consume(UInt8(ascii: ".")), digits() == 0 { return false }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            if digits() == 0 { return false }
        }
        return true
    }

    private mutating func string() -> Bool {
        position += 1
        var run: [UInt8] = []
        var pendingHighSurrogate = false
        while let byte = next {
            position += 1
            if byte == UInt8(ascii: "\"") { return !pendingHighSurrogate && String(validating: run, as: UTF8.self) != nil }
            if byte < 0x20 { return false }
            if byte != UInt8(ascii: "\\") {
                if pendingHighSurrogate { return false }
                run.append(byte)
                continue
            }
            guard let escaped = next else { return false }
            position += 1
            if escaped == UInt8(ascii: "u") {
                guard position + 4 <= bytes.count,
                    let unit = UInt16(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16),
                    bytes[position..<position + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
                else { return false }
                position += 4
                let isHigh = (0xD800...0xDBFF).contains(unit)
                let isLow = (0xDC00...0xDFFF).contains(unit)
                if pendingHighSurrogate != isLow { return false }
                pendingHighSurrogate = isHigh
                run.append(UInt8(ascii: "?"))
            } else {
                guard !pendingHighSurrogate, "\"\\/bfnrt".utf8.contains(escaped) else { return false }
                run.append(UInt8(ascii: "?"))
            }
        }
        return false
    }
}
