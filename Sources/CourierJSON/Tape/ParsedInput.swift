/// A document copied into a buffer of its own, followed by the parser's padding, and its tape: what
/// both ``CourierJSONDecoder/decode(_:from:)`` and ``CourierJSONDecoder/validate(_:)`` start with.
/// Whoever holds it owns both buffers and calls ``deallocate()``.
struct ParsedInput {
    /// The input, followed by ``Parser/padding`` zero bytes, then the room asked for.
    let bytes: UnsafeMutablePointer<UInt8>
    /// The room after the padding that `parsing(_:reserving:)` was asked for, 16-byte aligned and
    /// uninitialized: the caller's, in the input's allocation rather than one more of its own.
    let room: UnsafeMutableRawPointer
    /// The input's length, without the padding.
    let length: Int
    /// The tape: one entry per value and key, in document order, then one `null`.
    let tokens: UnsafeMutablePointer<Token>
    /// Entries on the tape, the final `null` included.
    let tokenCount: Int
    /// Entries the tape has room for; the room past ``tokenCount`` is the decoder's to use.
    let tokenCapacity: Int

    /// Copies `input`, checks that it is one JSON document and indexes it.
    ///
    /// - Throws: ``JSONSyntaxError`` when it is not JSON, and `DecodingError.dataCorrupted` when it
    ///   is longer than the tape's 32-bit offsets reach.
    static func parsing(_ input: UnsafeRawBufferPointer, reserving roomBytes: Int = 0) throws -> ParsedInput {
        guard input.count < Int(UInt32.max) - Parser.padding else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [],
                    debugDescription: "The document is \(input.count) bytes long; CourierJSONDecoder reads documents up to 4 GiB."))
        }
        let length = input.count
        let roomOffset = (length + Parser.padding + 15) & ~15
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: roomOffset + roomBytes, alignment: 16).bindMemory(
            to: UInt8.self, capacity: length + Parser.padding)
        if let source = input.baseAddress {
            bytes.initialize(from: source.assumingMemoryBound(to: UInt8.self), count: length)
        }
        (bytes + length).initialize(repeating: 0, count: Parser.padding)
        // About one entry per six bytes in typical API responses; the parser grows the tape if not.
        let capacity = length / 6 + 16
        var parser = Parser(bytes: bytes, length: length, tokens: .allocate(capacity: capacity), capacity: capacity)
        do {
            try parser.parseDocument()
        } catch {
            let located = JSONSyntaxError(error, in: UnsafeBufferPointer(start: bytes, count: length))
            parser.tokens.deallocate()
            UnsafeMutableRawPointer(bytes).deallocate()
            throw located
        }
        return ParsedInput(
            bytes: bytes, room: UnsafeMutableRawPointer(bytes) + roomOffset, length: length, tokens: parser.tokens,
            tokenCount: parser.count,
            tokenCapacity: parser.capacity)
    }

    /// Releases both buffers.
    func deallocate() {
        UnsafeMutableRawPointer(bytes).deallocate()
        tokens.deallocate()
    }
}
