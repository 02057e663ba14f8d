/// What one tape entry is: a JSON value, or an object's key (a string).
enum TokenKind: UInt8 {
    case null, `true`, `false`, string, number, object, array

    /// How Foundation's messages name the kind: "Expected to decode Int but found a string instead."
    var described: String {
        switch self {
        case .null: "null"
        case .true, .false: "bool"
        case .string: "a string"
        case .number: "number"
        case .object: "a dictionary"
        case .array: "an array"
        }
    }
}

/// One entry of the tape the parser writes: a value's kind and where it lies in the input.
///
/// Sixteen bytes, so the whole index of a document is one flat buffer the decoder walks without
/// touching the input until a value is read. A container's entry is followed by its elements' (for
/// an object, each key's entry then its value's), and `end` lets the decoder step over it whole.
struct Token {
    /// The value's kind.
    var kind: TokenKind
    /// ``stringHasEscapes`` and ``stringIsNotASCII`` for strings, ``numberIsInteger`` for numbers.
    var flags: UInt8
    /// The offset of the value's first byte; for a string, of the first byte after its opening quote.
    var start: UInt32
    /// For scalars, the offset just past the value (for a string, of its closing quote); for a
    /// container, the index of the first entry after its last element.
    var end: UInt32
    /// For a container, its number of elements (for an object, of members).
    var count: UInt32

    /// The string holds at least one backslash escape, so its bytes are not its UTF-8 as they stand.
    static let stringHasEscapes: UInt8 = 1
    /// The string's value has a character above U+007F (a byte above 0x7F, or a `\u` escape of
    /// one), so its `String` cannot be flagged as ASCII.
    static let stringIsNotASCII: UInt8 = 2
    /// The number has neither a fraction nor an exponent.
    static let numberIsInteger: UInt8 = 1

    /// A scalar or string spanning `start..<end`.
    init(_ kind: TokenKind, flags: UInt8 = 0, start: Int, end: Int) {
        self.kind = kind
        self.flags = flags
        self.start = UInt32(truncatingIfNeeded: start)
        self.end = UInt32(truncatingIfNeeded: end)
        count = 0
    }

    /// Whether this entry opens an object or an array.
    var isContainer: Bool { kind.rawValue >= TokenKind.object.rawValue }

    /// Whether a string entry holds escapes.
    var hasEscapes: Bool { flags & Self.stringHasEscapes != 0 }

    /// Whether a string entry's value is all ASCII.
    var isASCII: Bool { flags & Self.stringIsNotASCII == 0 }
}
