import Foundation

extension PayloadShape {
    /// The root model type this shape's JSON decodes into.
    ///
    /// Useful for reporting; to decode with the static type use ``accept(_:)``.
    public var documentType: any FixtureDocument.Type {
        switch self {
        case .tinyObject: FixtureMovie.self
        case .list100, .list10k: [FixtureMovie].self
        case .deeplyNested: FixtureNode.self
        case .stringHeavy: [FixtureArticle].self
        case .numberHeavy: [FixtureNumbers].self
        case .iso8601Dates: [FixtureEvent].self
        }
    }

    /// Hands this shape's root model type to `visitor` and returns its result.
    public func accept<Visitor: PayloadVisitor>(_ visitor: Visitor) throws -> Visitor.Output {
        // Implicitly opening the existential metatype keeps the mapping from shape
        // to type in one place (`documentType`) instead of a second switch.
        try visitor.visit(documentType)
    }

    /// A `JSONDecoder` configured to decode this shape.
    ///
    /// Only ``iso8601Dates`` needs a non-default setting; returning a decoder for
    /// every shape lets a benchmark treat all shapes alike.
    public func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        if self == .iso8601Dates {
            decoder.dateDecodingStrategy = .iso8601
        }
        return decoder
    }

    /// Decodes `data` into this shape's model with `decoder` and returns the object count.
    ///
    /// Returning the count rather than the model keeps benchmark call sites
    /// uniform and gives them a value to consume so the decode is not optimised away.
    public func decode(_ data: Data, with decoder: JSONDecoder) throws -> Int {
        try accept(JSONDecoderVisitor(data: data, decoder: decoder))
    }

    /// The value this shape's payload decodes into, for checking a decode's result.
    public func makeDocument() -> any FixtureDocument {
        generatedDocument
    }
}

/// Decodes with Foundation's `JSONDecoder`; the default path ``PayloadShape/decode(_:with:)`` uses.
private struct JSONDecoderVisitor: PayloadVisitor {
    let data: Data
    let decoder: JSONDecoder

    func visit<Document: FixtureDocument>(_ type: Document.Type) throws -> Int {
        try decoder.decode(Document.self, from: data).objectCount
    }
}

/// Receives the concrete model type of a ``PayloadShape``.
///
/// A visitor is how a caller decodes every shape through a decode function of
/// its own, such as `func decode<T: Decodable>(_ type: T.Type, from: Data) throws -> T`:
/// the generic `visit` is handed the static type, so the caller's function is
/// specialised exactly as it would be for a hand-written call site. An
/// existential `any Decodable.Type` could not be passed to such a function
/// without being opened, and a closure taking one would lose specialisation.
///
/// ```swift
/// struct ClientDecode: PayloadVisitor {
///     let data: Data
///     func visit<Document: FixtureDocument>(_ type: Document.Type) throws -> Int {
///         try client.decode(Document.self, from: data).objectCount
///     }
/// }
/// let count = try shape.accept(ClientDecode(data: payload.json))
/// ```
public protocol PayloadVisitor {
    /// What a visit produces, commonly the decoded object count.
    associatedtype Output

    /// Called once with the root model type of the visited shape.
    func visit<Document: FixtureDocument>(_ type: Document.Type) throws -> Output
}
