extension String {
    /// A copy of `bytes`, which the parser has already checked are UTF-8, without checking them
    /// again: `String(decoding:as:)` validates every byte once more, a quarter of decoding a
    /// string-heavy document. `isASCII` comes from the parser too; a string built as ASCII compares
    /// and hashes on its bytes, so it must be exact, not a guess.
    @inline(__always)
    init(validatedUTF8 bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) {
        if #available(macOS 26, iOS 26, watchOS 26, tvOS 26, visionOS 26, *) {
            self.init(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
        } else {
            self.init(decoding: bytes, as: UTF8.self)
        }
    }
}
