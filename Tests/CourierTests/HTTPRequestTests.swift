import Courier
import Testing

@Suite struct HTTPRequestTests {
    @Test(arguments: ["GET", "head", "PUT", "DELETE", "OPTIONS", "TRACE"])
    func idempotentMethodsMayBeRepeated(method: String) {
        #expect(HTTPRequest(method: method, url: "https://h.test").isIdempotent)
    }

    @Test(arguments: ["POST", "PATCH", "CONNECT"])
    func otherMethodsOnlyWithAnIdempotencyKey(method: String) {
        #expect(!HTTPRequest(method: method, url: "https://h.test").isIdempotent)
        #expect(HTTPRequest(method: method, url: "https://h.test", headers: ["idempotency-key": "k1"]).isIdempotent)
    }
}
