import Courier

/// What `capture` writes beside the body: the request and the response head, redacted.
struct CaptureRecord: Codable, Equatable {
    /// One header field.
    struct Field: Codable, Equatable {
        let name: String
        let value: String

        init(_ field: HTTPHeaders.Field) {
            name = field.name
            value = field.value
        }
    }

    let capturedAt: String
    let method: String
    let url: String
    let requestHeaders: [Field]
    let status: Int
    let responseHeaders: [Field]
    let bytes: Int
    let isJSON: Bool
}
