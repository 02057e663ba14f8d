/// What a cached response is filed under: the request's method and URL, and the credentials it was
/// sent with, so that one user's responses are never served to another.
struct CacheKey: Hashable, Sendable {
    let method: String
    let url: String
    let authorization: String?
    let cookie: String?

    init(_ request: HTTPRequest) {
        method = request.method.uppercased()
        url = request.url
        authorization = request.headers["Authorization"]
        cookie = request.headers["Cookie"]
    }
}
