/// One page of a paginated endpoint.
public struct Page<Item: Sendable>: Sendable {
    /// The items on the page.
    public let items: [Item]
    /// The page's position in the sequence, from 1.
    public let number: Int
    /// The page's response head, for totals or rate limits the server sends in headers.
    public let response: HTTPResponse
}
