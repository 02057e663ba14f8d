/// An array element's key in a coding path: "Index 3", as Foundation names it.
struct IndexKey: CodingKey {
    /// The element's position.
    let index: Int

    init(_ index: Int) { self.index = index }
    init?(intValue: Int) { index = intValue }
    init?(stringValue: String) { nil }

    var intValue: Int? { index }
    var stringValue: String { "Index \(index)" }
}

/// A key known only by its text: a member of a `[String: T]`, the argument of a custom key
/// strategy, "super".
struct StringKey: CodingKey {
    let stringValue: String

    init(_ stringValue: String) { self.stringValue = stringValue }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    var intValue: Int? { nil }

    /// The key `superDecoder()` reads, as in Foundation.
    static let `super` = StringKey("super")
}

/// Stands for "no key" where a value has none of its own (a single-value container's, the
/// document's), never on a path. A type rather than an optional key: `Optional<Key>` would cost a
/// runtime metadata lookup on every call in code generic over the key.
struct NoKey: CodingKey {
    init() {}
    init?(intValue: Int) { nil }
    init?(stringValue: String) { nil }

    var intValue: Int? { nil }
    var stringValue: String { "" }
}
