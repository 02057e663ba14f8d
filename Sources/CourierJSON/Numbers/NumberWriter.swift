/// Writes numbers as Foundation's `JSONEncoder` does: integers in decimal, floating-point values as
/// Swift prints them (the shortest digits that read back as the same value), less a trailing `.0`.
enum NumberWriter {
    /// Appends the decimal digits of `magnitude`, after a minus sign if `negative`.
    @inline(__always)
    static func append(_ magnitude: UInt64, negative: Bool, to text: inout GrowableBuffer<UInt8>) {
        var digits = 1
        var rest = magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        let length = digits + (negative ? 1 : 0)
        let output = text.reserve(length)
        if negative { output[0] = UInt8(ascii: "-") }
        var value = magnitude
        var position = length
        repeat {
            position -= 1
            output[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
            value /= 10
        } while value != 0
        text.count += length
    }

    /// Appends a finite `value` as its `description` does, without `.0` at the end.
    ///
    /// The standard library prints a floating-point value into a stack buffer and hands it to the
    /// stream's `_writeASCII`, so printing into ``ASCIISink`` makes no `String`, where
    /// `description` allocates one for anything longer than fifteen characters.
    @inline(__always)
    static func append<Value: BinaryFloatingPoint & TextOutputStreamable>(_ value: Value, to text: inout GrowableBuffer<UInt8>) {
        var sink = ASCIISink()
        value.write(to: &sink)
        sink.withBytes { printed in
            let dropsZero =
                printed.count >= 2 && printed[printed.count - 2] == UInt8(ascii: ".") && printed[printed.count - 1] == UInt8(ascii: "0")
            text.append(contentsOf: dropsZero ? UnsafeBufferPointer(rebasing: printed.dropLast(2)) : printed)
        }
    }
}

/// A stream that keeps what is printed to it in a fixed buffer, or in a string past that.
private struct ASCIISink: TextOutputStream {
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
    private var count = 0
    /// Everything printed, once it no longer fits in ``storage``: never for a number.
    private var spilled: [UInt8]?

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { append($0) }
    }

    /// The stream requirement the standard library prints numbers through.
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        append(buffer)
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        let capacity = MemoryLayout.size(ofValue: storage)
        if spilled == nil, count + bytes.count <= capacity {
            let count = self.count
            withUnsafeMutableBytes(of: &storage) {
                UnsafeMutableRawBufferPointer(rebasing: $0[count...]).copyMemory(from: UnsafeRawBufferPointer(bytes))
            }
            self.count += bytes.count
            return
        }
        if spilled == nil {
            spilled = withUnsafeBytes(of: storage) { Array($0.prefix(count)) }
        }
        spilled?.append(contentsOf: bytes)
    }

    /// Calls `body` with everything printed.
    func withBytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if let spilled {
            spilled.withUnsafeBufferPointer(body)
            return
        }
        withUnsafeBytes(of: storage) { body(UnsafeBufferPointer(rebasing: $0.bindMemory(to: UInt8.self)[..<count])) }
    }
}
