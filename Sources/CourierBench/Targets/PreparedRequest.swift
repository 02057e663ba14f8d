import Foundation

/// One request of a mix, ready to send: its templates filled from the rows the mix chose.
struct PreparedRequest: Sendable, Equatable {
    /// The name its result is reported under, shared by every variation of the request.
    let name: String
    /// The request's position in the targets file's `requests`, for per-request tallies without a
    /// dictionary lookup.
    let index: Int
    /// The HTTP method.
    let method: String
    /// The absolute URL, its variables percent-encoded.
    let url: String
    /// The header fields, in the order of their names.
    let headers: [RequestOptions.Header]
    /// The body; `nil` for none.
    let body: Data?
}
