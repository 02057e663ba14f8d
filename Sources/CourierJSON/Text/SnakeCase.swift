import Foundation

/// Foundation's snake-case key conversions, to the letter, both ways.
enum SnakeCase {
    /// `key` converted from snake case, as `convertFromSnakeCase` does.
    ///
    /// Leading and trailing underscores stay; the words between the others are joined, the first
    /// lowercased and each other one `capitalized` (so `FOO_BAR` and `foo_bar` both give `fooBar`,
    /// and `a_ß` gives `aSs`). A key with no underscore inside is left as it is. Characters, not
    /// bytes, are compared with "_", as Foundation does: an underscore carrying a combining mark is
    /// not one.
    static func camelCase(_ key: String) -> String {
        guard let firstLetter = key.firstIndex(where: { $0 != "_" }) else { return key }
        var lastLetter = key.index(before: key.endIndex)
        while lastLetter > firstLetter, key[lastLetter] == "_" { key.formIndex(before: &lastLetter) }
        let words = key[firstLetter...lastLetter].split(separator: "_")
        guard words.count > 1 else { return key }
        let joined = ([words[0].lowercased()] + words.dropFirst().map(\.capitalized)).joined()
        return String(key[..<firstLetter]) + joined + String(key[key.index(after: lastLetter)...])
    }

    /// Whether ``camelCase(_:)`` turns the UTF-8 `key` into `wanted`, found without building
    /// either string; `nil` when the key is outside the alphabet this comparison knows the
    /// conversion of byte by byte, and ``camelCase(_:)`` must decide.
    ///
    /// That alphabet is what JSON keys in snake case are made of: ASCII letters in every word,
    /// digits in the first (which is only lowercased; how `capitalized` treats a letter after a
    /// digit is Foundation's business), underscores. The first word is lowercased, each other one
    /// capitalized (its first letter upper case, the rest lower), the underscores between words
    /// dropped, those before and after kept; a key with at most one word is left as it is, so it
    /// matches byte for byte whatever its bytes.
    static func matches(_ key: UnsafeBufferPointer<UInt8>, camelCase wanted: UnsafeBufferPointer<UInt8>) -> Bool? {
        let underscore = UInt8(ascii: "_")
        // Most keys a lookup passes over differ from the name in their first byte, which the
        // conversion leaves as it is or, when it is a letter, lowercases: settled before any pass.
        if let byte = key.first, byte != underscore, (byte | 0x20) &- UInt8(ascii: "a") < 26,
            wanted.first != byte, wanted.first != byte | 0x20
        {
            return false
        }
        var first = 0
        while first < key.count, key[first] == underscore { first += 1 }
        var last = key.count - 1
        while last > first, key[last] == underscore { last -= 1 }
        guard first < last, key[first...last].contains(underscore) else {
            guard key.count == wanted.count, let keyStart = key.baseAddress, let wantedStart = wanted.baseAddress else {
                return key.count == wanted.count
            }
            return memcmp(keyStart, wantedStart, key.count) == 0
        }
        // The leading underscores, then each byte of the words as converted, then the trailing ones.
        var matched = 0
        func next(_ byte: UInt8) -> Bool {
            guard matched < wanted.count, wanted[matched] == byte else { return false }
            matched += 1
            return true
        }
        var mismatch = false
        for _ in 0..<first where !next(underscore) { mismatch = true }
        var inFirstWord = true
        var startsWord = false
        for byte in key[first...last] {
            let letter = byte | 0x20
            if byte == underscore {
                inFirstWord = false
                startsWord = true
                continue
            }
            let converted: UInt8
            if letter &- UInt8(ascii: "a") < 26 {
                converted = startsWord ? letter & ~0x20 : letter
            } else if inFirstWord, byte &- UInt8(ascii: "0") < 10 {
                converted = byte
            } else {
                return nil
            }
            startsWord = false
            if !mismatch, !next(converted) { mismatch = true }
        }
        for _ in (last + 1)..<key.count where !mismatch && !next(underscore) { mismatch = true }
        return !mismatch && matched == wanted.count
    }

    /// `key` converted to snake case, as `convertToSnakeCase` does.
    ///
    /// Words are split where Foundation splits them: the search for an upper-case letter (general
    /// category Lu or Lt) starts after the first character; from one, the next lower-case letter
    /// (Ll) ends a run of capitals, whose last capital starts the next word (`myURLValue` gives
    /// `my`, `URL`, `Value`). The words are lowercased and joined with `_`. Scalars are searched
    /// and characters stepped over, as Foundation does.
    static func snakeCase(_ key: String) -> String {
        guard !key.isEmpty else { return key }
        let scalars = key.unicodeScalars
        var words: [Range<String.Index>] = []
        var wordStart = key.startIndex
        var searchStart = key.index(after: wordStart)
        while let upper = scalars[searchStart...].firstIndex(where: isUppercase) {
            words.append(wordStart..<upper)
            guard let lower = scalars[upper...].firstIndex(where: isLowercase) else {
                wordStart = upper
                break
            }
            if lower == key.index(after: upper) {
                wordStart = upper
            } else {
                let beforeLower = key.index(before: lower)
                words.append(upper..<beforeLower)
                wordStart = beforeLower
            }
            searchStart = scalars.index(after: lower)
        }
        words.append(wordStart..<key.endIndex)
        return words.map { key[$0].lowercased() }.joined(separator: "_")
    }

    /// Appends the UTF-8 of `key` converted to snake case to `text`.
    ///
    /// ASCII keys, nearly all of them, are converted byte by byte straight into the text; the
    /// others go through ``snakeCase(_:)``. A carriage return is left to the slow path: before a
    /// line feed it is one character with it, which the byte walk would not step over as one.
    static func append(snakeCaseOf key: String, to text: inout GrowableBuffer<UInt8>) {
        var key = key
        let converted = key.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) else { return false }
            appendASCII(snakeCaseOf: bytes, to: &text)
            return true
        }
        if !converted {
            var snake = snakeCase(key)
            snake.withUTF8 { text.append(contentsOf: $0) }
        }
    }

    /// ``snakeCase(_:)`` over ASCII bytes, where a byte is a character and a scalar.
    private static func appendASCII(snakeCaseOf key: UnsafeBufferPointer<UInt8>, to text: inout GrowableBuffer<UInt8>) {
        guard !key.isEmpty else { return }
        // At most one underscore between two bytes.
        let output = text.reserve(key.count * 2)
        var written = 0
        func appendWord(_ word: Range<Int>) {
            if written > 0 {
                output[written] = UInt8(ascii: "_")
                written += 1
            }
            for byte in key[word] {
                output[written] = isUppercase(byte) ? byte | 0x20 : byte
                written += 1
            }
        }
        var wordStart = 0
        var searchStart = 1
        while let upper = key[searchStart...].firstIndex(where: isUppercase) {
            appendWord(wordStart..<upper)
            guard let lower = key[upper...].firstIndex(where: isLowercase) else {
                wordStart = upper
                break
            }
            if lower == upper + 1 {
                wordStart = upper
            } else {
                appendWord(upper..<(lower - 1))
                wordStart = lower - 1
            }
            searchStart = lower + 1
        }
        appendWord(wordStart..<key.count)
        text.count += written
    }

    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return category == .uppercaseLetter || category == .titlecaseLetter
    }

    private static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .lowercaseLetter
    }

    private static func isUppercase(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "A") < 26
    }

    private static func isLowercase(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "a") < 26
    }
}
