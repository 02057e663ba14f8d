/// Protocol Buffers' wire format, written by hand for the few messages the exporters send (remote
/// write's `WriteRequest`, OTLP's metrics request): varints, fixed 64-bit doubles, and
/// length-delimited strings and embedded messages. Fields at their default (0, empty) are left out,
/// as proto3 does.
struct ProtobufWriter {
    private(set) var bytes: [UInt8] = []

    private enum WireType: UInt64 {
        case varint = 0
        case fixed64 = 1
        case lengthDelimited = 2
    }

    /// An unsigned varint field.
    mutating func uint(_ field: Int, _ value: UInt64) {
        guard value != 0 else { return }
        tag(field, .varint)
        varint(value)
    }

    /// An `int64`/`int32` field (two's complement, as proto does).
    mutating func int(_ field: Int, _ value: Int64) {
        uint(field, UInt64(bitPattern: value))
    }

    /// A `sint64`/`sint32` field (zigzag).
    mutating func sint(_ field: Int, _ value: Int64) {
        uint(field, Self.zigzag(value))
    }

    /// A `double` field.
    mutating func double(_ field: Int, _ value: Double) {
        guard value != 0 || value.sign == .minus else { return }
        tag(field, .fixed64)
        fixed64(value.bitPattern)
    }

    /// A `fixed64` field, written even when 0 (OTLP's timestamps).
    mutating func fixed64(_ field: Int, _ value: UInt64) {
        tag(field, .fixed64)
        fixed64(value)
    }

    /// A `string` field.
    mutating func string(_ field: Int, _ value: String) {
        guard !value.isEmpty else { return }
        bytes(field, Array(value.utf8))
    }

    /// A `bytes` field, or an embedded message already written.
    mutating func bytes(_ field: Int, _ value: [UInt8]) {
        tag(field, .lengthDelimited)
        varint(UInt64(value.count))
        bytes += value
    }

    /// An embedded message, written by `body`; present even when empty.
    mutating func message(_ field: Int, _ body: (inout ProtobufWriter) -> Void) {
        var nested = ProtobufWriter()
        body(&nested)
        bytes(field, nested.bytes)
    }

    /// A packed repeated `sint64` field.
    mutating func packedSint(_ field: Int, _ values: [Int64]) {
        packed(field, values.map(Self.zigzag))
    }

    /// A packed repeated `uint64` field.
    mutating func packedUint(_ field: Int, _ values: [UInt64]) {
        packed(field, values)
    }

    /// A packed repeated `double` field.
    mutating func packedDouble(_ field: Int, _ values: [Double]) {
        guard !values.isEmpty else { return }
        var nested = ProtobufWriter()
        for value in values { nested.fixed64(value.bitPattern) }
        bytes(field, nested.bytes)
    }

    private mutating func packed(_ field: Int, _ values: [UInt64]) {
        guard !values.isEmpty else { return }
        var nested = ProtobufWriter()
        for value in values { nested.varint(value) }
        bytes(field, nested.bytes)
    }

    private mutating func tag(_ field: Int, _ type: WireType) {
        varint(UInt64(field) << 3 | type.rawValue)
    }

    private mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    private mutating func fixed64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    private static func zigzag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }
}
