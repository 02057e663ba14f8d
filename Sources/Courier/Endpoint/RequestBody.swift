import Foundation

/// The body of a request and the content type it implies.
public struct RequestBody: Sendable {
    enum Content: Sendable {
        case data(Data)
        /// Encoded when the request is built, with the client's encoder, so key and date strategies apply.
        case json(any Encodable & Sendable)
    }

    let content: Content

    /// The `Content-Type` sent with the body unless the endpoint names one itself.
    public let contentType: String?

    /// Bytes sent as they are.
    public static func data(_ data: Data, contentType: String? = nil) -> RequestBody {
        RequestBody(content: .data(data), contentType: contentType)
    }

    /// A value encoded as JSON by the client's ``APIClient/encoder``, sent as `application/json`.
    public static func json(_ value: some Encodable & Sendable) -> RequestBody {
        RequestBody(content: .json(value), contentType: "application/json")
    }

    /// UTF-8 text, sent as `text/plain; charset=utf-8`.
    public static func text(_ text: String) -> RequestBody {
        RequestBody(content: .data(Data(text.utf8)), contentType: "text/plain; charset=utf-8")
    }

    /// The bytes this body sends: its data as it is, or its JSON value encoded with `encoder` (the
    /// client passes its own, so key and date strategies apply).
    public func encoded(with encoder: any RequestEncoder) throws -> Data {
        switch content {
        case .data(let data): return data
        case .json(let value): return try encoder.encode(value)
        }
    }
}
