import Foundation

extension APIClient {
    /// The pages of an endpoint numbered by page, from `first` until a page comes back empty, or
    /// until `limit` pages.
    ///
    /// ```swift
    /// for try await movie in client.pages(numbered: { Movies(page: $0) }, items: \.self).items { … }
    /// ```
    public func pages<E: Endpoint, Item: Sendable>(
        numbered endpoint: @escaping @Sendable (_ page: Int) -> E,
        from first: Int = 1,
        limit: Int? = nil,
        items: @escaping @Sendable (E.Response) -> [Item]
    ) -> PageSequence<Item> {
        @Sendable func fetch(_ number: Int) -> PageSequence<Item>.Fetch {
            { () async throws(APIError) -> PageSequence<Item>.Fetched? in
                let (value, response) = try await exchange(endpoint(number), as: E.Response.self)
                let found = items(value)
                if found.isEmpty { return nil }
                return .init(items: found, response: response, next: fetch(number + 1))
            }
        }
        return PageSequence(limit: limit, first: fetch(first))
    }

    /// The pages of an endpoint that returns an opaque cursor to the next page in its body, until a
    /// page has no cursor, or until `limit` pages. `endpoint` gets `nil` for the first page.
    ///
    /// ```swift
    /// client.pages(cursor: { Feed(after: $0) }, page: { ($0.entries, $0.nextCursor) })
    /// ```
    public func pages<E: Endpoint, Item: Sendable>(
        cursor endpoint: @escaping @Sendable (_ cursor: String?) -> E,
        limit: Int? = nil,
        page: @escaping @Sendable (E.Response) -> (items: [Item], next: String?)
    ) -> PageSequence<Item> {
        @Sendable func fetch(_ cursor: String?) -> PageSequence<Item>.Fetch {
            { () async throws(APIError) -> PageSequence<Item>.Fetched? in
                let (value, response) = try await exchange(endpoint(cursor), as: E.Response.self)
                let (found, next) = page(value)
                let more = next.map { !$0.isEmpty } ?? false
                return .init(items: found, response: response, next: more ? fetch(next) : nil)
            }
        }
        return PageSequence(limit: limit, first: fetch(nil))
    }

    /// The pages of an endpoint that links to its next page with an RFC 8288 header,
    /// `Link: <…>; rel="next"`, until a page has no such link, or until `limit` pages. Later pages
    /// keep the endpoint's method, header fields and overrides; relative links resolve against the
    /// page that gave them.
    public func pages<E: Endpoint, Item: Sendable>(
        following endpoint: E,
        limit: Int? = nil,
        items: @escaping @Sendable (E.Response) -> [Item]
    ) -> PageSequence<Item> {
        @Sendable func fetch(_ page: LinkedPage<E>?) -> PageSequence<Item>.Fetch {
            { () async throws(APIError) -> PageSequence<Item>.Fetched? in
                let current: (value: E.Response, response: HTTPResponse)
                let url: String
                if let page {
                    current = try await exchange(page, as: E.Response.self)
                    url = page.url
                } else {
                    current = try await exchange(endpoint, as: E.Response.self)
                    url = try request(for: endpoint).url
                }
                // The joined view: every Link field at once, whether they came apart or joined.
                let next = current.response.headers["Link"]
                    .flatMap { LinkHeader.target(of: "next", in: $0) }
                    .flatMap { URL(string: $0, relativeTo: URL(string: url))?.absoluteString }
                return .init(
                    items: items(current.value), response: current.response, next: next.map { fetch(LinkedPage(base: endpoint, url: $0)) })
            }
        }
        return PageSequence(limit: limit, first: fetch(nil))
    }
}

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

/// The `Link` header field of RFC 8288: `<https://api.example.com/items?page=2>; rel="next", <…>; rel="last"`.
enum LinkHeader {
    /// The target of the first link whose relation types include `relation`, if any.
    static func target(of relation: String, in value: String) -> String? {
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let target = rest[rest.index(after: open)..<close]
            let parametersEnd = rest[close...].firstIndex(of: "<") ?? rest.endIndex
            let parameters = rest[rest.index(after: close)..<parametersEnd]
            if relations(in: parameters).contains(relation.lowercased()) { return String(target) }
            rest = rest[parametersEnd...]
        }
        return nil
    }

    /// The space-separated relation types of the `rel` parameter, lowercased.
    private static func relations(in parameters: Substring) -> [String] {
        for parameter in parameters.split(separator: ";") {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else { continue }
            let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " ,\""))
            return value.lowercased().split(separator: " ").map(String.init)
        }
        return []
    }
}
