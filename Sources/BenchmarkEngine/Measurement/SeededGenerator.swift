/// The seeded generator of the `random` data strategy and of a scalability fit's bootstrap,
/// SplitMix64 (Steele, Lea and Flood): the same seed gives the same sequence on every platform and
/// Swift version, which the system generator does not promise, so a report's confidence intervals
/// come out the same from the same steps. Not for anything that needs unpredictability.
/// (`CourierFixtures` has a public SplitMix64 for its payloads; the engine does not depend on the
/// fixtures, and a bench's data order must not change when theirs does.)
package struct SeededGenerator: RandomNumberGenerator, Sendable, Equatable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0), by the high half of a 128-bit product: no division,
    /// and a bias of at most `bound` in 2⁶⁴, which no data file is large enough to see. Written out
    /// rather than `Int.random(in:using:)`, whose algorithm the standard library may change.
    package mutating func index(below bound: Int) -> Int {
        Int(UInt64(bound).multipliedFullWidth(by: next()).high)
    }
}
