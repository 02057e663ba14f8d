/// A tiny seeded pseudo-random generator (SplitMix64).
///
/// Deliberately not a `RandomNumberGenerator`: the standard library's
/// `random(in:using:)` algorithms may change between Swift releases, which
/// would silently change the fixtures. Every derivation here is our own.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `range`; the modulo bias is irrelevant for fixture data.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % width)
    }

    mutating func bool(percentTrue: Int) -> Bool {
        int(in: 0...99) < percentTrue
    }

    /// An element of `items`, which must be non-empty (all callers pass constant word lists).
    mutating func element<T>(of items: [T]) -> T {
        items[int(in: 0...(items.count - 1))]
    }

    /// A double in [0, 1) built from the top 53 bits, exact on every platform.
    mutating func unitDouble() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}
