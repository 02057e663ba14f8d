import Courier
import CourierBench
import CourierFixtureServer
import Foundation

/// Users' sessions against the embedded fixture server's journey routes: sign in, list with the
/// token (refused, so the client's own auth middleware refreshes it), pause, open one item. Not in
/// the default suite (`--filter journey/` runs them); the RequestMixes article shows their output.
enum JourneyScenarios {
    static var all: [Scenario] {
        ([TransportKind.urlSession] + Bench.transports).map { transport in
            let server = Backend.localServer(transport: transport) {
                let server = try FixtureServer.start()
                return LocalServer(baseURL: server.baseURL) { server.stop() }
            }
            return .journey(
                transport == .urlSession ? "journey/fixture-server" : "journey/fixture-server-\(transport.name)", over: server,
                loop: .open(rate: 50, concurrency: 64), isDefault: false, browse)
        }
    }

    /// One user's session.
    static func browse(_ session: JourneySession) async throws {
        let signedIn = try await session.step("sign in") { try await session.client.send(SignIn()) }
        let anonymous = session.client
        let store = TokenStore(credential: Credential(token: signedIn.token)) { _ in
            Credential(token: try await anonymous.send(RefreshToken()).token)
        }
        let user = session.client(like: APIClient(baseURL: anonymous.baseURL, middlewares: [AuthMiddleware(store: store)]))
        let items = try await session.step("list") { try await user.send(ListItems()) }
        try await session.think(.exponential(mean: .milliseconds(50)))
        let id = items[session.random(in: 0...(items.count - 1))].id
        _ = try await session.step("detail") { try await user.send(ShowItem(id: id)) }
    }
}

/// A token, as the sign-in and the refresh answer.
struct SessionToken: Decodable {
    let token: String
}

/// One item of the list.
struct ListedItem: Decodable {
    let id: Int
}

/// `POST /journey/sign-in`.
struct SignIn: Endpoint {
    typealias Response = SessionToken
    var path: String { "journey/sign-in" }
    var method: String { "POST" }
}

/// `POST /journey/refresh`.
struct RefreshToken: Endpoint {
    typealias Response = SessionToken
    var path: String { "journey/refresh" }
    var method: String { "POST" }
}

/// `GET /journey/items`, with the user's token.
struct ListItems: Endpoint {
    typealias Response = [ListedItem]
    var path: String { "journey/items" }
}

/// `GET /journey/item?id=…`.
struct ShowItem: Endpoint {
    typealias Response = ListedItem
    let id: Int
    var path: String { "journey/item" }
    var query: [String: String] { ["id": String(id)] }
}
