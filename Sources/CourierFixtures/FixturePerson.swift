/// A person credited on a ``FixtureMovie``; a small nested object inside list records.
public struct FixturePerson: Codable, Sendable, Equatable {
    /// Stable identifier.
    public let id: Int
    /// Display name.
    public let name: String

    /// Creates a person.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

extension FixturePerson: JSONWritable {
    func write(to writer: inout JSONWriter) {
        // Keys are written in sorted order to match `JSONEncoder` with `.sortedKeys`.
        writer.object { writer in
            writer.field("id", id)
            writer.field("name", name)
        }
    }
}
