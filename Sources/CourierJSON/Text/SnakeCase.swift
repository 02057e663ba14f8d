import Foundation

/// Foundation's `convertFromSnakeCase`, to the letter.
///
/// Leading and trailing underscores stay; the words between the others are joined, the first
/// lowercased and each other one `capitalized` (so `FOO_BAR` and `foo_bar` both give `fooBar`, and
/// `a_ß` gives `aSs`). A key with no underscore inside is left as it is. Characters, not bytes, are
/// compared with "_", as Foundation does: an underscore carrying a combining mark is not one.
enum SnakeCase {
    /// `key` converted from snake case.
    static func camelCase(_ key: String) -> String {
        guard let firstLetter = key.firstIndex(where: { $0 != "_" }) else { return key }
        var lastLetter = key.index(before: key.endIndex)
        while lastLetter > firstLetter, key[lastLetter] == "_" { key.formIndex(before: &lastLetter) }
        let words = key[firstLetter...lastLetter].split(separator: "_")
        guard words.count > 1 else { return key }
        let joined = ([words[0].lowercased()] + words.dropFirst().map(\.capitalized)).joined()
        return String(key[..<firstLetter]) + joined + String(key[key.index(after: lastLetter)...])
    }

    /// Whether `key` has an underscore byte anywhere, the only keys ``camelCase(_:)`` can change.
    static func mayChange(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        key.contains(UInt8(ascii: "_"))
    }
}
