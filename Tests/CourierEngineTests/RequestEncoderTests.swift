#if os(Linux)
import Courier
@testable import CourierEngine
import Foundation
import Testing

/// A request's bytes on the wire: one request line, `Host`, the caller's fields, and framing the
/// engine writes itself.
@Suite struct RequestEncoderTests {
    private func encode(_ request: HTTPRequest, acceptEncoding: Bool = false, lines: inout RequestLineCache) throws -> String {
        var output: [UInt8] = []
        RequestEncoder.encode(request, target: try RequestTarget(request.url), acceptEncoding: acceptEncoding, lines: &lines, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private func encode(_ request: HTTPRequest, acceptEncoding: Bool = false) throws -> String {
        var lines = RequestLineCache()
        return try encode(request, acceptEncoding: acceptEncoding, lines: &lines)
    }

    @Test func aGetHasItsLineHostAndFieldsAndNoLength() throws {
        let request = HTTPRequest(method: "GET", url: "http://127.0.0.1:8080/movies?page=2#top", headers: ["Accept": "application/json"])
        #expect(try encode(request) == "GET /movies?page=2 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAccept: application/json\r\n\r\n")
    }

    @Test func aURLWithoutAPathAsksForTheRoot() throws {
        #expect(try encode(HTTPRequest(method: "GET", url: "http://example.test")) == "GET / HTTP/1.1\r\nHost: example.test\r\n\r\n")
        #expect(
            try encode(HTTPRequest(method: "GET", url: "http://example.test?q=1")) == "GET /?q=1 HTTP/1.1\r\nHost: example.test\r\n\r\n")
    }

    @Test func aBodyIsFramedByItsLength() throws {
        let request = HTTPRequest(method: "POST", url: "http://example.test/orders", body: Data(#"{"id":1}"#.utf8))
        #expect(try encode(request) == "POST /orders HTTP/1.1\r\nHost: example.test\r\nContent-Length: 8\r\n\r\n{\"id\":1}")
    }

    @Test func aMethodThatDefinesABodySaysItIsEmpty() throws {
        #expect(
            try encode(HTTPRequest(method: "PUT", url: "http://example.test/x"))
                == "PUT /x HTTP/1.1\r\nHost: example.test\r\nContent-Length: 0\r\n\r\n")
    }

    /// The caller cannot frame the body or name the host against what the engine writes: a second
    /// `Host` or a `Transfer-Encoding` would let a server read the request differently.
    @Test func theCallersFramingAndHostAreNotSent() throws {
        let headers: HTTPHeaders = ["Host": "evil.test", "Transfer-Encoding": "chunked", "Content-Length": "99", "Connection": "close"]
        let request = HTTPRequest(method: "POST", url: "http://example.test/x", headers: headers, body: Data("hi".utf8))
        #expect(try encode(request) == "POST /x HTTP/1.1\r\nHost: example.test\r\nContent-Length: 2\r\n\r\nhi")
    }

    @Test func compressionIsAskedForUnlessTheCallerAsks() throws {
        #expect(
            try encode(HTTPRequest(method: "GET", url: "http://example.test/"), acceptEncoding: true)
                == "GET / HTTP/1.1\r\nHost: example.test\r\nAccept-Encoding: gzip, deflate\r\n\r\n")
        let own = HTTPRequest(method: "GET", url: "http://example.test/", headers: ["Accept-Encoding": "identity"])
        #expect(try encode(own, acceptEncoding: true) == "GET / HTTP/1.1\r\nHost: example.test\r\nAccept-Encoding: identity\r\n\r\n")
    }

    /// A URL's credentials are sent as Basic authentication (decoded, as libcurl sends them), unless
    /// the caller sent `Authorization` itself.
    @Test func credentialsInTheURLAreBasicAuthentication() throws {
        let request = HTTPRequest(method: "GET", url: "http://user:p%40ss@example.test/")
        // base64("user:p@ss")
        #expect(try encode(request) == "GET / HTTP/1.1\r\nHost: example.test\r\nAuthorization: Basic dXNlcjpwQHNz\r\n\r\n")
        let own = HTTPRequest(method: "GET", url: "http://user:pass@example.test/", headers: ["Authorization": "Bearer t"])
        #expect(try encode(own) == "GET / HTTP/1.1\r\nHost: example.test\r\nAuthorization: Bearer t\r\n\r\n")
    }

    /// The cache of the last request line follows the method and the URL.
    @Test func theCachedLineChangesWithTheMethodAndTheURL() throws {
        var lines = RequestLineCache()
        #expect(
            try encode(HTTPRequest(method: "GET", url: "http://a.test/1"), lines: &lines).hasPrefix("GET /1 HTTP/1.1\r\nHost: a.test\r\n"))
        #expect(
            try encode(HTTPRequest(method: "HEAD", url: "http://a.test/1"), lines: &lines).hasPrefix("HEAD /1 HTTP/1.1\r\nHost: a.test\r\n")
        )
        #expect(
            try encode(HTTPRequest(method: "HEAD", url: "http://b.test/2"), lines: &lines).hasPrefix("HEAD /2 HTTP/1.1\r\nHost: b.test\r\n")
        )
    }
}
#endif
