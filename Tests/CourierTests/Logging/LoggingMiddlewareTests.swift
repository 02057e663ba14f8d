import Courier
import CourierTesting
import Foundation
import Synchronization
import Testing

@Suite struct LoggingMiddlewareTests {
    /// Every secret a request or response can carry, and a client that sends them through auth and
    /// logging into both a recording sink and the printing sink.
    @Test(arguments: Flavour.allCases)
    func noSinkEverSeesASecret(flavour: Flavour) async throws {
        let server = StubServer()
        server.route("GET", "/me", StubResponse(status: 200, headers: ["Set-Cookie": "session=cookie-secret"], body: Data("{}".utf8)))
        let store = TokenStore(credential: Credential(token: "token-secret")) { _ in Credential(token: "unused") }
        let recorder = RecordingSink()
        let lines = Mutex<[String]>([])
        let printer = PrintLogSink { line in lines.withLock { $0.append(line) } }
        struct Me: Endpoint {
            var path: String { "me" }
            var query: [String: String] { ["access_token": "query-secret", "page": "1"] }
            var headers: [String: String] { ["Cookie": "c=cookie-secret", "Proxy-Authorization": "Basic proxy-secret"] }
        }
        let client = flavour.client(
            for: server,
            middlewares: [
                AuthMiddleware(store: store), LoggingMiddleware(sink: recorder), LoggingMiddleware(sink: printer),
            ])
        try await client.send(Me())

        #expect(server.requests.first?.headers["Authorization"] == "Bearer token-secret")
        let printed = lines.withLock { $0 }
        #expect(printed.count == 2)
        let structured = recorder.events.map { "\($0.url ?? "") \($0.requestHeaders.fields) \($0.responseHeaders.fields)" }
        #expect(structured.count == 2)
        for text in printed + structured {
            #expect(!text.contains("secret"), "\(text)")
            #expect(text.contains("REDACTED"))
        }
        #expect(printed.first?.hasPrefix("request GET ") == true)
        #expect(printed.last?.contains(" 200 2 bytes ") == true)
    }

    @Test func reportsTheResponseStatusAndSize() async throws {
        let server = StubServer()
        server.route("GET", "/x", StubResponse(status: 404, body: Data("nope".utf8)))
        let sink = RecordingSink()
        await #expect(throws: APIError.badStatus(404)) {
            try await Flavour.inMemory.client(for: server, middlewares: [LoggingMiddleware(sink: sink)]).send(Get(path: "x"))
        }
        #expect(sink.events.count == 2)
        guard case .responseReceived(let status, let bytes, _) = sink.events.last?.kind else {
            Issue.record("expected a response event, got \(String(describing: sink.events.last?.kind))")
            return
        }
        #expect(status == 404)
        #expect(bytes == 4)
    }

    @Test func reportsAFailureByKindWithoutItsMessage() async throws {
        let server = StubServer()
        server.route("GET", "/x", .failure(.cannotConnectToHost))
        let sink = RecordingSink()
        await #expect(throws: APIError.transport) {
            try await Flavour.inMemory.client(for: server, middlewares: [LoggingMiddleware(sink: sink)]).send(Get(path: "x"))
        }
        #expect(sink.events.last?.kind == .failed(reason: "URLError(-1004)"))
    }

    @Test func printsOneLinePerKindOfEvent() {
        let request = HTTPRequest(url: "https://h.test/x")
        let lines = [
            LogEvent(.retryScheduled(attempt: 2, delay: .milliseconds(1500), reason: "status 503"), request: request),
            LogEvent(.refreshStarted),
            LogEvent(.refreshFinished(succeeded: false)),
            LogEvent(.failed(reason: "cancelled"), request: request),
        ].map(PrintLogSink.line(for:))
        #expect(
            lines == [
                "retry GET https://h.test/x attempt 2 in 1500 ms after status 503",
                "refresh started",
                "refresh failed",
                "failed GET https://h.test/x cancelled",
            ])
    }

    @Test func namesErrorsWithoutTheirMessages() {
        struct Custom: Error {}
        #expect(LogEvent.reason(for: APIError(.badStatus(503))) == "APIError.badStatus(503)")
        #expect(LogEvent.reason(for: CancellationError()) == "cancelled")
        #expect(LogEvent.reason(for: Custom()) == "Custom")
    }
}
