/// A value that can append itself to a ``JSONWriter``.
///
/// Internal on purpose: hand-written output is an implementation detail of
/// fixture generation, not something callers should depend on.
protocol JSONWritable {
    func write(to writer: inout JSONWriter)
}

/// Appends compact JSON to a byte buffer.
///
/// Written by hand so the output is fully under our control and stable:
/// `JSONEncoder` neither emits `\uXXXX` escapes nor promises its number and
/// escaping style across Foundation releases.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// When set, every non-ASCII scalar is written as a `\uXXXX` escape.
    var escapesNonASCII = false
    private var isFirstMember = true

    mutating func object(_ body: (inout JSONWriter) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        // Saved and restored so nested objects do not disturb the outer comma state.
        let outerIsFirst = isFirstMember
        isFirstMember = true
        body(&self)
        isFirstMember = outerIsFirst
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func field(_ key: String, _ value: some JSONWritable) {
        if isFirstMember {
            isFirstMember = false
        } else {
            bytes.append(UInt8(ascii: ","))
        }
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
        value.write(to: &self)
    }

    mutating func writeASCII(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most keys and titles need no escaping; copying them whole keeps debug builds fast.
        if string.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x80 && $0 != 0x22 && $0 != 0x5C }) {
            bytes.append(contentsOf: string.utf8)
        } else {
            for scalar in string.unicodeScalars {
                writeEscaped(scalar)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func writeEscaped(_ scalar: Unicode.Scalar) {
        switch scalar {
        case "\"": writeASCII("\\\"")
        case "\\": writeASCII("\\\\")
        case "\n": writeASCII("\\n")
        case "\r": writeASCII("\\r")
        case "\t": writeASCII("\\t")
        case "\u{08}": writeASCII("\\b")
        case "\u{0C}": writeASCII("\\f")
        default:
            if scalar.value < 0x20 {
                writeUnicodeEscape(UInt16(scalar.value))
            } else if scalar.isASCII {
                bytes.append(UInt8(scalar.value))
            } else if escapesNonASCII {
                for unit in String(scalar).utf16 {
                    writeUnicodeEscape(unit)
                }
            } else {
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
    }

    private mutating func writeUnicodeEscape(_ unit: UInt16) {
        let hexDigits = Array("0123456789abcdef".utf8)
        writeASCII("\\u")
        for shift in stride(from: 12, through: 0, by: -4) {
            bytes.append(hexDigits[Int((unit >> UInt16(shift)) & 0xF)])
        }
    }
}

extension String: JSONWritable {
    func write(to writer: inout JSONWriter) { writer.writeString(self) }
}

extension Bool: JSONWritable {
    func write(to writer: inout JSONWriter) { writer.writeASCII(self ? "true" : "false") }
}

extension JSONWritable where Self: BinaryInteger {
    func write(to writer: inout JSONWriter) { writer.writeASCII(String(self)) }
}

extension Int: JSONWritable {}
extension Int8: JSONWritable {}
extension Int16: JSONWritable {}
extension Int32: JSONWritable {}
extension Int64: JSONWritable {}
extension UInt64: JSONWritable {}

extension Double: JSONWritable {
    func write(to writer: inout JSONWriter) {
        // Swift's description is the shortest text that round-trips, and is
        // computed by the standard library itself, so it is identical on every
        // platform. JSON has no spelling for NaN or infinity; generation never
        // produces them, and `null` keeps the document valid if that ever changes.
        writer.writeASCII(isFinite ? description : "null")
    }
}

extension Array: JSONWritable where Element: JSONWritable {
    func write(to writer: inout JSONWriter) {
        writer.writeASCII("[")
        for (index, element) in enumerated() {
            if index > 0 { writer.writeASCII(",") }
            element.write(to: &writer)
        }
        writer.writeASCII("]")
    }
}
