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
