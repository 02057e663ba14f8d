import Courier
import CourierTesting
import Foundation
import Testing

/// `HTTPRequest.validateFields()`: RFC 9110 tokens for the method and names, no CR, LF or NUL in
/// values, and an error that names the field, the character and where it is.
struct HTTPRequestValidationTests {
    @Test(arguments: ["GET", "POST", "PATCH", "M-SEARCH", "PROPFIND", "x!#$%&'*+-.^_`|~9"])
    func tokenMethodsPass(method: String) throws {
        try HTTPRequest(method: method, url: "https://example.test/").validateFields()
    }

    @Test func ordinaryFieldsPass() throws {
        var request = HTTPRequest(url: "https://example.test/")
        request.headers.add(name: "X-Note", value: "tabs\tand spaces, quotes \"x\", UTF-8 é, empty next")
        request.headers.add(name: "X-Empty", value: "")
        try request.validateFields()
    }

    @Test(arguments: [
        ("GET\r\n", InvalidFieldError(field: .method, character: "\r", offset: 3), "method contains CR (U+000D) at offset 3"),
        ("G T", InvalidFieldError(field: .method, character: " ", offset: 1), "method contains a space (U+0020) at offset 1"),
        ("GÉT", InvalidFieldError(field: .method, character: "É", offset: 1), "method contains 'É' (U+00C9) at offset 1"),
        ("", InvalidFieldError(field: .method, character: nil, offset: 0), "method is empty"),
    ])
    func aMethodThatIsNotATokenIsNamed(method: String, expected: InvalidFieldError, message: String) {
        #expect(throws: expected) { try HTTPRequest(method: method, url: "https://example.test/").validateFields() }
        #expect(expected.description == message)
    }

    @Test(arguments: [
        (
            "X-Note", "a\r\nX-Injected: 1", InvalidFieldError(field: .headerValue(name: "X-Note"), character: "\r", offset: 1),
            "header value of 'X-Note' contains CR (U+000D) at offset 1"
        ),
        (
            "X-Note", "ab\n", InvalidFieldError(field: .headerValue(name: "X-Note"), character: "\n", offset: 2),
            "header value of 'X-Note' contains LF (U+000A) at offset 2"
        ),
        (
            "X-Note", "\0", InvalidFieldError(field: .headerValue(name: "X-Note"), character: "\0", offset: 0),
            "header value of 'X-Note' contains NUL (U+0000) at offset 0"
        ),
        ("X-Note:", "v", InvalidFieldError(field: .headerName, character: ":", offset: 6), "header name contains ':' (U+003A) at offset 6"),
        ("X\r\nY", "v", InvalidFieldError(field: .headerName, character: "\r", offset: 1), "header name contains CR (U+000D) at offset 1"),
        (
            "X\u{7}", "v", InvalidFieldError(field: .headerName, character: "\u{7}", offset: 1),
            "header name contains a control character (U+0007) at offset 1"
        ),
        ("", "v", InvalidFieldError(field: .headerName, character: nil, offset: 0), "header name is empty"),
    ])
    func aFieldThatWouldBreakItsLineIsNamed(name: String, value: String, expected: InvalidFieldError, message: String) {
        var request = HTTPRequest(url: "https://example.test/")
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: name, value: value)
        #expect(throws: expected) { try request.validateFields() }
        #expect(expected.description == message)
    }

    @Test func aNameWithALineBreakIsEscapedInTheMessageOfItsValue() {
        let error = InvalidFieldError(field: .headerValue(name: "X\r\nY"), character: "\n", offset: 0)
        #expect(error.description == #"header value of 'X\r\nY' contains LF (U+000A) at offset 0"#)
    }

    @Test func theClientRefusesBeforeTheTransportSeesTheRequest() async {
        let sent = Counter()
        let transport = InMemoryTransport { _ in
            sent.increment()
            return (HTTPResponse(statusCode: 200), Data())
        }
        let client = APIClient(baseURL: URL(string: "https://example.test/")!, transport: transport)
        struct Injected: Endpoint {
            typealias Response = Data
            var path: String { "x" }
            var headers: [String: String] { ["X-Note": "a\r\nX-Injected: 1"] }
        }
        await #expect(throws: APIError.invalidField) { try await client.send(Injected()) }
        #expect(sent.value == 0)
        do {
            try await client.send(Injected())
        } catch {
            #expect("\(error)" == "invalidField")
            #expect(error.debugDescription.contains("header value of 'X-Note' contains CR (U+000D) at offset 1"))
        }
    }
}
