/// The pages of a paginated endpoint, fetched one at a time as they are iterated, each through every
/// middleware of the client (auth, retry, cache, …).
///
/// Made by ``APIClient``'s `pages` methods. The sequence ends after the last page or after `limit`
/// pages; a failure ends it with that ``APIError``, and a cancelled task ends it with
/// ``APIError/Kind/cancelled`` before the next page is asked for.
///
/// ```swift
/// for try await page in client.pages(following: Repositories(), items: \.self) {
///     show(page.items)
/// }
/// ```
public struct PageSequence<Item: Sendable>: AsyncSequence, Sendable {
    /// A page.
    public typealias Element = Page<Item>
    /// What ends an iteration early.
    public typealias Failure = APIError

    /// Fetches one page and says how to fetch the one after; `nil` when there is no page there.
    typealias Fetch = @Sendable () async throws(APIError) -> Fetched?

    /// A fetched page and the way to its successor.
    struct Fetched: Sendable {
        let items: [Item]
        let response: HTTPResponse
        let next: Fetch?
    }

    private let first: Fetch
    private let limit: Int?

    init(limit: Int?, first: @escaping Fetch) {
        self.first = first
        self.limit = limit
    }

    /// An iterator from the first page.
    public func makeAsyncIterator() -> Iterator {
        Iterator(fetch: first, limit: limit)
    }

    /// The items of every page, in order.
    public var items: ItemSequence<Item> {
        ItemSequence(pages: self)
    }

    /// Fetches the pages in turn.
    public struct Iterator: AsyncIteratorProtocol {
        private var fetch: Fetch?
        private var number = 0
        private let limit: Int?

        init(fetch: Fetch?, limit: Int?) {
            self.fetch = fetch
            self.limit = limit
        }

        /// The next page, or `nil` after the last.
        public mutating func next() async throws(APIError) -> Page<Item>? {
            try await next(isolation: nil)
        }

        /// The next page, or `nil` after the last; the caller's isolation is kept between pages.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(APIError) -> Page<Item>? {
            guard let current = fetch, number < limit ?? .max else { return nil }
            fetch = nil
            if Task.isCancelled { throw APIError(.cancelled) }
            guard let fetched = try await current() else { return nil }
            number += 1
            fetch = fetched.next
            return Page(items: fetched.items, number: number, response: fetched.response)
        }
    }
}

/// One page of a paginated endpoint.
public struct Page<Item: Sendable>: Sendable {
    /// The items on the page.
    public let items: [Item]
    /// The page's position in the sequence, from 1.
    public let number: Int
    /// The page's response head, for totals or rate limits the server sends in headers.
    public let response: HTTPResponse
}

/// The items of a ``PageSequence``, page after page, fetching each page when its first item is needed.
public struct ItemSequence<Item: Sendable>: AsyncSequence, Sendable {
    /// An item.
    public typealias Element = Item
    /// What ends an iteration early.
    public typealias Failure = APIError

    let pages: PageSequence<Item>

    /// An iterator from the first item of the first page.
    public func makeAsyncIterator() -> Iterator {
        Iterator(pages: pages.makeAsyncIterator())
    }

    /// Walks the items of each page in turn.
    public struct Iterator: AsyncIteratorProtocol {
        private var pages: PageSequence<Item>.Iterator
        private var buffer: IndexingIterator<[Item]> = [].makeIterator()

        init(pages: PageSequence<Item>.Iterator) {
            self.pages = pages
        }

        /// The next item, or `nil` after the last item of the last page.
        public mutating func next() async throws(APIError) -> Item? {
            try await next(isolation: nil)
        }

        /// The next item, or `nil` after the last item of the last page; the caller's isolation is
        /// kept between pages.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(APIError) -> Item? {
            while true {
                if let item = buffer.next() { return item }
                guard let page = try await pages.next(isolation: actor) else { return nil }
                buffer = page.items.makeIterator()
            }
        }
    }
}
