#if COURIER_CURL
import Courier
import CourierCurl
import CourierFixtureServer
import Foundation
import Synchronization
import Testing

/// `AuthMiddleware` against a real server that refuses every token but one with a 401 that offers
/// `Basic` (the challenge that hangs Foundation 6.3.1 on Linux): fifty callers refused at once cause
/// exactly one refresh, and all of them then succeed.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct AuthRefreshTests {
    /// The clients of the test: both transports, and the `session: .shared` form of Policies.md.
    enum Form: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case urlSession, curl, engine, sharedSession

        var testDescription: String { rawValue }
    }

    @Test(arguments: Form.allCases)
    func fiftyRefusedCallersShareOneRefresh(_ form: Form) async throws {
        let route = FixtureRoute.json(#"{"ok":true}"#).requiring(
            authorization: "Bearer new", challenges: [#"Basic realm="api""#, "Bearer"])
        let server = try FixtureServer.start(FixtureServer.Configuration(routes: ["/me": route]))
        defer { server.stop() }
        let refreshes = Atomic<Int>(0)
        let store = TokenStore(credential: Credential(token: "old")) { _ in
            refreshes.add(1, ordering: .relaxed)
            try await Task.sleep(for: .milliseconds(200))
            return Credential(token: "new")
        }
        let middlewares: [any Middleware] = [AuthMiddleware(store: store)]
        try await withClient(form, server.baseURL, middlewares) { client in
            let answers = try await withTimeLimit(.seconds(30)) {
                try await withThrowingTaskGroup(of: [String: Bool].self) { group in
                    for _ in 0..<50 {
                        group.addTask { try await client.send(Me()) }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
            }
            #expect(answers == Array(repeating: ["ok": true], count: 50))
        }
        #expect(refreshes.load(ordering: .relaxed) == 1)
        #expect(server.requestCount("/me") == 100, "50 refused, then 50 with the new token")
    }

    private func withClient(_ form: Form, _ base: URL, _ middlewares: [any Middleware], _ body: (APIClient) async throws -> Void)
        async throws
    {
        switch form {
        case .urlSession, .curl, .engine:
            let kind: TransportKind = form == .curl ? .curl : form == .engine ? .engine : .urlSession
            try await withTransport(kind) { transport in
                try await body(APIClient(baseURL: base, transport: transport, middlewares: middlewares))
            }
        case .sharedSession:
            try await body(APIClient(baseURL: base, session: .shared, middlewares: middlewares))
        }
    }
}

private struct Me: Endpoint {
    typealias Response = [String: Bool]
    var path: String { "me" }
}
#endif
