import CourierFixtures
import Foundation

/// What every decoder of the comparison prints: a hash of the decoded values in a byte form the
/// Swift, Rust and Python programs all write alike, so that a decoder that skipped or mangled a
/// value shows. Integers are 8 bytes little-endian (two's complement), doubles their 8 bytes, bools
/// one byte, strings their UTF-8 length (8 bytes) then their bytes, optionals a 0 byte or a 1 byte
/// then the value, arrays their count (8 bytes) then the elements, dates their milliseconds since
/// 1970 as an integer. The hash is FNV-1a over 64-bit little-endian words of that stream, the last
/// padded with zeros.
struct Digest {
    private var bytes: [UInt8] = []

    mutating func add(_ value: Int) { add(UInt64(bitPattern: Int64(value))) }
    mutating func add(_ value: Int64) { add(UInt64(bitPattern: value)) }
    mutating func add(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    mutating func add(_ value: Double) { add(value.bitPattern) }
    mutating func add(_ value: Bool) { bytes.append(value ? 1 : 0) }
    mutating func add(_ value: Date) { add(Int64((value.timeIntervalSince1970 * 1000).rounded())) }

    mutating func add(_ value: String) {
        add(value.utf8.count)
        bytes += value.utf8
    }

    mutating func add<Value: Digestible>(_ value: Value?) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        value.digest(into: &self)
    }

    mutating func add<Value: Digestible>(_ values: [Value]) {
        add(values.count)
        for value in values { value.digest(into: &self) }
    }

    /// The hash, as 16 hexadecimal digits.
    var hex: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var padded = bytes
        padded += [UInt8](repeating: 0, count: (8 - bytes.count % 8) % 8)
        for start in stride(from: 0, to: padded.count, by: 8) {
            var word: UInt64 = 0
            for offset in (0..<8).reversed() { word = word << 8 | UInt64(padded[start + offset]) }
            hash = (hash ^ word) &* 0x100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// A decoded value that can feed a ``Digest``.
protocol Digestible {
    func digest(into digest: inout Digest)
}

extension String: Digestible {
    func digest(into digest: inout Digest) { digest.add(self) }
}

extension Date: Digestible {
    func digest(into digest: inout Digest) { digest.add(self) }
}

extension Array: Digestible where Element: Digestible {
    func digest(into digest: inout Digest) { digest.add(self) }
}

extension FixtureMovie: Digestible {
    func digest(into digest: inout Digest) {
        digest.add(id)
        digest.add(title)
        digest.add(year)
        digest.add(rating)
        digest.add(genres)
        digest.add(released)
        digest.add(director)
    }
}

extension FixturePerson: Digestible {
    func digest(into digest: inout Digest) {
        digest.add(id)
        digest.add(name)
    }
}

extension FixtureNumbers: Digestible {
    func digest(into digest: inout Digest) {
        digest.add(id)
        digest.add(Int(int8))
        digest.add(Int(int16))
        digest.add(Int(int32))
        digest.add(int64)
        digest.add(uint64)
        digest.add(ratio)
        digest.add(price)
        digest.add(measurement)
        digest.add(extreme)
    }
}

extension SplitMix64 {
    /// A value in `range` (the modulo bias does not matter for fixtures).
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    mutating func bool(percentTrue: Int) -> Bool { int(in: 0...99) < percentTrue }

    /// An element of `items`, which the callers' constant lists make non-empty.
    mutating func element<T>(of items: [T]) -> T { items[int(in: 0...(items.count - 1))] }

    /// `count` lowercase hexadecimal digits, as in a commit's SHA.
    mutating func hex(_ count: Int) -> String {
        String((0..<count).map { _ in "0123456789abcdef".randomElement(using: &self) ?? "0" })
    }
}
