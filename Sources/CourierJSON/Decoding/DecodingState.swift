import Foundation

/// One decode call: the input, its tape, the strategies, and the `Decoder` that walks the tape.
///
/// Made once per `decode(_:from:)` and shared by every container of that call: nested values are
/// decoded by pushing their key on ``path`` and pointing ``current`` at them, not by making a new
/// decoder. The input is copied into a buffer of its own (with the zero padding the parser needs),
/// so a decoder a `Decodable` type keeps after decoding still points at memory it owns.
final class DecodingState: CodingStack {
    /// The input, followed by ``Parser/padding`` zero bytes.
    let bytes: UnsafeMutablePointer<UInt8>
    /// The input's length, without the padding.
    let length: Int
    /// The tape: one entry per value and key, in document order, then one `null`.
    let tokens: UnsafeMutablePointer<Token>
    /// Entries on the tape, the final `null` included.
    let tokenCount: Int
    /// Entries the tape has room for.
    private let tokenCapacity: Int
    /// The strategies of the decoder that started this call.
    let options: CourierJSONDecoder
    /// How object keys are matched, from ``options``.
    let keyMode: KeyMode
    // The three properties below change on every nested decode. One thread runs one decode call and
    // never reads or writes them while another access is in progress, so the runtime's exclusivity
    // checks, several percent of a decode in profiles, are switched off for them.
    /// The coding path of the value being decoded, as a stack (see ``PathBase``).
    @exclusivity(unchecked) var path: [any CodingKey] = []
    /// The tape index of the value the `Decoder` methods start from.
    @exclusivity(unchecked) var current = 0
    /// The last type found not to be an array or a dictionary, so a tree of one class does not
    /// look that up at every node.
    @exclusivity(unchecked) var lastPlainType: ObjectIdentifier?
    /// The location ``location(of:)`` found last.
    private var lastLocation: TextLocation?
    /// Keyed containers made during ``decodeDocument(as:)``, to be handed out again once nobody
    /// holds them (see ``keyedContainer(at:base:keyedBy:)``), in the input's allocation after the
    /// padding; only the slots ``usedSlots`` marks are initialized.
    let containerSlots: UnsafeMutablePointer<ContainerSlot>
    /// How many there are: a power of two, more for a longer document.
    let containerSlotCount: Int
    /// Whether ``containerSlots`` keep containers: only while ``decodeDocument(as:)`` runs, since a
    /// kept container refers back to this state, and the slots are emptied when it returns.
    @exclusivity(unchecked) var keepsContainers = false
    /// Which of ``containerSlots`` are initialized, a bit each.
    @exclusivity(unchecked) var usedSlots: UInt64 = 0
    /// Keys converted from snake case, by their JSON spelling: most documents repeat a few keys.
    var camelCaseKeys: [String: String] = [:]
    /// ``options``' user info as `Decoder` hands it out, converted on first use.
    lazy var decoderUserInfo: [CodingUserInfoKey: Any] = options.userInfo

    /// How object keys are matched to coding keys.
    enum KeyMode {
        case asWritten, fromSnakeCase, custom
    }

    /// Copies `input`, checks that it is one JSON document and indexes it.
    static func parsing(_ input: UnsafeRawBufferPointer, options: CourierJSONDecoder) throws -> DecodingState {
        let parsed: ParsedInput
        let slots = ContainerSlot.count(forDocumentOf: input.count)
        do {
            parsed = try ParsedInput.parsing(input, reserving: slots * MemoryLayout<ContainerSlot>.stride)
        } catch let error as JSONSyntaxError {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [], debugDescription: "The given data was not valid JSON: \(error).", underlyingError: error))
        }
        return DecodingState(parsed, containerSlots: slots, options: options)
    }

    /// A state that owns `parsed`'s buffers from now on, with room for `containerSlots` slots.
    private init(_ parsed: ParsedInput, containerSlots slotCount: Int, options: CourierJSONDecoder) {
        bytes = parsed.bytes
        length = parsed.length
        tokens = parsed.tokens
        tokenCount = parsed.tokenCount
        tokenCapacity = parsed.tokenCapacity
        containerSlots = parsed.room.bindMemory(to: ContainerSlot.self, capacity: slotCount)
        containerSlotCount = slotCount
        self.options = options
        keyMode =
            switch options.keyDecodingStrategy {
            case .useDefaultKeys: .asWritten
            case .convertFromSnakeCase: .fromSnakeCase
            case .custom: .custom
            }
    }

    deinit {
        releaseContainerSlots()
        UnsafeMutableRawPointer(bytes).deallocate()
        tokens.deallocate()
    }

    /// Decodes the whole document as `T`.
    func decodeDocument<T: Decodable>(as type: T.Type) throws -> T {
        keepsContainers = ContainerSlot.boxIsTheContainer
        defer {
            // The kept containers refer to this state: let them go, so that nothing keeps it alive.
            keepsContainers = false
            releaseContainerSlots()
        }
        return try decode(T.self, at: 0, base: PathBase(depth: 0), key: NoKey())
    }

    /// Deinitializes the slots in use, releasing the containers they keep.
    private func releaseContainerSlots() {
        while usedSlots != 0 {
            (containerSlots + usedSlots.trailingZeroBitCount).deinitialize(count: 1)
            usedSlots &= usedSlots &- 1
        }
    }

    /// The index of the tape's final `null`, which stands for absent values.
    var nullIndex: Int { tokenCount - 1 }

    /// The index of the entry after the value at `index`, stepping over a container whole.
    @inline(__always)
    func next(after index: Int) -> Int {
        let token = tokens[index]
        return token.isContainer ? Int(token.end) : index + 1
    }

    /// The bytes of a scalar: a number's text, a string's between its quotes.
    @inline(__always)
    func text(of token: Token) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes + Int(token.start), count: Int(token.end &- token.start))
    }

    /// A string entry's value, escapes resolved.
    ///
    /// Without escapes, the bytes are copied into the `String` as they stand; with escapes they are
    /// unescaped on the stack (up to ``stackUnescapeLimit`` bytes) or in the tape's unused room,
    /// and copied from there. The parser has validated them, so they are not again. Only an
    /// escaped string too long for both is unescaped straight into the `String`'s storage, which
    /// validates it again: a buffer of its own would be one more allocation.
    @inline(__always)
    func string(_ token: Token) -> String {
        let text = text(of: token)
        guard token.hasEscapes else { return String(validatedUTF8: text, isASCII: token.isASCII) }
        let capacity = text.count + StringUnescaper.overrun
        guard capacity > Self.stackUnescapeLimit else {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.stackUnescapeLimit) { buffer in
                unescape(text, into: buffer, isASCII: token.isASCII)
            }
        }
        guard let spare = spareTape(holding: capacity) else {
            return String(unsafeUninitializedCapacity: capacity) { StringUnescaper.unescape(text, into: $0) }
        }
        return unescape(text, into: spare, isASCII: token.isASCII)
    }

    /// The most `withUnsafeTemporaryAllocation` places on the stack rather than the heap.
    private static let stackUnescapeLimit = 1_024

    @inline(__always)
    private func unescape(_ text: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>, isASCII: Bool) -> String {
        let count = StringUnescaper.unescape(text, into: buffer)
        return String(validatedUTF8: UnsafeBufferPointer(rebasing: buffer[..<count]), isASCII: isASCII)
    }

    /// The tape's room past its last entry, as bytes, if there are at least `count` of them.
    ///
    /// The tape is allocated for about one entry per six bytes of input, 16 bytes each, and most
    /// documents fill a fraction of it, those with long strings least: the rest is scratch space
    /// that costs no allocation. Nothing reads entries past ``tokenCount``.
    private func spareTape(holding count: Int) -> UnsafeMutableBufferPointer<UInt8>? {
        let spare = (tokenCapacity - tokenCount) * MemoryLayout<Token>.stride
        guard spare >= count else { return nil }
        let start = UnsafeMutableRawPointer(tokens + tokenCount).bindMemory(to: UInt8.self, capacity: spare)
        return UnsafeMutableBufferPointer(start: start, count: spare)
    }

    /// Where the value an entry describes starts in the input: a string at its opening quote.
    func offset(of token: Token) -> Int {
        token.kind == .string ? Int(token.start) - 1 : Int(token.start)
    }

    /// The line, column and byte of `offset`.
    ///
    /// Counting lines is a pass over the input, and types that try one decode after another
    /// (`try? decode(Bool.self)`, then `String`, …) fail at every value; counting on from the last
    /// location asked for keeps that linear in the document's size instead of quadratic.
    func location(of offset: Int) -> TextLocation {
        let location = TextLocation(of: offset, in: UnsafeBufferPointer(start: bytes, count: length), from: lastLocation)
        lastLocation = location
        return location
    }
}

extension DecodingState {
    /// `failure` as the `DecodingError` Foundation throws, at `base` and `key`.
    func decodingError<Key: CodingKey>(_ failure: ValueFailure, base: PathBase, key: Key) -> DecodingError {
        let codingPath = codingPath(base, appending: key)
        switch failure {
        case .typeMismatch(let type, let kind, let offset):
            return .typeMismatch(
                type,
                .init(
                    codingPath: codingPath,
                    debugDescription: "Expected to decode \(type) but found \(kind.described) instead, at \(location(of: offset))."))
        case .valueNotFound(let type, let offset):
            return .valueNotFound(
                type,
                .init(
                    codingPath: codingPath,
                    debugDescription: "Cannot get value of type \(type) -- found null value instead, at \(location(of: offset))."))
        case .corrupted(let message, let offset):
            return .dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(message), at \(location(of: offset))."))
        }
    }

    /// The failure for reading `type` from an entry of another kind: null is a missing value.
    func mismatch(_ type: Any.Type, _ token: Token) -> ValueFailure {
        token.kind == .null
            ? .valueNotFound(type, offset: offset(of: token))
            : .typeMismatch(type, found: token.kind, offset: offset(of: token))
    }
}

/// Why a value could not be read as the type asked for, before the coding path is known.
///
/// The readers throw this small value; the container that called them, which knows the path, turns
/// it into Foundation's `DecodingError` with ``DecodingState/decodingError(_:base:key:)``, so no
/// path is built unless something fails.
enum ValueFailure: Error {
    /// The value is of another JSON type.
    case typeMismatch(Any.Type, found: TokenKind, offset: Int)
    /// The value is `null`.
    case valueNotFound(Any.Type, offset: Int)
    /// The value is of the right JSON type but cannot be this Swift value (a number out of range,
    /// a string that is not a date).
    case corrupted(String, offset: Int)
}
