import Courier
import CourierTesting
import Foundation
import Testing

private struct Numbered: Endpoint {
    typealias Response = [Int]
    let page: Int
    var path: String { "items" }
    var query: [String: String] { ["page": "\(page)"] }
}

private struct Feed: Endpoint {
    struct Response: Decodable, Sendable {
        let entries: [String]
        let next: String?
    }
    let after: String?
    var path: String { "feed" }
    var query: [String: String] { after.map { ["after": $0] } ?? [:] }
}

private struct Linked: Endpoint {
    typealias Response = [Int]
    var path: String { "linked" }
    var headers: [String: String] { ["X-Client": "courier"] }
}

@Suite struct PaginationTests {
    /// Pages 1…3 of two items each, then an empty page.
    private func numberedServer(_ server: StubServer = StubServer()) -> StubServer {
        for page in 1...4 {
            let items = page <= 3 ? "[\(page * 10),\(page * 10 + 1)]" : "[]"
            server.route("GET", "/items", query: ["page": "\(page)"], .json(items))
        }
        return server
    }

    @Test(arguments: Flavour.allCases)
    func pageNumbersToTheFirstEmptyPage(flavour: Flavour) async throws {
        let server = numberedServer()
        let pages = flavour.client(for: server).pages(numbered: { Numbered(page: $0) }, items: \.self)
        var seen: [[Int]] = []
        var numbers: [Int] = []
        for try await page in pages {
            seen.append(page.items)
            numbers.append(page.number)
        }
        #expect(seen == [[10, 11], [20, 21], [30, 31]])
        #expect(numbers == [1, 2, 3])
        #expect(server.requests.count == 4)
    }

    @Test func itemsFlattenThePages() async throws {
        let client = Flavour.inMemory.client(for: numberedServer())
        var items: [Int] = []
        for try await item in client.pages(numbered: { Numbered(page: $0) }, items: \.self).items {
            items.append(item)
        }
        #expect(items == [10, 11, 20, 21, 30, 31])
    }

    @Test func aPageLimitStopsEarlyWithoutFetchingMore() async throws {
        let server = numberedServer()
        var count = 0
        for try await _ in Flavour.inMemory.client(for: server).pages(numbered: { Numbered(page: $0) }, limit: 2, items: \.self) {
            count += 1
        }
        #expect(count == 2)
        #expect(server.requests.count == 2)
    }

    @Test(arguments: Flavour.allCases)
    func cursorsFromTheBodyToTheLastPage(flavour: Flavour) async throws {
        let server = StubServer()
        server.route("GET", "/feed", .json(#"{"entries":["a","b"],"next":"c1"}"#))
        server.route("GET", "/feed", query: ["after": "c1"], .json(#"{"entries":["c"],"next":"c2"}"#))
        server.route("GET", "/feed", query: ["after": "c2"], .json(#"{"entries":["d"],"next":null}"#))
        let pages = flavour.client(for: server).pages(cursor: { Feed(after: $0) }, page: { ($0.entries, $0.next) })
        var items: [String] = []
        for try await item in pages.items { items.append(item) }
        #expect(items == ["a", "b", "c", "d"])
        #expect(server.requests.count == 3)
    }

    @Test(arguments: Flavour.allCases)
    func linkHeadersToTheLastPage(flavour: Flavour) async throws {
        let server = StubServer()
        let base = server.baseURL.absoluteString
        server.route(
            "GET", "/linked",
            StubResponse(
                status: 200, headers: ["Link": "<\(base)/linked?page=2&token=t>; rel=\"next\", <\(base)/linked?page=3>; rel=\"last\""],
                body: Data("[1]".utf8)))
        // A relative link, and the next relation among others.
        server.route(
            "GET", "/linked", query: ["page": "2"],
            StubResponse(status: 200, headers: ["Link": #"</linked?page=3>; rel="last next""#], body: Data("[2]".utf8)))
        server.route(
            "GET", "/linked", query: ["page": "3"],
            StubResponse(status: 200, headers: ["Link": #"</linked?page=1>; rel="first""#], body: Data("[3]".utf8)))
        var items: [Int] = []
        for try await item in flavour.client(for: server).pages(following: Linked(), items: \.self).items { items.append(item) }
        #expect(items == [1, 2, 3])
        #expect(server.requests.map(\.url) == ["\(base)/linked", "\(base)/linked?page=2&token=t", "\(base)/linked?page=3"])
        #expect(server.requests.allSatisfy { $0.headers["X-Client"] == "courier" })
    }

    @Test func eachPageGoesThroughEveryPolicy() async throws {
        let server = StubServer()
        let calls = Counter()
        // Page 2 fails once with a 503 and needs the refreshed token.
        server.route("GET", "/items") { request in
            guard request.headers["Authorization"] == "Bearer new" else { return .status(401) }
            let page = request.url.hasSuffix("page=2") ? 2 : 1
            if page == 2, calls.increment() == 1 { return .status(503) }
            return .json(page == 1 ? "[1]" : "[]")
        }
        let store = TokenStore(credential: Credential(token: "old")) { _ in Credential(token: "new") }
        let client = Flavour.inMemory.client(
            for: server, middlewares: [RetryMiddleware(clock: TestClock(), random: { 0 }), AuthMiddleware(store: store)])
        var items: [Int] = []
        for try await item in client.pages(numbered: { Numbered(page: $0) }, items: \.self).items { items.append(item) }
        #expect(items == [1])
        #expect(server.requests.count == 4)  // 401, page 1, 503, page 2
    }

    @Test func aFailingPageEndsTheSequenceWithItsError() async throws {
        let server = StubServer()
        server.route("GET", "/items", query: ["page": "1"], .json("[1]"))
        server.route("GET", "/items", query: ["page": "2"], .status(500))
        var pages = Flavour.inMemory.client(for: server).pages(numbered: { Numbered(page: $0) }, items: \.self).makeAsyncIterator()
        #expect(try await pages.next()?.items == [1])
        await #expect(throws: APIError.badStatus(500)) { _ = try await pages.next() }
        #expect(try await pages.next() == nil)
    }

    @Test func cancellationStopsBeforeTheNextPage() async throws {
        let server = numberedServer()
        let client = Flavour.inMemory.client(for: server)
        let task = Task {
            var iterator = client.pages(numbered: { Numbered(page: $0) }, items: \.self).makeAsyncIterator()
            _ = try await iterator.next()
            withUnsafeCurrentTask { $0?.cancel() }
            _ = try await iterator.next()
        }
        await #expect(throws: APIError.cancelled) { try await task.value }
        #expect(server.requests.count == 1)
    }

    @Test(
        arguments: [
            (#"<https://h.test/2>; rel="next""#, "https://h.test/2"),
            (#"<https://h.test/9>; rel="last", <https://h.test/2>; rel=next"#, "https://h.test/2"),
            (#"<https://h.test/2>; title="a;b"; REL="Next""#, "https://h.test/2"),
            (#"<https://h.test/1>; rel="prev""#, nil),
            ("garbage", nil),
        ] as [(String, String?)])
    func findsTheNextLink(header: String, expected: String?) async throws {
        let server = StubServer()
        server.route("GET", "/linked", StubResponse(status: 200, headers: ["Link": header], body: Data("[1]".utf8)))
        var iterator = Flavour.inMemory.client(for: server).pages(following: Linked(), limit: 2, items: \.self).makeAsyncIterator()
        _ = try await iterator.next()
        _ = try? await iterator.next()
        #expect(server.requests.dropFirst().first?.url == expected)
    }
}
