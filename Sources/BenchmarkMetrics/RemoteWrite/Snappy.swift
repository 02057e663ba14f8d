/// Snappy's block format (the framing-free one remote write uses), compressed by a greedy matcher:
/// a hash of each 4-byte sequence finds an earlier occurrence within 64 KiB, which becomes a copy;
/// the rest goes out as literals. It is Snappy's own algorithm, without its speed tricks: a
/// request of a few hundred series compresses in well under a millisecond, and any Snappy decoder
/// (Prometheus', the tests') reads it back.
///
/// Written here rather than linked from libsnappy: about a hundred lines, no trait, no system
/// package, and the same on every platform.
public enum Snappy {
    /// `input` compressed.
    public static func compress(_ input: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 2 + 16)
        var length = UInt64(input.count)
        while length >= 0x80 {
            output.append(UInt8(truncatingIfNeeded: length) | 0x80)
            length >>= 7
        }
        output.append(UInt8(length))
        guard input.count >= 4 else {
            literal(input[...], into: &output)
            return output
        }
        let tableBits = 14
        var table = [Int](repeating: -1, count: 1 << tableBits)
        var literalStart = 0
        var position = 0
        while position + 4 <= input.count {
            let word = load(input, position)
            let slot = Int((word &* 0x1E35_A7BD) >> UInt32(32 - tableBits))
            let candidate = table[slot]
            table[slot] = position
            guard candidate >= 0, position - candidate <= 65_535, load(input, candidate) == word else {
                position += 1
                continue
            }
            var matched = 4
            while position + matched < input.count, input[candidate + matched] == input[position + matched] { matched += 1 }
            literal(input[literalStart..<position], into: &output)
            copy(offset: position - candidate, length: matched, into: &output)
            position += matched
            literalStart = position
        }
        literal(input[literalStart...], into: &output)
        return output
    }

    private static func load(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }

    /// A literal element: its length − 1 in the tag (up to 60) or in 1–4 bytes after it.
    private static func literal(_ bytes: ArraySlice<UInt8>, into output: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        let lengthMinusOne = bytes.count - 1
        if lengthMinusOne < 60 {
            output.append(UInt8(lengthMinusOne << 2))
        } else {
            var extra: [UInt8] = []
            var value = lengthMinusOne
            while value > 0 {
                extra.append(UInt8(truncatingIfNeeded: value))
                value >>= 8
            }
            output.append(UInt8((59 + extra.count) << 2))
            output += extra
        }
        output += bytes
    }

    /// Copy elements with a 2-byte offset, 64 bytes at most each.
    private static func copy(offset: Int, length: Int, into output: inout [UInt8]) {
        var remaining = length
        while remaining > 0 {
            // A copy with a 2-byte offset covers 1 to 64 bytes: a longer match takes several.
            let chunk = min(remaining, 64)
            output.append(UInt8((chunk - 1) << 2 | 0b10))
            output.append(UInt8(truncatingIfNeeded: offset))
            output.append(UInt8(truncatingIfNeeded: offset >> 8))
            remaining -= chunk
        }
    }
}
