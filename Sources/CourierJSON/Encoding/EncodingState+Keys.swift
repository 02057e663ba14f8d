extension EncodingState {
    /// Appends `key`'s JSON name to the text as the key strategy makes it: plain UTF-8, escaped
    /// only when the document is written out. `base` is the path of the key's container.
    @inline(__always)
    func writeKey<Key: CodingKey>(_ key: Key, base: PathBase) {
        switch keyMode {
        case .asWritten:
            appendUTF8(key.stringValue)
        case .toSnakeCase:
            SnakeCase.append(snakeCaseOf: key.stringValue, to: &text)
        case .custom:
            guard case .custom(let convert) = options.keyEncodingStrategy else { return }
            appendUTF8(convert(codingPath(base, appending: key)).stringValue)
        }
    }
}
