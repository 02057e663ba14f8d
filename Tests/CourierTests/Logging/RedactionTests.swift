import Courier
import Testing

@Suite struct RedactionTests {
    @Test func hidesCredentialHeadersWhateverTheirCase() {
        let headers: HTTPHeaders = [
            "authorization": "Bearer abc", "Proxy-Authorization": "Basic xyz", "COOKIE": "id=1",
            "Set-Cookie": "id=2", "X-Api-Key": "k", "Accept": "application/json",
        ]
        let redacted = Redaction.headers(headers)
        #expect(redacted.fields.map(\.value) == ["REDACTED", "REDACTED", "REDACTED", "REDACTED", "REDACTED", "application/json"])
        #expect(redacted.fields.map(\.name) == headers.fields.map(\.name))
    }

    @Test(arguments: [
        ("https://h.test/x?access_token=abc&page=2", "https://h.test/x?access_token=REDACTED&page=2"),
        ("https://h.test/x?page=2&api_key=abc#top", "https://h.test/x?page=2&api_key=REDACTED#top"),
        ("https://h.test/x?Client%5FSecret=abc&sig=def&flag", "https://h.test/x?Client%5FSecret=REDACTED&sig=REDACTED&flag"),
        ("https://user:pass@h.test/x?q=1", "https://REDACTED@h.test/x?q=1"),
        ("https://h.test/tokens/list", "https://h.test/tokens/list"),
        ("https://h.test/x?password=p&refresh_token=r&id_token=i", "https://h.test/x?password=REDACTED&refresh_token=REDACTED&id_token=REDACTED"),
    ])
    func hidesTokenLikeQueryParameters(url: String, expected: String) {
        #expect(Redaction.url(url) == expected)
    }

    @Test func anEventIsRedactedBeforeAnySinkSeesIt() {
        let request = HTTPRequest(url: "https://h.test/x?token=abc", headers: ["Authorization": "Bearer abc", "Cookie": "c=abc"])
        let event = LogEvent(.requestSent, request: request, response: HTTPResponse(statusCode: 200, headers: ["Set-Cookie": "c=abc"]))
        #expect(event.url == "https://h.test/x?token=REDACTED")
        #expect(event.requestHeaders.fields.map(\.value) == ["REDACTED", "REDACTED"])
        #expect(event.responseHeaders["Set-Cookie"] == "REDACTED")
    }
}
