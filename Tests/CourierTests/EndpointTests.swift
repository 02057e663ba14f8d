import Courier
import CourierTesting
import Foundation
import Testing

@Suite struct EndpointTests {
    @Test func defaultsToAPlainGet() throws {
        struct Bare: Endpoint { var path: String { "x" } }
        #expect(Bare().method == "GET")
        #expect(Bare().query.isEmpty)
        #expect(Bare().queryItems.isEmpty)
        #expect(Bare().headers.isEmpty)
        #expect(Bare().body == nil)
        let request = try Flavour.inMemory.client(for: StubServer()).request(for: Bare())
        #expect(request.method == "GET")
        #expect(request.headers.fields.isEmpty)
        #expect(request.body == nil)
    }

    @Test func queryItemsDefaultToTheQueryPairs() {
        let items = Movies(page: 3).queryItems
        #expect(items == [URLQueryItem(name: "page", value: "3")])
    }

    @Test func repeatedNamesGoThroughQueryItems() throws {
        struct Tagged: Endpoint {
            var path: String { "search" }
            var queryItems: [URLQueryItem] { [URLQueryItem(name: "tag", value: "a"), URLQueryItem(name: "tag", value: "b")] }
        }
        let request = try Flavour.inMemory.client(for: StubServer()).request(for: Tagged())
        #expect(request.url.hasSuffix("/search?tag=a&tag=b"))
    }

    @Test func textAndDataBodiesCarryTheirContentTypes() throws {
        struct Note: Endpoint {
            var body: RequestBody?
            var path: String { "note" }
            var method: String { "PUT" }
        }
        let client = Flavour.inMemory.client(for: StubServer())
        let text = try client.request(for: Note(body: .text("héllo")))
        #expect(text.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(text.body == Data("héllo".utf8))
        let raw = try client.request(for: Note(body: .data(Data([1, 2, 3]))))
        #expect(raw.headers["Content-Type"] == nil)
        #expect(raw.body == Data([1, 2, 3]))
    }
}
