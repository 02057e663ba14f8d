/// A number-heavy row: integers of every width and sign and doubles from
/// everyday decimals to the extremes of the format.
public struct FixtureNumbers: FixtureDocument {
    /// Stable identifier.
    public let id: Int
    /// An 8-bit signed integer.
    public let int8: Int8
    /// A 16-bit signed integer.
    public let int16: Int16
    /// A 32-bit signed integer.
    public let int32: Int32
    /// A 64-bit signed integer.
    public let int64: Int64
    /// A 64-bit unsigned integer, up to `UInt64.max`, which a `Double` cannot hold exactly.
    public let uint64: UInt64
    /// A value in [0, 1), printed with up to 17 significant digits.
    public let ratio: Double
    /// A two-decimal amount such as `-1234.56`.
    public let price: Double
    /// A value between about 1e-21 and 1e21, often printed with an exponent.
    public let measurement: Double
    /// Any finite double, from subnormals to `greatestFiniteMagnitude`, including `-0.0`.
    public let extreme: Double

    /// Creates a row.
    public init(
        id: Int,
        int8: Int8,
        int16: Int16,
        int32: Int32,
        int64: Int64,
        uint64: UInt64,
        ratio: Double,
        price: Double,
        measurement: Double,
        extreme: Double
    ) {
        self.id = id
        self.int8 = int8
        self.int16 = int16
        self.int32 = int32
        self.int64 = int64
        self.uint64 = uint64
        self.ratio = ratio
        self.price = price
        self.measurement = measurement
        self.extreme = extreme
    }

    /// A row is one record.
    public var objectCount: Int { 1 }
}

extension FixtureNumbers: JSONWritable {
    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.field("extreme", extreme)
            writer.field("id", id)
            writer.field("int16", int16)
            writer.field("int32", int32)
            writer.field("int64", int64)
            writer.field("int8", int8)
            writer.field("measurement", measurement)
            writer.field("price", price)
            writer.field("ratio", ratio)
            writer.field("uint64", uint64)
        }
    }
}
