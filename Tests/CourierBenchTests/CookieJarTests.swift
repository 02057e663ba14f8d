import Courier
import Foundation
import Testing

@testable import CourierBench

/// A session's cookies by RFC 6265's rules: domain, path, expiry and `Secure`.
@Suite struct CookieJarTests {
    private let now = 1_800_000_000.0
    private let site = URL(string: "http://shop.example.com/flow/sign-in")!

    @Test func aCookieGoesBackUnderItsPathAndHostOnly() {
        var jar = CookieJar()
        jar.store(["session=s1; Path=/flow; HttpOnly", "view=list; Path=/flow/items", "plain=1"], from: site, now: now)
        #expect(jar.header(for: URL(string: "http://shop.example.com/flow/items/7")!, now: now) == "view=list; session=s1; plain=1")
        #expect(jar.header(for: URL(string: "http://shop.example.com/flow/orders")!, now: now) == "session=s1; plain=1")
        // `/flowers` is not under `/flow`; the default path of `/flow/sign-in` is `/flow`.
        #expect(jar.header(for: URL(string: "http://shop.example.com/flowers")!, now: now) == nil)
        #expect(jar.header(for: URL(string: "http://other.example.com/flow")!, now: now) == nil)
        #expect(jar.header(for: URL(string: "http://sub.shop.example.com/flow")!, now: now) == nil)
    }

    @Test func aDomainCookieCoversSubdomainsAndAForeignDomainIsIgnored() {
        var jar = CookieJar()
        jar.store(["a=1; Domain=.example.com; Path=/", "b=2; Domain=evil.test; Path=/"], from: site, now: now)
        #expect(jar.header(for: URL(string: "http://api.example.com/x")!, now: now) == "a=1")
        #expect(jar.header(for: URL(string: "http://evil.test/")!, now: now) == nil)
        var local = CookieJar()
        local.store(["c=3; Domain=0.0.1; Path=/"], from: URL(string: "http://127.0.0.1/")!, now: now)
        #expect(local.isEmpty)
    }

    @Test func cookiesExpireByMaxAgeOrExpiresAndAreReplacedOrDeleted() {
        var jar = CookieJar()
        jar.store(
            [
                "short=1; Max-Age=10; Path=/", "dated=2; Expires=Wed, 21 Oct 2037 07:28:00 GMT; Path=/",
                "stale=3; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/",
                "both=4; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=60; Path=/",
            ], from: site, now: now)
        #expect(jar.header(for: site, now: now) == "short=1; dated=2; both=4")
        #expect(jar.header(for: site, now: now + 11) == "dated=2; both=4")
        jar.store(["dated=new; Path=/", "both=gone; Max-Age=0; Path=/"], from: site, now: now + 11)
        #expect(jar.header(for: site, now: now + 12) == "dated=new")
    }

    @Test func aSecureCookieGoesOverHTTPSOnly() {
        var jar = CookieJar()
        jar.store(["s=1; Secure; Path=/"], from: URL(string: "https://shop.example.com/")!, now: now)
        #expect(jar.header(for: URL(string: "http://shop.example.com/")!, now: now) == nil)
        #expect(jar.header(for: URL(string: "https://shop.example.com/")!, now: now) == "s=1")
    }

    @Test(arguments: [
        ("Wed, 21 Oct 2037 07:28:00 GMT", 2_139_722_880.0), ("Wednesday, 21-Oct-37 07:28:00 GMT", 2_139_722_880),
        ("Wed Oct 21 07:28:00 2037", 2_139_722_880), ("Thu, 01 Jan 1970 00:00:00 GMT", 0),
    ])
    func datesAreReadAsRFC6265Says(text: String, seconds: Double) {
        #expect(CookieDate.parse(text) == seconds)
    }

    @Test(arguments: ["", "tomorrow", "Wed, 32 Oct 2037 07:28:00 GMT", "Wed, 21 Oct 2037 25:28:00 GMT", "21 Oct 1500 07:28:00"])
    func aDateThatIsNotOneIsIgnored(text: String) {
        #expect(CookieDate.parse(text) == nil)
    }
}

/// Checks and extractions judge an answer.
@Suite struct ResponseJudgingTests {
    private let body = Data(#"{"token":"tok-3","items":[{"id":7},{"id":8}],"a/b":{"~":true},"n":null}"#.utf8)
    private var document: JSONValue? { try? JSONDecoder().decode(JSONValue.self, from: body) }

    @Test func pointersFollowRFC6901() throws {
        let document = try #require(self.document)
        #expect(JSONPointer("/items/1/id")?.value(in: document) == .number(8))
        #expect(JSONPointer("/a~1b/~0")?.value(in: document) == .bool(true))
        #expect(JSONPointer("")?.value(in: document) == document)
        #expect(JSONPointer("/items/01")?.value(in: document) == nil)
        #expect(JSONPointer("/items/2")?.value(in: document) == nil)
        #expect(JSONPointer("/token/x")?.value(in: document) == nil)
        #expect(JSONPointer("items") == nil)
        #expect(JSONPointer("/a~2") == nil)
        #expect(JSONPointer("/a~") == nil)
    }

    @Test func checksPassAndFail() {
        func passes(_ rule: ResponseCheck.Rule, status: Int = 200) -> Bool {
            ResponseCheck(name: "c", rule: rule).passes(status: status, body: body) { document }
        }
        #expect(passes(.status([201...201]), status: 201))
        #expect(!passes(.status([201...201])))
        #expect(passes(.json(JSONPointer("/token")!, exists: true)))
        #expect(passes(.json(JSONPointer("/errors")!, exists: false)))
        #expect(!passes(.json(JSONPointer("/token")!, exists: false)))
        #expect(passes(.jsonEquals(JSONPointer("/items/0/id")!, .number(7))))
        #expect(!passes(.jsonEquals(JSONPointer("/items/0/id")!, .string("7"))))
        #expect(passes(.contains("tok-3")) && !passes(.notContains("tok-3")))
        #expect(passes(.maximumBodyBytes(body.count)) && !passes(.maximumBodyBytes(body.count - 1)))
        // Not JSON: a pointer finds nothing, whether it must exist or not.
        let text = ResponseCheck(name: "c", rule: .json(JSONPointer("/a")!, exists: false))
        #expect(!text.passes(status: 200, body: Data("<html>".utf8)) { nil })
        #expect(ResponseCheck(name: "created", rule: .contains("x")).errorClass == "check(created)")
    }

    @Test func extractionsTakeTheirValueOrNone() throws {
        let headers = HTTPHeaders(["X-Request-Id": "req-3"])
        func value(_ source: Extraction.Source) -> String? {
            Extraction(name: "v", slot: 0, source: source).value(status: 201, headers: headers, body: body) { document }
        }
        let pattern = try NSRegularExpression(pattern: #"tok-(\d+)"#)
        #expect(value(.json(JSONPointer("/token")!)) == "tok-3")
        #expect(value(.json(JSONPointer("/items/0/id")!)) == "7")
        #expect(value(.json(JSONPointer("/n")!)) == nil)
        #expect(value(.json(JSONPointer("/items")!)) == nil)
        #expect(value(.header("x-request-id")) == "req-3")
        #expect(value(.header("X-Missing")) == nil)
        #expect(value(.regex(Extraction.Pattern(text: "", expression: pattern), group: 1)) == "3")
        #expect(value(.regex(Extraction.Pattern(text: "", expression: pattern), group: 0)) == "tok-3")
        let absent = try NSRegularExpression(pattern: "nothing(here)")
        #expect(value(.regex(Extraction.Pattern(text: "", expression: absent), group: 1)) == nil)
        #expect(value(.status) == "201")
        #expect(Extraction(name: "token", slot: 0, source: .status).errorClass == "extract(token)")
    }
}
