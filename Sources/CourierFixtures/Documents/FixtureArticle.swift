/// A text-heavy record: long strings full of escapes and non-ASCII characters.
public struct FixtureArticle: FixtureDocument {
    /// Stable identifier.
    public let id: Int
    /// Headline, mixing scripts.
    public let title: String
    /// Several paragraphs of text.
    public let body: String
    /// Short labels, some non-ASCII.
    public let tags: [String]

    /// Creates an article.
    public init(id: Int, title: String, body: String, tags: [String]) {
        self.id = id
        self.title = title
        self.body = body
        self.tags = tags
    }

    /// An article is one record.
    public var objectCount: Int { 1 }
}

extension FixtureArticle: JSONWritable {
    func write(to writer: inout JSONWriter) {
        // Odd articles spell non-ASCII as `\uXXXX` escapes (surrogate pairs above
        // the BMP) and even ones as raw UTF-8, so one payload exercises both
        // decoder paths while decoding to identical strings.
        let previous = writer.escapesNonASCII
        writer.escapesNonASCII = !id.isMultiple(of: 2)
        writer.object { writer in
            writer.field("body", body)
            writer.field("id", id)
            writer.field("tags", tags)
            writer.field("title", title)
        }
        writer.escapesNonASCII = previous
    }
}
