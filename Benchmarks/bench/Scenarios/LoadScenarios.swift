import Courier
import CourierBench
import CourierFixtureServer
import CourierFixtures
import CourierTesting
import Foundation

/// The client driven concurrently through a TaskGroup against stubs — in memory (the client layer
/// alone) and through URLSession with the URLProtocol stub (the whole Foundation stack) — and against
/// the embedded fixture server over real loopback HTTP, each in a closed loop and in an open loop at
/// a fixed rate. The fixture-server rows minus the stub rows are the cost of real HTTP. Every
/// response is one movie, decoded into its model, so the figures show the cost of the layers rather
/// than of JSONDecoder (the decode scenarios measure that).
enum LoadScenarios {
    private static let page = PayloadSource.generated("one movie") { Payload.make(.tinyObject).json }
    private static let client = APIClient(
        baseURL: URL(string: "https://api.example.test")!, transport: InMemoryTransport.constant(body: Data()))

    static var all: [Scenario] {
        [
            .roundTrip(
                "load/in-memory/closed", sending: MovieDetail(), with: client, over: .inMemory(answering: page),
                loop: .closed(concurrency: 32), summary: "32 workers, client over the in-memory transport"),
            .roundTrip(
                "load/in-memory/open", sending: MovieDetail(), with: client, over: .inMemory(answering: page),
                loop: .open(rate: 20_000, concurrency: 32), summary: "20k requests/s, in-memory transport, latency from intended start"),
            .roundTrip(
                "load/urlsession-stub/closed", sending: MovieDetail(), with: client, over: .urlProtocolStub(answering: page),
                loop: .closed(concurrency: 16), summary: "16 workers, URLSession + URLProtocol stub"),
            .roundTrip(
                "load/urlsession-stub/open", sending: MovieDetail(), with: client, over: .urlProtocolStub(answering: page),
                loop: .open(rate: 1_000, concurrency: 16),
                summary: "1k requests/s, URLSession + URLProtocol stub, latency from intended start"),
        ] + ([TransportKind.urlSession] + Bench.transports).flatMap(fixtureServerScenarios)
    }

    /// The fixture server over real loopback HTTP through `transport`; URLSession's rows keep their
    /// original names so that their history still compares.
    private static func fixtureServerScenarios(_ transport: TransportKind) -> [Scenario] {
        let prefix = transport == .urlSession ? "load/fixture-server" : "load/fixture-server-\(transport.name)"
        let stack = transport == .urlSession ? "URLSession" : "CurlTransport"
        let server = Backend.localServer(transport: transport) {
            let server = try FixtureServer.start()
            return LocalServer(baseURL: server.baseURL) { server.stop() }
        }
        return [
            .roundTrip(
                "\(prefix)/closed", sending: MovieDetail(), with: client, over: server,
                loop: .closed(concurrency: 16), summary: "16 workers, \(stack) + real HTTP to the embedded fixture server"),
            .roundTrip(
                "\(prefix)/open", sending: MovieDetail(), with: client, over: server,
                loop: .open(rate: 1_000, concurrency: 16), summary: "1k requests/s, \(stack) + real HTTP, latency from intended start"),
        ]
    }
}

/// `GET /movies/1`, decoded into its model.
struct MovieDetail: Endpoint {
    typealias Response = FixtureMovie
    var path: String { "movies/1" }
}
