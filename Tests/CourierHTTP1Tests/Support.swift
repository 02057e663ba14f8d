import CourierHTTP1

extension HTTP1ResponseParser {
    /// Parses `bytes[range]` (all of `bytes` by default) with the parser's typed error: `Array`'s
    /// `withUnsafeBytes` rethrows untyped.
    mutating func parse(_ bytes: [UInt8], upTo end: Int? = nil, head requestWasHEAD: Bool = false) throws(HTTP1ParseError)
        -> HTTP1ResponseHead?
    {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(HTTP1ParseError) in
                try parseHead(UnsafeRawBufferPointer(rebasing: buffer[0..<(end ?? buffer.count)]), requestWasHEAD: requestWasHEAD)
            }
        }.get()
    }
}

/// SplitMix64: a seeded generator, so that a random split that fails fails again.
struct SplitMix64: RandomNumberGenerator {
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
}
