/// The head of an HTTP response: status code and header fields.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code, such as 200.
    public var statusCode: Int
    /// The header fields.
    public var headers: HTTPHeaders

    /// A response head with this status and these fields.
    public init(statusCode: Int, headers: HTTPHeaders = HTTPHeaders()) {
        self.statusCode = statusCode
        self.headers = headers
    }

    /// Whether the status is in `200..<300`, the only range the client treats as success.
    public var isSuccess: Bool {
        (200..<300).contains(statusCode)
    }
}
