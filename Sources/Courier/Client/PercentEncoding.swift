/// How one part of a URL writes each byte: as itself, or escaped as `%XX`.
///
/// A 256-entry table read once per byte. An entry holds the byte's one or three output bytes
/// (first byte lowest) and, in its top byte, how many there are, so writing a byte is one four-byte
/// store and one advance: no branch on whether it is escaped, which mispredicts often in text
/// that needs escapes.
///
/// Package-wide, so that the bench's targets files encode the values they put in URLs with the
/// client's own tables.
package struct PercentEncoding: Sendable {
    private let entries: [UInt32]

    /// A table that leaves the ASCII `characters` as they are and escapes every other byte.
    package init(allowing characters: String) {
        var entries = (0...255).map { (byte: UInt32) -> UInt32 in
            let hex = Array("0123456789ABCDEF".utf8).map(UInt32.init)
            return 3 << 24 | hex[Int(byte & 0x0F)] << 16 | hex[Int(byte >> 4)] << 8 | UInt32(UInt8(ascii: "%"))
        }
        for byte in characters.utf8 { entries[Int(byte)] = 1 << 24 | UInt32(byte) }
        self.entries = entries
    }

    /// The letters and digits, which no part of a URL escapes.
    package static let alphanumerics = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

    /// What `URLComponents` leaves unescaped in a path: RFC 3986 `pchar` and `/`.
    static let path = PercentEncoding(allowing: alphanumerics + "-._~!$&'()*+,;=:@/")

    /// What `URLComponents` leaves unescaped in a query item, less `+`, `/` and `?`.
    ///
    /// `+` reads as a space to every server that decodes forms, so a literal plus must be escaped;
    /// `/` and `?` are legal in a query, but escaping them too costs nothing and keeps values opaque.
    package static let queryItem = PercentEncoding(allowing: alphanumerics + "-._~!$'()*,;:@")

    /// `value` with every byte this table escapes written `%XX`; `value` itself when none is.
    package func encode(_ value: String) -> String {
        value.withUTF8Bytes { bytes in
            withWriter { writer in
                let count = writer.encodedCount(of: bytes)
                guard count != bytes.count else { return value }
                return String(unsafeUninitializedCapacity: count) { buffer in
                    guard let start = buffer.baseAddress else { return 0 }
                    return writer.write(bytes, to: start, end: start + buffer.count) - start
                }
            }
        }
    }

    /// Calls `body` with a writer over this table.
    @inline(__always)
    func withWriter<Result>(_ body: (Writer) -> Result) -> Result {
        entries.withUnsafeBufferPointer { body(Writer(entries: $0)) }
    }

    /// Measures and writes percent-encoded bytes, in two passes, so that a whole URL is built with
    /// a single allocation.
    struct Writer {
        fileprivate let entries: UnsafeBufferPointer<UInt32>

        /// The length of `bytes` once encoded.
        @inline(__always)
        func encodedCount(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
            var count = 0
            for byte in bytes { count &+= Int(entries[Int(byte)] &>> 24) }
            return count
        }

        /// Writes `bytes` encoded at `output` and returns the position after them. The caller has
        /// measured the room; `end` is where the buffer ends.
        ///
        /// Each byte is stored as four and the position advanced by the one or three that count,
        /// so the store may reach past what is written: the next byte overwrites the excess. Only
        /// near the end of the buffer, where that could reach past it, are bytes written exactly.
        @inline(__always)
        func write(
            _ bytes: UnsafeBufferPointer<UInt8>, to output: UnsafeMutablePointer<UInt8>, end: UnsafeMutablePointer<UInt8>
        ) -> UnsafeMutablePointer<UInt8> {
            var output = output
            // Every byte fits its four-byte store if all of them could be escaped, with room to spare.
            guard end - output >= 3 * bytes.count + 3 else {
                for byte in bytes {
                    let entry = entries[Int(byte)]
                    let length = Int(entry &>> 24)
                    for index in 0..<length { output[index] = UInt8(truncatingIfNeeded: entry &>> (8 * UInt32(index))) }
                    output += length
                }
                return output
            }
            for byte in bytes {
                let entry = entries[Int(byte)]
                UnsafeMutableRawPointer(output).storeBytes(of: entry.littleEndian, as: UInt32.self)
                output += Int(entry &>> 24)
            }
            return output
        }
    }

    /// Copies `bytes` as they are to `output` and returns the position after them.
    @inline(__always)
    static func copy(_ bytes: UnsafeBufferPointer<UInt8>, to output: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        guard let source = bytes.baseAddress else { return output }
        output.update(from: source, count: bytes.count)
        return output + bytes.count
    }
}

extension String {
    /// Calls `body` with the string's UTF-8 bytes, in place for native strings, copied otherwise.
    @inline(__always)
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(utf8).withUnsafeBufferPointer(body)
    }
}
