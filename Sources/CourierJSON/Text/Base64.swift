/// Base64 as Foundation's `base64EncodedString()` writes it: the standard alphabet, `=` padding,
/// no line breaks.
enum Base64 {
    private static let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

    /// Appends `bytes` in Base64 as a JSON string, `/` written as `\/` when `escapingSlashes`.
    static func appendString(_ bytes: UnsafeRawBufferPointer, escapingSlashes: Bool, to text: inout GrowableBuffer<UInt8>) {
        let digits = alphabet.utf8Start
        // Four characters per three bytes, each at most two when escaped, and the quotes.
        let output = text.reserve((bytes.count + 2) / 3 * 8 + 2)
        var written = 1
        output[0] = UInt8(ascii: "\"")
        func put(_ sextet: UInt32) {
            let character = digits[Int(sextet & 0x3F)]
            if escapingSlashes, character == UInt8(ascii: "/") {
                output[written] = UInt8(ascii: "\\")
                written += 1
            }
            output[written] = character
            written += 1
        }
        var index = 0
        while index + 3 <= bytes.count {
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            put(group >> 18)
            put(group >> 12)
            put(group >> 6)
            put(group)
            index += 3
        }
        switch bytes.count - index {
        case 1:
            let group = UInt32(bytes[index]) << 16
            put(group >> 18)
            put(group >> 12)
            output[written] = UInt8(ascii: "=")
            output[written + 1] = UInt8(ascii: "=")
            written += 2
        case 2:
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            put(group >> 18)
            put(group >> 12)
            put(group >> 6)
            output[written] = UInt8(ascii: "=")
            written += 1
        default:
            break
        }
        output[written] = UInt8(ascii: "\"")
        text.count += written + 1
    }
}
