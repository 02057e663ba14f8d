#if os(Linux)
@testable import CourierEngine
import Testing

/// A request's URL read into the parts a connection needs, from its bytes alone.
@Suite struct RequestTargetTests {
    @Test(arguments: [
        (
            "http://127.0.0.1:8080/movies?page=2#top", "http://127.0.0.1:8080", "127.0.0.1:8080", "127.0.0.1", UInt16(8080),
            "/movies?page=2", false
        ),
        ("https://api.example.test/v1", "https://api.example.test", "api.example.test", "api.example.test", 443, "/v1", true),
        ("http://example.test", "http://example.test", "example.test", "example.test", 80, "", false),
        ("http://example.test?q=1", "http://example.test", "example.test", "example.test", 80, "?q=1", false),
        ("HTTPS://[::1]:8443/x", "HTTPS://[::1]:8443", "[::1]:8443", "::1", 8443, "/x", true),
        ("https://[::1]/", "https://[::1]", "[::1]", "::1", 443, "/", true),
    ])
    func partsAreReadFromTheBytes(
        url: String, origin: String, authority: String, host: String, port: UInt16, path: String, isSecure: Bool
    ) throws {
        let target = try RequestTarget(url)
        #expect(target.text(target.origin) == origin)
        #expect(target.text(target.authority) == authority)
        #expect(target.text(target.host) == host)
        #expect(target.port == port)
        #expect(target.text(target.path) == path)
        #expect(target.isSecure == isSecure)
    }

    /// Credentials in the URL are kept apart from the host, for Basic authentication.
    @Test func userinfoIsNotTheHost() throws {
        let target = try RequestTarget("http://user:p%40ss@127.0.0.1:8080/x")
        #expect(target.text(target.userinfo) == "user:p%40ss")
        #expect(target.text(target.authority) == "127.0.0.1:8080")
        #expect(target.text(target.host) == "127.0.0.1")
    }

    @Test(arguments: [
        "ftp://example.test/file", "ws://example.test/socket", "mailto:someone@example.test",
    ])
    func otherSchemesAreUnsupported(url: String) {
        #expect(throws: RequestTarget.Failure.unsupportedScheme) { try RequestTarget(url) }
    }

    @Test(arguments: [
        "example.test/no-scheme", "http://", "http:///path", "http://a@b@example.test/", "http://user@/", "http://example.test:0/",
        "http://example.test:65536/", "http://example.test:8a/", "http://example.test:/", "http://[::1/", "http://[]/",
        "http://exa mple.test/", "http://example.test/a b", "http://example.test/\u{7F}", "http://example.test/é",
        "http://example.test/line\r\nX-Injected: 1",
    ])
    func malformedURLsAreRefused(url: String) {
        #expect(throws: RequestTarget.Failure.malformed) { try RequestTarget(url) }
    }
}
#endif
