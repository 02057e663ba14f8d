/// A tiny seeded pseudo-random generator (SplitMix64), for fixtures and reproducible tests.
///
/// The fixtures derive everything with the methods below, never with the standard library's
/// `random(in:using:)`, whose algorithms may change between Swift releases and would silently change
/// the payloads; tests that only need reproducible inputs may use it as a `RandomNumberGenerator`.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
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
