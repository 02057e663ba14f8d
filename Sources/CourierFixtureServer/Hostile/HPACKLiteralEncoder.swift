#if COURIER_OPENSSL
/// Encodes response header fields for HPACK (RFC 7541) in its plainest form: each a literal field
/// without indexing with a new name, raw bytes without Huffman coding. Nothing is indexed, so the
/// client's decoder keeps no state from it, and nothing is checked, so a server can send an invalid
/// name, value or status on purpose.
enum HPACKLiteralEncoder {
    /// One field as (name, value), bytes as given.
    typealias Field = (name: String, value: String)

    /// The header block fragment of `fields`, in order.
    static func encode(_ fields: [Field]) -> [UInt8] {
        var block: [UInt8] = []
        for field in fields {
            block.append(0x00)
            appendString(field.name, to: &block)
            appendString(field.value, to: &block)
        }
        return block
    }

    /// A string literal: its length as a 7-bit-prefix integer with the Huffman bit clear, then its bytes.
    private static func appendString(_ string: String, to block: inout [UInt8]) {
        let bytes = Array(string.utf8)
        var length = bytes.count
        if length < 127 {
            block.append(UInt8(length))
        } else {
            block.append(127)
            length -= 127
            while length >= 128 {
                block.append(UInt8(truncatingIfNeeded: length & 0x7f) | 0x80)
                length >>= 7
            }
            block.append(UInt8(length))
        }
        block.append(contentsOf: bytes)
    }
}
#endif
