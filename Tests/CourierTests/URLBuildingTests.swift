import Courier
import CourierFixtures
import CourierTesting
import Foundation
import Testing

private struct Path: Endpoint {
    var path: String
    var queryItems: [URLQueryItem] = []
}

private func url(base: String, _ endpoint: Path) throws -> String {
    let client = APIClient(baseURL: try #require(URL(string: base)), transport: InMemoryTransport.constant(body: Data()))
    return try client.request(for: endpoint).url
}

@Suite struct URLBuildingTests {
    @Test(arguments: [
        ("https://h.test", "movies", "https://h.test/movies"),
        ("https://h.test/", "movies", "https://h.test/movies"),
        ("https://h.test/", "/movies", "https://h.test/movies"),
        ("https://h.test//", "//movies", "https://h.test/movies"),
        ("https://h.test/api/v1", "movies", "https://h.test/api/v1/movies"),
        ("https://h.test/api/v1/", "/movies/42/", "https://h.test/api/v1/movies/42/"),
        ("https://h.test/api/v1/", "", "https://h.test/api/v1/"),
        ("https://h.test", "", "https://h.test"),
        ("https://h.test:8443/x", "a b/c?d#e%f/é", "https://h.test:8443/x/a%20b/c%3Fd%23e%25f/%C3%A9"),
    ])
    func joinsBaseAndPathWithOneSlash(base: String, path: String, expected: String) throws {
        #expect(try url(base: base, Path(path: path)) == expected)
    }

    @Test func sortsQueryByNameKeepingRepeatedNamesInOrder() throws {
        let items = [URLQueryItem(name: "tag", value: "b"), URLQueryItem(name: "a", value: "1"), URLQueryItem(name: "tag", value: "a")]
        #expect(try url(base: "https://h.test", Path(path: "x", queryItems: items)) == "https://h.test/x?a=1&tag=b&tag=a")
    }

    /// Past 32 items the sort is another algorithm: it must be as stable.
    @Test func sortsManyItemsStably() throws {
        let names = (0..<40).map { "n\($0 % 13)" }
        let items = names.enumerated().map { URLQueryItem(name: $0.element, value: "\($0.offset)") }
        let expected = items.enumerated().sorted { a, b in
            a.element.name == b.element.name ? a.offset < b.offset : a.element.name.utf8.lexicographicallyPrecedes(b.element.name.utf8)
        }.map { "\($0.element.name)=\($0.element.value ?? "")" }.joined(separator: "&")
        #expect(try url(base: "https://h.test", Path(path: "x", queryItems: items)) == "https://h.test/x?" + expected)
    }

    @Test func escapesReservedAndNonASCIICharactersInQueryItems() throws {
        let items = [URLQueryItem(name: "q", value: "a b+c&d=e/f?g#é"), URLQueryItem(name: "flag", value: nil)]
        #expect(
            try url(base: "https://h.test", Path(path: "s", queryItems: items))
                == "https://h.test/s?flag&q=a%20b%2Bc%26d%3De%2Ff%3Fg%23%C3%A9")
    }

    @Test func keepsTheBaseURLsOwnQueryItems() throws {
        let items = [URLQueryItem(name: "page", value: "2")]
        #expect(try url(base: "https://h.test/api?key=k", Path(path: "m", queryItems: items)) == "https://h.test/api/m?key=k&page=2")
    }

    @Test func takesAnAbsolutePathAsTheWholeURL() throws {
        let next = Path(path: "https://other.test/movies?cursor=abc", queryItems: [URLQueryItem(name: "limit", value: "5")])
        #expect(try url(base: "https://h.test/api/", next) == "https://other.test/movies?cursor=abc&limit=5")
    }

    /// The base URL's query (an API key, say) is the base's: an absolute URL, a pagination link that
    /// carries its own query or another host's, is sent as it is, with the endpoint's items only.
    @Test(arguments: [
        ("https://other.test/movies", [], "https://other.test/movies"),
        ("https://h.test/api/m?key=k&page=2", [], "https://h.test/api/m?key=k&page=2"),
        ("https://h.test/api?key=k", [], "https://h.test/api?key=k"),
        ("https://h.test/api", [URLQueryItem(name: "limit", value: "5")], "https://h.test/api?limit=5"),
        ("https://h.test/m?page=2#top", [URLQueryItem(name: "limit", value: "5")], "https://h.test/m?page=2&limit=5"),
        ("https://h.test/m#top", [], "https://h.test/m#top"),
    ])
    func givesAnAbsolutePathNoneOfTheBaseURLsQuery(path: String, items: [URLQueryItem], expected: String) throws {
        #expect(try url(base: "https://h.test/api?key=k", Path(path: path, queryItems: items)) == expected)
    }

    /// A path that is the base URL itself, as `bench load` sends request after request, is not
    /// parsed again, and is sent exactly as the base URL reads, query and all.
    @Test(arguments: ["https://h.test", "https://h.test/", "http://h.test:8080/a/b?x=1&a=2", "https://h.test/a%20b?q=%C3%A9#part"])
    func takesAPathThatIsTheBaseURLAsItIs(base: String) throws {
        let baseURL = try #require(URL(string: base))
        #expect(try url(base: base, Path(path: baseURL.absoluteString)) == baseURL.absoluteString)
    }

    @Test(arguments: ["movies", "/", "no-scheme/path", "https://", "mailto:someone"])
    func rejectsABaseURLWithoutSchemeOrHost(base: String) throws {
        let client = APIClient(baseURL: try #require(URL(string: base)), transport: InMemoryTransport.constant(body: Data()))
        #expect(throws: APIError.invalidURL) { try client.request(for: Path(path: "x")) }
    }

    @Test func rejectsAnAbsolutePathThatIsNoURL() throws {
        let client = APIClient(baseURL: try #require(URL(string: "https://h.test")), transport: InMemoryTransport.constant(body: Data()))
        #expect(throws: APIError.invalidURL) { try client.request(for: Path(path: "https://bad host/")) }
    }

    /// For many generated inputs, the URL equals what `URLComponents` builds from the same sorted
    /// items — with `+`, `/` and `?` escaped as well, which `URLComponents` leaves alone — and parses
    /// back into exactly those items.
    @Test func matchesURLComponentsForGeneratedInputs() throws {
        var random = SplitMix64(seed: 0x5EED)
        for _ in 0..<2_000 {
            let base = ["https://h.test", "https://h.test/", "https://h.test/api/v1", "http://h.test:8080/a/b/"].randomElement(
                using: &random)!
            let path = random.text(maxLength: 12, allowingSlashes: true)
            let items = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                URLQueryItem(name: random.text(maxLength: 6), value: Bool.random(using: &random) ? random.text(maxLength: 10) : "")
            }
            let ours = try url(base: base, Path(path: path, queryItems: items))

            var reference = try #require(URLComponents(string: base))
            let trimmedBase = reference.path.hasSuffix("/") ? String(reference.path.dropLast()) : reference.path
            let trimmedPath = String(path.drop { $0 == "/" })
            reference.path = trimmedPath.isEmpty ? reference.path : trimmedBase + "/" + trimmedPath
            let sorted = items.enumerated().sorted { a, b in
                a.element.name == b.element.name ? a.offset < b.offset : a.element.name.utf8.lexicographicallyPrecedes(b.element.name.utf8)
            }.map(\.element)
            if !sorted.isEmpty {
                reference.queryItems = sorted
                reference.percentEncodedQueryItems = reference.percentEncodedQueryItems?.map {
                    URLQueryItem(name: escapeExtra($0.name), value: $0.value.map(escapeExtra))
                }
            }
            #expect(ours == reference.string, "path \(path.debugDescription), items \(items)")

            let parsed = try #require(URLComponents(string: ours))
            #expect((parsed.queryItems ?? []) == sorted)
            #expect(parsed.path == reference.path)
        }
    }
}

private func escapeExtra(_ text: String) -> String {
    text.replacingOccurrences(of: "+", with: "%2B").replacingOccurrences(of: "/", with: "%2F").replacingOccurrences(of: "?", with: "%3F")
}

extension SplitMix64 {
    /// Text drawn from letters, every ASCII punctuation mark, spaces and a few non-ASCII characters.
    mutating func text(maxLength: Int, allowingSlashes: Bool = false) -> String {
        let alphabet = Array("abcXYZ019 -._~!$&'()*+,;=:@?#[]%\"<>\\^`{|}éü€😀" + (allowingSlashes ? "///" : ""))
        return String((0..<Int.random(in: 0...maxLength, using: &self)).map { _ in alphabet.randomElement(using: &self)! })
    }
}
