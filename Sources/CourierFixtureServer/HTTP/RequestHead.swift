/// What the server needs of a parsed request: what was asked for, and whether the connection stays open.
struct RequestHead: Equatable {
    /// The method token, such as `GET`.
    var method: String
    /// The target's path, without the query.
    var path: String
    /// The target's query, without the `?`; empty when there is none.
    var query: String
    /// Whether the connection stays open after the response (HTTP/1.1 unless `Connection: close`;
    /// HTTP/1.0 only with `Connection: keep-alive`).
    var keepAlive: Bool
    /// The body's length from `Content-Length`; the body itself is not kept.
    var contentLength: Int
    /// The `Authorization` field's value, for routes that require one.
    var authorization: String? = nil
}
