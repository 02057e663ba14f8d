import Courier
import Testing

@Suite struct HTTPHeadersTests {
    @Test func looksUpNamesIgnoringCase() {
        let headers: HTTPHeaders = ["Content-Type": "application/json"]
        #expect(headers["content-type"] == "application/json")
        #expect(headers["CONTENT-TYPE"] == "application/json")
        #expect(headers["Content-Typf"] == nil)
        #expect(headers["Content-Typ"] == nil)
        #expect(!headers.contains("Content-Type-X"))
    }

    @Test func reservingRoomAddsNoFieldAndKeepsTheOthers() {
        var headers: HTTPHeaders = ["Accept": "*/*"]
        headers.reserveCapacity(16)
        #expect(headers.fields.count == 1 && headers.fields.capacity >= 16 && headers["accept"] == "*/*")
        headers.add(name: "Date", value: "Wed, 02 Dec 2026 14:20:38 GMT")
        #expect(headers.fields.map(\.name) == ["Accept", "Date"])
    }

    @Test func caseFoldingIsForLettersOnly() {
        // '@' and '`' differ from each other only in the bit that folds letters.
        let headers: HTTPHeaders = ["X@": "1"]
        #expect(headers["X`"] == nil)
    }

    @Test func settingReplacesEveryFieldOfTheNameInPlace() {
        var headers: HTTPHeaders = ["A": "1", "Set-Cookie": "x=1", "B": "2", "set-cookie": "y=2"]
        headers["SET-COOKIE"] = "z=3"
        #expect(headers.fields.map(\.name) == ["A", "SET-COOKIE", "B"])
        #expect(headers.values(for: "set-cookie") == ["z=3"])
    }

    @Test func settingNilRemovesAndAddKeepsRepeats() {
        var headers = HTTPHeaders()
        headers.add(name: "Accept", value: "a")
        headers.add(name: "accept", value: "b")
        #expect(headers.values(for: "ACCEPT") == ["a", "b"])
        headers["Accept"] = nil
        #expect(headers.fields.isEmpty)
        headers["New"] = "v"
        #expect(Array(headers).map(\.value) == ["v"])
    }

    @Test func aDictionaryBecomesFieldsSortedByName() {
        #expect(HTTPHeaders(["b": "2", "a": "1", "c": "3"]).fields.map(\.name) == ["a", "b", "c"])
    }

    /// The joined view: every field of the name, joined as RFC 9110 §5.3 allows.
    @Test func theSubscriptJoinsRepeatedFields() {
        let headers: HTTPHeaders = ["Vary": "Accept", "X": "1", "vary": "Accept-Encoding"]
        #expect(headers["VARY"] == "Accept, Accept-Encoding")
        #expect(headers["X"] == "1")
        #expect(headers["Y"] == nil)
    }

    @Test func listValuesSplitAtCommasOutsideQuotedStrings() {
        let headers: HTTPHeaders = ["Accept": #"text/html, application/json;q="0.9, or so", , */*"#, "X-Quoted": #""a \", b", c"#]
        #expect(headers.values(for: "accept") == ["text/html", #"application/json;q="0.9, or so""#, "*/*"])
        #expect(headers.values(for: "X-Quoted") == [#""a \", b""#, "c"])
    }

    @Test(arguments: [
        (#"Basic realm="a, b""#, [#"Basic realm="a, b""#]),
        (#"Digest realm="x", qop="auth,auth-int", nonce="n""#, [#"Digest realm="x", qop="auth,auth-int", nonce="n""#]),
        (
            #"Basic realm="x", Bearer error="invalid_token", error_description="expired, renew""#,
            [#"Basic realm="x""#, #"Bearer error="invalid_token", error_description="expired, renew""#]
        ),
        ("Negotiate abc==, Bearer", ["Negotiate abc==", "Bearer"]),
        ("Bearer, Basic realm=x, charset = UTF-8", ["Bearer", "Basic realm=x, charset = UTF-8"]),
    ])
    func challengesKeepTheirParameters(value: String, challenges: [String]) {
        let headers: HTTPHeaders = ["WWW-Authenticate": value, "Proxy-Authenticate": value]
        #expect(headers.values(for: "WWW-Authenticate") == challenges)
        #expect(headers.values(for: "proxy-authenticate") == challenges)
    }

    @Test func cookiesSplitOnlyWhereANewCookieStarts() {
        let joined = "a=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT; Path=/, b=2, c=; Max-Age=0"
        let headers: HTTPHeaders = ["Set-Cookie": joined]
        #expect(headers.values(for: "Set-Cookie") == ["a=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT; Path=/", "b=2", "c=; Max-Age=0"])
        #expect(headers["set-cookie"] == "a=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT; Path=/", "never joined: the first cookie")
    }

    @Test(arguments: ["Date", "Expires", "Last-Modified", "Retry-After", "Location", "User-Agent"])
    func singleValuedFieldsAreNotSplit(name: String) {
        let value = name == "Location" ? "https://h.test/a,b?c=1,2" : "Wed, 21 Oct 2015 07:28:00 GMT"
        #expect(HTTPHeaders([name: value]).values(for: name) == [value])
    }

    /// Whichever way a stack delivered repeated fields, apart or joined with ", ", both readings agree.
    @Test(arguments: ["WWW-Authenticate", "Set-Cookie", "Vary", "Cache-Control", "Link"])
    func apartAndJoinedFieldsReadTheSame(name: String) {
        let lines =
            switch name {
            case "WWW-Authenticate": [#"Basic realm="a, b""#, #"Bearer error="e", error_description="x, y""#]
            case "Set-Cookie": ["a=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT", "b=2; Path=/"]
            case "Link": [#"<https://h.test/?page=2>; rel="next""#, #"<https://h.test/?page=9>; rel="last""#]
            default: ["no-cache, max-age=0", "private"]
            }
        var apart = HTTPHeaders()
        for line in lines { apart.add(name: name, value: line) }
        let joined: HTTPHeaders = [name: lines.joined(separator: ", ")]
        #expect(apart.values(for: name) == joined.values(for: name))
        #expect(apart[name] == joined[name])
    }
}
