/// A coding key's ends, taken once per lookup, that rule out nearly every snake_case key the
/// lookup passes over in a few instructions, without a call to ``SnakeCase/matches(_:camelCase:)``.
///
/// On ASCII, `convertFromSnakeCase` changes only the case of letters and drops underscores: it
/// keeps the last byte up to case, a first letter up to case (any other first byte as it is), and
/// never lengthens the key.
struct SnakeCaseProbe {
    /// The name's length, its first byte and its last with the ASCII case bit set (0 if empty).
    private let count: Int
    private let first: UInt8
    private let lastFolded: UInt8

    @inline(__always)
    init(_ wanted: UnsafeBufferPointer<UInt8>) {
        count = wanted.count
        first = wanted.first ?? 0
        lastFolded = (wanted.last ?? 0) | 0x20
    }

    /// Whether the all-ASCII `key` can be the name once converted from snake case, as far as its
    /// ends and length tell: `false` rules it out, `true` leaves it to ``SnakeCase/matches(_:camelCase:)``.
    @inline(__always)
    func mayMatch(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = key.baseAddress, !key.isEmpty, count > 0 else { return true }
        let byte = start[0]
        let isLetter = (byte | 0x20) &- UInt8(ascii: "a") < 26
        return key.count >= count && start[key.count - 1] | 0x20 == lastFolded && (first == byte || (isLetter && first == byte | 0x20))
    }
}
