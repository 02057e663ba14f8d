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
