import Courier
import CourierBench
import CourierFixtureServer
import CourierTesting
import Foundation
import Synchronization
import Testing

/// Counts the requests that pass it: proof that the client's own middlewares are in the round trip.
private final class CountingMiddleware: Middleware {
    let seen = Atomic<Int>(0)

    func intercept(_ request: HTTPRequest, context: MiddlewareContext, next: @escaping Next) async throws -> (HTTPResponse, Data) {
        seen.add(1, ordering: .relaxed)
        return try await next(request)
    }
}

@Suite(.serialized, .timeLimit(.minutes(1))) struct RoundTripScenarioTests {
    /// One worker for a quarter of a second: an in-memory loop keeps a thread busy all that time.
    private let short = Loop.closed(concurrency: 1, duration: .milliseconds(250))

    @Test func inMemoryRequestsGoThroughTheClientsMiddlewaresAndDecode() async throws {
        let counting = CountingMiddleware()
        let client = APIClient(baseURL: URL(string: "https://tickets.example.com")!, decoder: JSONDecoder.tickets, middlewares: [counting])
        let results = try await measure(
            .roundTrip(
                "roundtrip/tickets", sending: ListTickets(page: 1), with: client,
                over: .inMemory(answering: .bytes(ticketsJSON)), loop: short))
        let outcomes = try #require(results.first?.outcomes)
        #expect(outcomes.reconciles && outcomes.errors.isEmpty && outcomes.succeeded > 0)
        let seen = counting.seen.load(ordering: .relaxed)
        #expect(seen == outcomes.sent + 20, "every request and the warm-up passed the middleware")
        #expect(results.first?.latency != nil)
    }

    @Test func theURLProtocolStubAnswersTheEndpointsPathWhateverItsQuery() async throws {
        let client = APIClient(baseURL: URL(string: "https://tickets.example.com/v1/")!, decoder: JSONDecoder.tickets)
        let results = try await measure(
            .roundTrip(
                "roundtrip/stub", sending: ListTickets(page: 3), with: client,
                over: .urlProtocolStub(answering: .bytes(ticketsJSON)), loop: .open(rate: 100, concurrency: 2, duration: .milliseconds(200))
            ))
        let outcomes = try #require(results.first?.outcomes)
        #expect(outcomes.errors.isEmpty && outcomes.succeeded > 0)
        #expect(results.first?.uncorrectedLatency != nil, "an open loop keeps the uncorrected latency beside")
    }

    @Test func aLocalServerIsStartedForTheScenarioAndStoppedAfterIt() async throws {
        let stopped = Atomic<Bool>(false)
        let backend = Backend.localServer {
            let server = try FixtureServer.start()
            return LocalServer(baseURL: server.baseURL) {
                server.stop()
                stopped.store(true, ordering: .relaxed)
            }
        }
        struct Movie: Endpoint {
            typealias Response = JSONValue
            var path: String { "movies/1" }
        }
        let results = try await measure(
            .roundTrip(
                "roundtrip/fixture", sending: Movie(), with: APIClient(baseURL: URL(string: "http://unused.invalid")!),
                over: backend, loop: short))
        #expect(results.first?.outcomes?.errors.isEmpty == true)
        let wasStopped = stopped.load(ordering: .relaxed)
        #expect(wasStopped)
    }

    @Test func aRunInWhichNothingSucceedsFailsTheScenarioNamingTheErrors() async {
        let client = APIClient(baseURL: URL(string: "https://tickets.example.com")!)
        await #expect {
            _ = try await measure(
                .roundTrip(
                    "roundtrip/down", sending: ListTickets(page: 1), with: client,
                    over: .inMemory(answering: .bytes(Data()), status: 503), loop: short))
        } throws: { error in
            "\(error)".hasPrefix("not one of ") && "\(error)".contains("badStatus(503)")
        }
    }

    @Test(arguments: [
        (Loop.closed(concurrency: 0), "invalid loop: concurrency 0 is not from 1 to 4096"),
        (Loop.open(rate: -1, concurrency: 1), "invalid loop: rate -1.0 is not above 0 and at most 10,000,000 requests per second"),
    ])
    func aLoopThatCannotRunFailsTheScenario(loop: Loop, message: String) async {
        let client = APIClient(baseURL: URL(string: "https://tickets.example.com")!)
        await #expect {
            _ = try await measure(
                .roundTrip(
                    "roundtrip/bad", sending: ListTickets(page: 1), with: client, over: .inMemory(answering: .bytes(ticketsJSON)),
                    loop: loop))
        } throws: { error in
            "\(error)" == message
        }
    }
}
