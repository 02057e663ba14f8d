/// A movie-like record: the typical mix of strings, numbers, booleans, an array
/// and an optional nested object found in list API responses.
public struct FixtureMovie: FixtureDocument {
    /// Stable identifier.
    public let id: Int
    /// Title.
    public let title: String
    /// Release year.
    public let year: Int
    /// Average rating from 1.0 to 10.0, with one decimal.
    public let rating: Double
    /// Genre names, one to three.
    public let genres: [String]
    /// Whether the movie has been released.
    public let released: Bool
    /// The director, absent for some records so decoders meet missing keys.
    public let director: FixturePerson?

    /// Creates a movie.
    public init(
        id: Int,
        title: String,
        year: Int,
        rating: Double,
        genres: [String],
        released: Bool,
        director: FixturePerson?
    ) {
        self.id = id
        self.title = title
        self.year = year
        self.rating = rating
        self.genres = genres
        self.released = released
        self.director = director
    }

    /// A movie is one record; its director is part of it.
    public var objectCount: Int { 1 }
}

extension FixtureMovie: JSONWritable {
    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            // A missing director is omitted rather than written as null, as `JSONEncoder` does.
            if let director {
                writer.field("director", director)
            }
            writer.field("genres", genres)
            writer.field("id", id)
            writer.field("rating", rating)
            writer.field("released", released)
            writer.field("title", title)
            writer.field("year", year)
        }
    }
}

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
