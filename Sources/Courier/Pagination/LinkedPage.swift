import Foundation

/// A later page of an endpoint paginated by `Link` headers: the endpoint's method, header fields
/// and overrides, sent to the URL the previous page linked to.
struct LinkedPage<Base: Endpoint>: PolicyOverriding {
    typealias Response = Base.Response

    let base: Base
    let url: String

    /// The absolute link, taken as it is (the client uses `https://…` paths unchanged).
    var path: String { url }
    var method: String { base.method }
    /// The link already carries the query.
    var queryItems: [URLQueryItem] { [] }
    var headers: [String: String] { base.headers }
    var body: RequestBody? { base.body }
    var overrides: PolicyOverrides { base.policyOverrides }
}
