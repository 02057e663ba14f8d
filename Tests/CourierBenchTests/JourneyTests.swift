import BenchmarkEngine
import Courier
import CourierBench
import CourierFixtureServer
import Foundation
import Synchronization
import Testing

/// The fixture server's journey routes (a sign-in whose token the items refuse, a refresh, the
/// items behind it), with a failing route and the detail as slow as asked.
private func journeyServer(itemDelay: FixtureDelay = .none) throws -> FixtureServer {
    var routes = FixtureServer.standardRoutes
    routes["/journey/broken"] = .json(#"{"error":"down"}"#, status: 500)
    routes["/journey/item"]?.delay = itemDelay
    return try FixtureServer.start(.init(routes: routes))
}

private struct Token: Decodable { let token: String }
private struct Item: Decodable { let id: Int }

private struct SignIn: Endpoint {
    typealias Response = Token
    var path: String { "journey/sign-in" }
    var method: String { "POST" }
}

private struct Refresh: Endpoint {
    typealias Response = Token
    var path: String { "journey/refresh" }
    var method: String { "POST" }
}

private struct ListItems: Endpoint {
    typealias Response = [Item]
    var path: String { "journey/items" }
}

private struct ShowItem: Endpoint {
    typealias Response = Item
    let id: Int
    var path: String { "journey/item" }
    var query: [String: String] { ["id": String(id)] }
}

private struct Broken: Endpoint {
    typealias Response = Item
    var path: String { "journey/broken" }
}

/// One user: signs in, lists with the token from the sign-in (refused, so the client's own auth
/// middleware refreshes it), pauses, and opens one of the items listed.
private func signInAndBrowse(_ session: JourneySession, think: ThinkTime) async throws {
    let signedIn = try await session.step("sign in") { try await session.client.send(SignIn()) }
    let plain = session.client
    let store = TokenStore(credential: Credential(token: signedIn.token), minimumRefreshInterval: .zero) { _ in
        Credential(token: try await plain.send(Refresh()).token)
    }
    let client = session.client(
        like: APIClient(baseURL: plain.baseURL, transport: plain.transport, middlewares: [AuthMiddleware(store: store)]))
    let items = try await session.step("list") { try await client.send(ListItems()) }
    try await session.think(think)
    _ = try await session.step("detail") { try await client.send(ShowItem(id: items[session.random(in: 0...(items.count - 1))].id)) }
}

private func backend(_ server: FixtureServer) -> Backend {
    .localServer(transport: .urlSession) { LocalServer(baseURL: server.baseURL) {} }
}

@Suite(.timeLimit(.minutes(1))) struct JourneyTests {
    @Test func usersSignInUseTheTokenAndTheClientsAuthRefreshesIt() async throws {
        let server = try journeyServer()
        defer { server.stop() }
        let results = try await measure(
            .journey("journey/browse", over: backend(server), loop: .closed(concurrency: 4, duration: .milliseconds(600))) { session in
                try await signInAndBrowse(session, think: .uniform(.milliseconds(1)...(.milliseconds(5))))
            })
        let result = try #require(results.first)
        let outcomes = try #require(result.outcomes)
        #expect(result.unit == .session)
        #expect(outcomes.reconciles && outcomes.errors.isEmpty && outcomes.succeeded > 0, "\(outcomes)")
        let steps = try #require(result.requests)
        #expect(steps.map(\.name) == ["sign in", "list", "detail"])
        for step in steps {
            #expect(step.weight == nil)
            #expect(step.outcomes.sent == outcomes.sent && step.outcomes.errors.isEmpty, "\(step.name): \(step.outcomes)")
            #expect(step.latency != nil)
        }
        // Warm-up sessions (one per user) reach the server too.
        let sessions = outcomes.sent + result.warmupOperations
        #expect(server.requestCount("/journey/sign-in") == sessions)
        #expect(server.requestCount("/journey/refresh") == sessions, "each user's own store refreshed once")
        #expect(server.requestCount("/journey/items") == 2 * sessions, "refused with the sign-in's token, then sent with the fresh one")
        #expect(server.requestCount("/journey/item") == sessions)
    }

    @Test func anOpenLoopStartsSessionsOnScheduleAndTimesEachStep() async throws {
        let server = try journeyServer(itemDelay: .fixed(.milliseconds(20)))
        defer { server.stop() }
        let results = try await measure(
            .journey(
                "journey/open", over: backend(server), loop: .open(rate: 40, concurrency: 16, duration: .milliseconds(750))
            ) { session in
                try await signInAndBrowse(session, think: .fixed(.milliseconds(30)))
            })
        let result = try #require(results.first)
        let outcomes = try #require(result.outcomes)
        // Due on schedule however many a loaded machine managed to start.
        #expect(outcomes.errors.isEmpty && outcomes.scheduled >= 30 && outcomes.sent > 0, "\(outcomes)")
        #expect(result.targetRate == 40)
        let detail = try #require(result.requests?.first { $0.name == "detail" })
        let latency = try #require(detail.latency)
        // Answered after the route's 20 ms, however late the pause ended.
        #expect(latency.summary.p50 >= 20_000_000)
        #expect(detail.uncorrectedLatency != nil)
    }

    @Test func aFailingStepEndsItsSessionWithItsClass() async throws {
        let server = try journeyServer()
        defer { server.stop() }
        let scenario = Scenario.journey(
            "journey/broken", over: backend(server), loop: .closed(concurrency: 2, duration: .milliseconds(300))
        ) {
            session in
            _ = try await session.step("sign in") { try await session.client.send(SignIn()) }
            _ = try await session.step("broken") { try await session.client.send(Broken()) }
            _ = try await session.step("never") { try await session.client.send(SignIn()) }
        }
        let error = await #expect(throws: (any Error).self) { try await measure(scenario) }
        let description = String(describing: try #require(error))
        #expect(description.hasPrefix("not one of ") && description.contains(" sessions succeeded (badStatus(500): "), "\(description)")
    }

    @Test func aStepsFailureCountsUnderItsNameAndACaughtOneLetsTheSessionSucceed() async throws {
        let server = try journeyServer()
        defer { server.stop() }
        let results = try await measure(
            .journey("journey/caught", over: backend(server), loop: .closed(concurrency: 2, duration: .milliseconds(300))) { session in
                _ = try? await session.step("broken") { try await session.client.send(Broken()) }
                _ = try await session.step("sign in") { try await session.client.send(SignIn()) }
            })
        let result = try #require(results.first)
        let outcomes = try #require(result.outcomes)
        #expect(outcomes.errors.isEmpty && outcomes.succeeded > 0)
        let broken = try #require(result.requests?.first { $0.name == "broken" })
        #expect(broken.outcomes.succeeded == 0 && broken.outcomes.errors == ["badStatus(500)": broken.outcomes.sent])
        #expect(broken.outcomes.sent == outcomes.sent)
    }

    @Test func aSessionStillPausingAtTheHardStopIsInterrupted() async throws {
        let server = try journeyServer()
        defer { server.stop() }
        let results = try await measure(
            .journey(
                "journey/long", over: backend(server), loop: .open(rate: 20, concurrency: 8, duration: .milliseconds(200)),
                sessionTimeout: .milliseconds(100)
            ) { session in
                guard session.number > 0 else { return }
                _ = try await session.step("sign in") { try await session.client.send(SignIn()) }
                try await session.think(.fixed(.seconds(3)))
                _ = try await session.step("after") { try await session.client.send(SignIn()) }
            })
        let result = try #require(results.first)
        let outcomes = try #require(result.outcomes)
        #expect(outcomes.reconciles)
        // Pausing at the hard stop; on a starved machine, perhaps still signing in, or never started
        // (a slot whose worker did not run before the 200 ms were over is missed).
        // Session 0 of each phase (the warm-up's and the run's) ends at once; the others cannot finish.
        #expect(outcomes.succeeded <= 1 && outcomes.failed == outcomes.sent - outcomes.succeeded, "\(outcomes)")
        #expect(Set(outcomes.errors.keys).isSubset(of: [RequestOutcome.interruptedClass, RequestOutcome.timeoutClass]), "\(outcomes)")
        #expect(result.requests?.first { $0.name == "after" } == nil, "no step starts once the run has stopped")
    }

    @Test func anObjectiveOfRunCanNameAStepAndJudgesOnlyTheJourneys() async throws {
        let server = try journeyServer()
        defer { server.stop() }
        struct Ping: Endpoint {
            typealias Response = JSONValue
            var path: String { "ping" }
        }
        let client = APIClient(baseURL: URL(string: "https://ping.example.com")!)
        let roundTrip = Scenario.roundTrip(
            "load/ping", sending: Ping(), with: client, over: .inMemory(answering: .bytes(Data("{}".utf8))),
            loop: .closed(concurrency: 1, duration: .milliseconds(100)))
        let journey = Scenario.journey(
            "journey/sign-in", over: backend(server), loop: .closed(concurrency: 2, duration: .milliseconds(200))
        ) {
            session in
            _ = try await session.step("sign in") { try await session.client.send(SignIn()) }
        }
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let suite = BenchSuite(tool: "bench", scenarios: [roundTrip, journey])
        for (objective, status) in [("sign in:p99<=1ns", Int32(3)), ("sign in:errors<=0%", 0), ("sign out:p99<=1s", 3)] {
            #expect(await suite.status(["run", "--quick", "--slo", objective, "--out", directory.path]) == status, "\(objective)")
            let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
            #expect(report.scenarios.first { $0.name == "journey/sign-in" }?.serviceLevel?.objectives.count == 1)
            #expect(report.scenarios.first { $0.name == "load/ping" }?.serviceLevel == nil, "a round trip has no steps to judge")
        }
        let roundTripsOnly = BenchSuite(tool: "bench", scenarios: [roundTrip])
        #expect(await roundTripsOnly.status(["run", "--quick", "--slo", "sign in:p99<=1s", "--out", directory.path]) == 64)
    }

    @Test func aSuitesJourneyStopsItselfWhenItsServiceDies() async throws {
        let server = try journeyServer()
        defer { server.stop() }
        let killer = Task {
            // Once a dozen measured sessions (after one warm-up session per user) have ended.
            while server.requestCount("/journey/item") < 20, !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
            server.stop()
        }
        defer { killer.cancel() }
        let condition = AbortCondition(
            objectives: [try ServiceLevelObjective(parsing: "errors>20%")], window: .milliseconds(300), grace: .milliseconds(100))
        let loop = Loop.open(rate: 40, concurrency: 8, duration: .seconds(30)).aborting(on: condition)
        #expect(loop.abort == condition)
        let journey = Scenario.journey("journey/dies", over: backend(server), loop: loop, sessionTimeout: .seconds(2)) { session in
            try await signInAndBrowse(session, think: .fixed(.milliseconds(1)))
        }
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let suite = BenchSuite(tool: "bench", scenarios: [journey])
        #expect(await suite.status(["run", "--filter", "journey/dies", "--out", directory.path]) == 3)
        let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
        let result = try #require(report.scenarios.first)
        #expect(result.abort?.objective == "errors>20%")
        #expect(result.durationSeconds < 20)
    }

    @Test func theURLProtocolStubCannotAnswerAJourney() async throws {
        let scenario = Scenario.journey("journey/stub", over: .urlProtocolStub(answering: .bytes(Data("{}".utf8)))) { _ in }
        let error = await #expect(throws: (any Error).self) { try await measure(scenario) }
        #expect(String(describing: try #require(error)).contains("a journey needs a server"))
    }

    @Test func thinkTimesRepeatWithTheSeedAndStayInTheirRange() async throws {
        let draws = { (seed: UInt64) async throws -> [Int] in
            let recorded = RecordedDraws()
            _ = try await measure(
                .journey(
                    "journey/draws", over: .inMemory(answering: .bytes(Data("{}".utf8))),
                    loop: .closed(concurrency: 1, duration: .milliseconds(50)),
                    seed: seed
                ) { session in
                    recorded.add(session.number, session.random(in: 1...1_000_000))
                })
            return recorded.first(5)
        }
        // However few sessions a loaded machine ran, session 0 ran (it warms up, too).
        let first = try await draws(7)
        let again = try await draws(7)
        let other = try await draws(8)
        #expect(!first.isEmpty && first.prefix(again.count) == again.prefix(first.count))
        #expect(first.first != other.first)
        #expect(first.allSatisfy { (1...1_000_000).contains($0) })
    }
}

/// What each numbered session drew, across the workers that ran them.
private final class RecordedDraws: Sendable {
    private let draws = Mutex<[Int: Int]>([:])

    func add(_ session: Int, _ value: Int) {
        draws.withLock { $0[session] = value }
    }

    func first(_ count: Int) -> [Int] {
        draws.withLock { draws in (0..<count).compactMap { draws[$0] } }
    }
}
