import Testing

@testable import CourierFixtureServer

@Suite struct RequestParserTests {
    private let parser = RequestParser(maximumHeaderBytes: 256, maximumBodyBytes: 64)

    private func parse(_ text: String) -> RequestParser.Result {
        parser.parse(Array(text.utf8))
    }

    @Test func parsesARequestWithItsQueryAndBody() {
        let request = "POST /movies?page=2 HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello"
        let head = RequestHead(method: "POST", path: "/movies", query: "page=2", keepAlive: true, contentLength: 5)
        #expect(parse(request) == .request(head, length: request.utf8.count))
    }

    @Test func keepsTheAuthorizationForProtectedRoutes() {
        let request = "GET /me HTTP/1.1\r\nHost: x\r\nAuthorization:  Bearer abc \r\n\r\n"
        let head = RequestHead(method: "GET", path: "/me", query: "", keepAlive: true, contentLength: 0, authorization: "Bearer abc")
        #expect(parse(request) == .request(head, length: request.utf8.count))
    }

    @Test func findsTheFirstOfPipelinedRequests() {
        let one = "GET /a HTTP/1.1\r\nHost: x\r\n\r\n"
        guard case .request(let head, let length) = parse(one + "GET /b HTTP/1.1\r\nHost: x\r\n\r\n") else {
            Issue.record("expected a request")
            return
        }
        #expect(head.path == "/a")
        #expect(length == one.utf8.count)
    }

    @Test(arguments: [
        ("GET /a HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", false),
        ("GET /a HTTP/1.0\r\n\r\n", false),
        ("GET /a HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n", true),
        ("GET /a HTTP/1.1\r\nHost: x\r\nConnection: upgrade, keep-alive\r\n\r\n", true),
    ])
    func keepAliveFollowsTheVersionAndConnectionHeader(request: String, keepAlive: Bool) {
        guard case .request(let head, _) = parse(request) else {
            Issue.record("expected a request")
            return
        }
        #expect(head.keepAlive == keepAlive)
    }

    @Test(arguments: ["", "GET /a HTTP/1.1\r\nHost: x\r\n", "GET /a HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhel"])
    func aPartialRequestIsIncomplete(request: String) {
        #expect(parse(request) == .incomplete)
    }

    @Test(arguments: [
        ("GET /a HTTP/1.1\r\n\r\n", 400),  // no Host
        ("GET  /a HTTP/1.1\r\nHost: x\r\n\r\n", 400),  // two spaces
        ("GET a HTTP/1.1\r\nHost: x\r\n\r\n", 400),  // not origin-form
        ("G(T /a HTTP/1.1\r\nHost: x\r\n\r\n", 400),  // not a token
        ("GET /a HTTP/1.1\r\nHost : x\r\n\r\n", 400),  // space before colon
        ("GET /a HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n", 400),  // obs-fold
        ("GET /a HTTP/1.1\r\nHost: x\r\nBad: a\u{0}b\r\n\r\n", 400),  // control character
        ("GET /a HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", 400),  // two hosts
        ("GET /a HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400),
        ("GET /a HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400),
        ("GET /a HTTP/1.1\r\nHost: x\r\nContent-Length: 65\r\n\r\n", 413),
        ("GET /a HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n", 413),
        ("GET /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
        ("GET /a HTTP/2.0\r\nHost: x\r\n\r\n", 505),
        ("GET /a HTTQ/1.1\r\nHost: x\r\n\r\n", 400),
        ("\r\n\r\n", 400),
    ])
    func malformedRequestsAreRefusedWithTheirStatus(request: String, status: Int) {
        #expect(parse(request) == .failure(status: status))
    }

    @Test func anOversizedHeadIs431WithOrWithoutItsEnd() {
        let long = "GET /a HTTP/1.1\r\nHost: x\r\nX: \(String(repeating: "y", count: 300))"
        #expect(parse(long) == .failure(status: 431))
        #expect(parse(long + "\r\n\r\n") == .failure(status: 431))
    }
}
