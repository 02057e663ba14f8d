import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The rules both transports follow, without a server: `RedirectTests` (CourierCurlTests) checks
/// them against the fixture server over both.
@Suite struct RedirectsTests {
    private let post = HTTPRequest(
        method: "POST",
        url: "https://api.test/v1/orders",
        headers: ["Authorization": "Bearer t", "Content-Type": "application/json", "Content-Length": "2", "Cookie": "s=1", "X-Trace": "7"],
        body: Data("{}".utf8)
    )

    private func redirect(_ status: Int, to location: String? = "/v2/orders") -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: location.map { ["Location": $0] } ?? [:])
    }

    @Test(arguments: [301, 302, 303])
    func aPostBecomesAGetWithoutItsBodyOrItsBodysFields(status: Int) throws {
        let next = try #require(Redirects.request(after: redirect(status), to: post))
        #expect(next.method == "GET")
        #expect(next.body == nil)
        #expect(next.url == "https://api.test/v2/orders")
        #expect(next.headers.fields.map(\.name) == ["Authorization", "Cookie", "X-Trace"])
    }

    @Test(arguments: [307, 308])
    func aPostKeepsMethodBodyAndFields(status: Int) throws {
        let next = try #require(Redirects.request(after: redirect(status), to: post))
        #expect(next.method == "POST")
        #expect(next.body == post.body)
        #expect(next.headers == post.headers)
    }

    @Test func otherMethodsChangeOnlyOnA303AndAHeadNever() throws {
        var put = post
        put.method = "PUT"
        #expect(try #require(Redirects.request(after: redirect(301), to: put)).method == "PUT")
        #expect(try #require(Redirects.request(after: redirect(302), to: put)).body == put.body)
        #expect(try #require(Redirects.request(after: redirect(303), to: put)).method == "GET")
        let head = HTTPRequest(method: "HEAD", url: "https://api.test/a")
        #expect(try #require(Redirects.request(after: redirect(303), to: head)).method == "HEAD")
    }

    @Test(arguments: ["https://other.test/v2", "http://api.test/v2", "https://api.test:8443/v2"])
    func anotherOriginGetsNoCredentials(location: String) throws {
        let next = try #require(Redirects.request(after: redirect(307, to: location), to: post))
        #expect(next.url == location)
        #expect(next.headers["Authorization"] == nil)
        #expect(next.headers["Cookie"] == nil)
        #expect(next.headers["X-Trace"] == "7")
    }

    @Test func theSameOriginSpelledOutKeepsThem() throws {
        let next = try #require(Redirects.request(after: redirect(308, to: "HTTPS://API.test:443/v3"), to: post))
        #expect(next.headers["Authorization"] == "Bearer t")
    }

    /// One rule: what redaction hides never crosses an origin, and nothing else is dropped.
    @Test func everyFieldRedactionHidesStaysWithItsOrigin() throws {
        var request = HTTPRequest(
            method: "GET", url: "https://api.test/v1/orders", headers: ["Accept": "application/json", "X-Trace": "7"])
        for name in [
            "X-Api-Key", "Api-Key", "X-Goog-Api-Key", "Ocp-Apim-Subscription-Key", "X-Amz-Security-Token", "PRIVATE-TOKEN", "Set-Cookie",
        ] {
            #expect(Redaction.isSecret(name: name))
            request.headers[name] = "s3cret"
        }
        let away = try #require(Redirects.request(after: redirect(307, to: "https://other.test/v2"), to: request))
        #expect(away.headers.fields.map(\.name) == ["Accept", "X-Trace"])
        let here = try #require(Redirects.request(after: redirect(307, to: "/v2"), to: request))
        #expect(here.headers == request.headers)
    }

    @Test(
        arguments: [
            (300, "/elsewhere"), (304, "/elsewhere"), (307, nil), (307, "ftp://files.test/a"), (302, "http://[bad"),
        ] as [(Int, String?)])
    func whatIsNotARedirectToFollow(status: Int, location: String?) {
        #expect(Redirects.request(after: redirect(status, to: location), to: post) == nil)
    }

    @Test func followingStopsAtTheFirstAnswerAndAtTheLimit() async throws {
        let hops = Counter()
        let (final, _) = try await Redirects.follow(post, limit: 3) { request in
            hops.increment()
            return (hops.value < 3 ? redirect(307, to: "/hop\(hops.value)") : HTTPResponse(statusCode: 201), Data())
        }
        #expect(final.statusCode == 201)
        #expect(hops.value == 3)
        await #expect(throws: URLError(.httpTooManyRedirects)) {
            _ = try await Redirects.follow(post, limit: 2) { _ in (redirect(302), Data()) }
        }
        let (unfollowed, _) = try await Redirects.follow(post, limit: 0) { _ in (redirect(308), Data()) }
        #expect(unfollowed.statusCode == 308)
    }
}
