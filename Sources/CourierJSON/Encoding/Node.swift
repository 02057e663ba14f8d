/// One value of the document being encoded: a scalar's text, or a container and its children.
///
/// Values are recorded as they are encoded and written out once encoding is done, because Codable
/// lets a type write to a container after writing to one nested in it, encode a key twice (the
/// last value counts) and come back to a container it used before: a tree takes all of these in
/// its stride, and lets `.sortedKeys` sort each object once. A scalar is stored as its JSON text;
/// a key as its plain UTF-8, so that sorting and finding repeated keys compare the bytes Foundation
/// compares. Offsets and indices are 32-bit, to keep a node small: documents are limited to 4 GiB.
struct Node {
    /// What a node holds.
    enum Kind: UInt8 {
        /// Nothing yet: a value whose `encode(to:)` is running, or one that wrote nothing, which
        /// is written as an empty object, as Foundation does.
        case pending
        /// JSON text: a number, a string with its quotes, `true`, `false` or `null`.
        case scalar
        /// JSON text of a whole array of scalars, written at once: a scalar, but for the limit on
        /// nesting, which counts it as the container it is.
        case scalarArray
        case object
        case array
        /// A value whose encoding threw: its container skips it.
        case removed
    }

    /// Stands for no node in ``next``, ``first`` and ``last``.
    static let none = UInt32.max

    var kind: Kind
    /// Whether two members of this object may share a key (see ``keyBits``), so that writing it
    /// out must look for repeats.
    var mayRepeatKeys = false
    // A scalar uses these two for its text, a container for its children: never both.
    private var low = Node.none
    private var high = Node.none
    /// A container's children, not counting removed ones.
    var count: UInt32 = 0
    /// The next child of the same container.
    var next = Node.none
    /// An object member's key: where its UTF-8 starts in the document's text.
    var keyStart: UInt32 = 0
    /// An object member's key: how long it is.
    var keyLength: UInt32 = 0
    /// An object's members' keys, each as one bit of 32 picked by its length and its first and
    /// last bytes: a key whose bit is already set may repeat one, and sets ``mayRepeatKeys``. A
    /// few keys seldom share a bit, so most objects are written without looking for repeats.
    var keyBits: UInt32 = 0

    /// A node with nothing in it yet, and no key.
    static let pending = Node(kind: .pending)

    private init(kind: Kind) {
        self.kind = kind
    }

    /// A scalar's text: where it starts in the document's text.
    var textStart: UInt32 {
        get { low }
        set { low = newValue }
    }

    /// A scalar's text: how long it is.
    var textLength: UInt32 {
        get { high }
        set { high = newValue }
    }

    /// A container's first child.
    var first: UInt32 {
        get { low }
        set { low = newValue }
    }

    /// A container's last child, after which the next one is linked.
    var last: UInt32 {
        get { high }
        set { high = newValue }
    }

    /// Empties the node and makes it a container of `kind`.
    mutating func becomeContainer(_ kind: Kind) {
        self.kind = kind
        mayRepeatKeys = false
        keyBits = 0
        low = Node.none
        high = Node.none
        count = 0
    }
}
