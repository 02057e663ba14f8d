import Foundation

/// A description of one HTTP request: where it goes, how, and with what.
///
/// Every requirement has a default, so an endpoint states only what differs from a plain `GET`:
///
/// ```swift
/// struct Movies: Endpoint {
///     typealias Response = [Movie]
///     let page: Int
///     var path: String { "movies" }
///     var query: [String: String] { ["page": "\(page)"] }
/// }
/// let movies = try await client.send(Movies(page: 2))
/// ```
///
/// The requirement types are deliberately plain (`String`, `[String: String]`): a conforming type
/// that declares a property of the same name but another type would otherwise compile, miss the
/// requirement silently and fall back to the default.
public protocol Endpoint: Sendable {
    /// The type the response body decodes into when the endpoint is sent with ``APIClient/send(_:)``.
    ///
    /// Defaults to ``Empty``: the body is not decoded and only the status code counts.
    associatedtype Response: Decodable = Empty

    /// The path relative to the client's base URL, unescaped (`"movies/42"`).
    ///
    /// Leading slashes are dropped and the base URL's trailing slashes too, so exactly one slash joins
    /// them. Characters that may not stand in a path are percent-escaped. A path that starts with
    /// `http://` or `https://` is taken as an absolute, already escaped URL (a pagination link, say):
    /// the endpoint's query items are added to it, the base URL's query is not.
    var path: String { get }

    /// The HTTP method. Defaults to `"GET"`.
    var method: String { get }

    /// Query parameters with one value per name. Defaults to none.
    ///
    /// For repeated names (`tag=a&tag=b`) or a name without a value, implement ``queryItems`` instead.
    var query: [String: String] { get }

    /// The query items sent, in any order; the client sorts them by name (stably, so repeated names
    /// keep their order) for stable URLs. Defaults to the pairs of ``query``.
    var queryItems: [URLQueryItem] { get }

    /// Header fields for this request. Defaults to none.
    var headers: [String: String] { get }

    /// The request body. Defaults to none.
    var body: RequestBody? { get }
}

extension Endpoint {
    /// `"GET"`.
    public var method: String { "GET" }
    /// No query parameters.
    public var query: [String: String] { [:] }
    /// The pairs of ``query``, one item each.
    public var queryItems: [URLQueryItem] {
        let query = self.query
        if query.isEmpty { return [] }
        return query.map { URLQueryItem(name: $0.key, value: $0.value) }
    }
    /// No header fields.
    public var headers: [String: String] { [:] }
    /// No body.
    public var body: RequestBody? { nil }
}

/// The response of an endpoint whose body does not matter (a `204 No Content`, say).
///
/// The client does not decode it: any body, including none, yields `Empty()` once the status is a
/// success.
public struct Empty: Decodable, Sendable, Hashable {
    /// The one value.
    public init() {}
}
