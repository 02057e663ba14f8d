import BenchmarkEngine
import Courier
import CourierFixtureServer
import CourierFixtures
import CourierTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client driven concurrently through a TaskGroup against stubs — in memory (the client layer
/// alone) and through URLSession with the URLProtocol stub (the whole Foundation stack) — and against
/// the embedded fixture server over real loopback HTTP, each in a closed loop and in an open loop at
/// a fixed rate. The fixture-server rows minus the stub rows are the cost of real HTTP. Every response is one movie, decoded into its
/// model, so the figures show the cost of the layers rather than of JSONDecoder (the decode
/// scenarios measure that).
enum LoadScenarios {
    private static let page = Payload.make(.tinyObject)

    static var all: [Scenario] {
        [
            Scenario("load/in-memory/closed", summary: "32 workers, client over the in-memory transport") { context in
                try await run(context, client: inMemoryClient(), LoadConfiguration(concurrency: 32, durationNanoseconds: duration(context)))
            },
            Scenario("load/in-memory/open", summary: "20k requests/s, in-memory transport, latency from intended start") { context in
                try await run(context, client: inMemoryClient(), LoadConfiguration(concurrency: 32, rate: 20_000, durationNanoseconds: duration(context)))
            },
            Scenario("load/urlsession-stub/closed", summary: "16 workers, URLSession + URLProtocol stub") { context in
                let server = stubServer()
                return try await run(context, client: APIClient(baseURL: server.baseURL, session: server.session), LoadConfiguration(concurrency: 16, durationNanoseconds: duration(context)))
            },
            Scenario("load/urlsession-stub/open", summary: "1k requests/s, URLSession + URLProtocol stub, latency from intended start") { context in
                let server = stubServer()
                return try await run(context, client: APIClient(baseURL: server.baseURL, session: server.session), LoadConfiguration(concurrency: 16, rate: 1_000, durationNanoseconds: duration(context)))
            },
        ] + TransportChoice.available.flatMap(fixtureServerScenarios)
    }

    /// The fixture server over real loopback HTTP through `transport`; URLSession's rows keep their
    /// original names so that their history still compares.
    private static func fixtureServerScenarios(_ transport: TransportChoice) -> [Scenario] {
        let prefix = transport == .urlsession ? "load/fixture-server" : "load/fixture-server-\(transport.rawValue)"
        let stack = transport == .urlsession ? "URLSession" : "CurlTransport"
        return [
            Scenario("\(prefix)/closed", summary: "16 workers, \(stack) + real HTTP to the embedded fixture server") { context in
                try await runAgainstFixtureServer(context, transport, LoadConfiguration(concurrency: 16, durationNanoseconds: duration(context)))
            },
            Scenario("\(prefix)/open", summary: "1k requests/s, \(stack) + real HTTP, latency from intended start") { context in
                try await runAgainstFixtureServer(context, transport, LoadConfiguration(concurrency: 16, rate: 1_000, durationNanoseconds: duration(context)))
            },
        ]
    }

    private static func runAgainstFixtureServer(_ context: ScenarioContext, _ choice: TransportChoice, _ configuration: LoadConfiguration) async throws -> [ScenarioResult] {
        let server = try FixtureServer.start()
        defer { server.stop() }
        var configuration = configuration
        configuration.requestTimeoutNanoseconds = 10_000_000_000
        let transport = try choice.make(connections: configuration.concurrency, timeoutSeconds: 10)
        do {
            let results = try await run(context, client: APIClient(baseURL: server.baseURL, transport: transport.transport), configuration)
            await transport.shutDown()
            return results
        } catch {
            await transport.shutDown()
            throw error
        }
    }

    private static func duration(_ context: ScenarioContext) -> UInt64 {
        context.isQuick ? 1_000_000_000 : 3_000_000_000
    }

    private static func inMemoryClient() -> APIClient {
        APIClient(baseURL: URL(string: "https://api.example.test")!, transport: InMemoryTransport.constant(body: page.json))
    }

    private static func stubServer() -> StubServer {
        let server = StubServer(recordsRequests: false)
        server.route("GET", "/movies/1", StubResponse(headers: ["Content-Type": "application/json"], body: page.json))
        return server
    }

    private static func run(_ context: ScenarioContext, client: APIClient, _ configuration: LoadConfiguration) async throws -> [ScenarioResult] {
        var configuration = configuration
        configuration.warmupRequests = configuration.concurrency * 20
        return [try await LoadRunner.run(in: context, configuration: configuration) {
            await outcome { try await client.send(MovieDetail()) }
        }]
    }
}

/// `GET /movies/1`, decoded into its model.
struct MovieDetail: Endpoint {
    typealias Response = FixtureMovie
    var path: String { "movies/1" }
}
