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

    /// A server behind a private CA over HTTP/2: the trust and the version reach the transport the
    /// backend opens, and URLSession, which can take neither, fails the scenario saying which.
    @Test func aServersTrustAndHTTPVersionReachItsTransport() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let seen = Mutex<[TransportSettings]>([])
        let recording = TransportKind(name: "recording", summary: "URLSession, recording its settings") { settings in
            seen.withLock { $0.append(settings) }
            var plain = settings
            plain.trust = TrustSettings()
            plain.httpVersion = nil
            return try TransportKind.urlSession.make(plain)
        }
        var trust = TrustSettings()
        trust.certificateAuthorities = "/etc/staging-ca.pem"
        trust.resolvedHosts = ["api.example.com:443:127.0.0.1"]
        struct Movie: Endpoint {
            typealias Response = JSONValue
            var path: String { "movies/1" }
        }
        let client = APIClient(baseURL: URL(string: "http://unused.invalid")!)
        let results = try await measure(
            .roundTrip(
                "roundtrip/staging", sending: Movie(), with: client,
                over: .server(at: server.baseURL, transport: recording, httpVersion: .http2, trust: trust), loop: short))
        #expect(results.first?.outcomes?.errors.isEmpty == true)
        let settings = try #require(seen.withLock { $0.first })
        #expect(settings.trust == trust && settings.httpVersion == .http2)
        await #expect {
            _ = try await measure(
                .roundTrip(
                    "roundtrip/refused", sending: Movie(), with: client,
                    over: .server(at: server.baseURL, trust: trust), loop: short))
        } throws: { error in
            "\(error)".contains("URLSession here cannot be given a CA bundle") && "\(error)".contains("--cacert")
        }
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
