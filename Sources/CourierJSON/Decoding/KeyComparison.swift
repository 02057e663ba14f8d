import Foundation

/// How a lookup compares an object's keys with the name a coding key asks for.
protocol KeyComparison {
    /// The name, as UTF-8.
    var wanted: UnsafeBufferPointer<UInt8> { get }
    /// Whether the key at `token` matches it under `state`'s strategy.
    func matches(_ token: Token, in state: DecodingState) -> Bool
}

/// Keys compared as written, a word at a time.
///
/// The name's first sixteen bytes are taken into two words once per lookup; a key the scan passes
/// is then settled by its length and one or two masked loads. The input's sixteen bytes of padding
/// make loading sixteen bytes from any key's start safe. A key with escapes is compared as its
/// unescaped string.
struct KeyAsWritten: KeyComparison {
    let wanted: UnsafeBufferPointer<UInt8>
    /// The name's bytes 0..<8 and 8..<16, zero past its end.
    private let head: UInt64
    private let tail: UInt64
    /// Which bits of a key's first two words hold its first sixteen bytes, for a key of the name's length.
    private let headMask: UInt64
    private let tailMask: UInt64

    @inline(__always)
    init(_ wanted: UnsafeBufferPointer<UInt8>) {
        self.wanted = wanted
        let count = wanted.count
        headMask = count >= 8 ? .max : (1 &<< UInt64(truncatingIfNeeded: count &* 8)) &- 1
        tailMask = count >= 16 ? .max : count <= 8 ? 0 : (1 &<< UInt64(truncatingIfNeeded: (count &- 8) &* 8)) &- 1
        (head, tail) = Self.words(wanted)
    }

    /// `bytes`' first sixteen bytes as two little-endian words, zero past the end, read without
    /// going past it: overlapping loads from both ends, shifted into place.
    @inline(__always)
    private static func words(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        guard let start = bytes.baseAddress else { return (0, 0) }
        let raw = UnsafeRawPointer(start)
        let count = bytes.count
        if count >= 16 { return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) }
        if count >= 8 {
            let end = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            return (raw.loadUnaligned(as: UInt64.self), end &>> UInt64(truncatingIfNeeded: (16 &- count) &* 8))
        }
        if count >= 4 {
            let low = UInt64(raw.loadUnaligned(as: UInt32.self))
            let high = UInt64(raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
            return (low | high &<< UInt64(truncatingIfNeeded: (count &- 4) &* 8), 0)
        }
        guard count > 0 else { return (0, 0) }
        let middle = count / 2
        let word = UInt64(start[0]) | UInt64(start[middle]) &<< UInt64(truncatingIfNeeded: middle &* 8)
        return (word | UInt64(start[count &- 1]) &<< UInt64(truncatingIfNeeded: (count &- 1) &* 8), 0)
    }

    @inline(__always)
    func matches(_ token: Token, in state: DecodingState) -> Bool {
        guard !token.hasEscapes else { return state.matchedKey(token).utf8.elementsEqual(wanted) }
        let length = Int(token.end &- token.start)
        guard length == wanted.count else { return false }
        let start = UnsafeRawPointer(state.bytes + Int(token.start))
        guard start.loadUnaligned(as: UInt64.self) & headMask == head else { return false }
        guard length > 8 else { return true }
        guard start.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & tailMask == tail else { return false }
        guard length > 16, let wantedStart = wanted.baseAddress else { return true }
        return memcmp(start + 16, wantedStart + 16, length &- 16) == 0
    }
}

/// Keys converted from snake case: ruled out by their ends where they can be, compared in place
/// where their bytes allow, and otherwise converted as Foundation converts them.
struct SnakeCaseKey: KeyComparison {
    let wanted: UnsafeBufferPointer<UInt8>
    private let probe: SnakeCaseProbe

    init(_ wanted: UnsafeBufferPointer<UInt8>) {
        self.wanted = wanted
        probe = SnakeCaseProbe(wanted)
    }

    @inline(__always)
    func matches(_ token: Token, in state: DecodingState) -> Bool {
        if !token.hasEscapes, token.isASCII, !probe.mayMatch(state.text(of: token)) {
            // Ruled out by its ends and length, as nearly every key a lookup passes over is.
            return false
        }
        if !token.hasEscapes, let matches = SnakeCase.matches(state.text(of: token), camelCase: wanted) {
            // Compared in place: no string built, none hashed.
            return matches
        }
        return state.matchedKey(token).utf8.elementsEqual(wanted)
    }
}
