import Courier
import CourierFixtureServer
import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real URLSession path against the loopback fixture server. Every call runs under an outer
/// bound (`withTimeLimit`), so a hang fails the test as a bare `URLError(.timedOut)` instead of
/// holding the run.
@Suite(.serialized, .timeLimit(.minutes(1))) struct URLSessionTransportTests {
    /// Far beyond a loopback answer: a call still running then hangs.
    static let bound = Duration.seconds(15)

    /// Each way the documentation makes a client that goes through URLSession, as written there: the
    /// articles of `Sources/Courier/Documentation.docc` (whose tour the README repeats) and the seed.
    enum ClientForm: String, CaseIterable, CustomTestStringConvertible, Sendable {
        /// `APIClient(baseURL:)`: GettingStarted.md's *Send it*.
        case plain
        /// `APIClient(baseURL:session: .shared, middlewares:)`: Policies.md's order.
        case sharedSessionWithPolicies
        /// `APIClient(baseURL:middlewares:)`: Policies.md's *Cache responses*.
        case middlewaresOnly
        /// `APIClient(baseURL:session: URLSession(configuration:))`: the seed program (Tests/SeedExample).
        case sessionOfItsOwn
        /// `APIClient(baseURL:transport: URLSessionTransport(configuration:))`: Transports.md's *Which session*.
        case transportOfItsOwn

        var testDescription: String { rawValue }

        func client(_ base: URL) -> APIClient {
            let clock = SystemClock()
            let store = TokenStore(credential: Credential(token: "saved")) { _ in Credential(token: "refreshed") }
            switch self {
            case .plain:
                return APIClient(baseURL: base)
            case .sharedSessionWithPolicies:
                return APIClient(
                    baseURL: base, session: .shared,
                    middlewares: [
                        RetryMiddleware(policy: RetryPolicy(), clock: clock),
                        AuthMiddleware(store: store),
                        CacheMiddleware(cache: ResponseCache(), clock: clock),
                        LoggingMiddleware(sink: DiscardingSink()),
                        TimeoutMiddleware(.seconds(30)),
                    ])
            case .middlewaresOnly:
                return APIClient(
                    baseURL: base, middlewares: [AuthMiddleware(store: store), CacheMiddleware(cache: ResponseCache(capacity: 20_000_000))])
            case .sessionOfItsOwn:
                return APIClient(baseURL: base, session: URLSession(configuration: .ephemeral))
            case .transportOfItsOwn:
                return APIClient(baseURL: base, transport: URLSessionTransport(configuration: .ephemeral))
            }
        }
    }

    static let challenges = ["faults/401", "faults/401/bearer", "faults/401/digest", "faults/401/basic-bearer"]

    /// The hang of Foundation 6.3.1 on Linux (a 401 offering `Basic`), through every documented form:
    /// each call ends promptly as `badStatus(401)`, with the server's explanation.
    @Test(arguments: ClientForm.allCases)
    func everyDocumentedClientEndsEveryChallengeAsBadStatus401(_ form: ClientForm) async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let client = form.client(server.baseURL)
        for path in Self.challenges {
            let error = try await withTimeLimit(Self.bound) { await failure(of: client, path: path) }
            #expect(error?.kind == .badStatus(401), "\(path)")
            #expect(
                error?.responseBody.map { String(decoding: $0, as: UTF8.self) }
                    == #"{"error":"unauthorized","detail":"the credentials are missing or expired"}"#, "\(path)")
        }
    }

    /// A session with a delegate of its own is used as it is, so Foundation's behaviour stands: on
    /// Linux, a 401 offering `Basic` that the delegate leaves unanswered never ends. Transports.md
    /// says so; `withTimeLimit` (or `TimeoutMiddleware`) is the way out.
    @Test func aSessionWithItsOwnDelegateKeepsFoundationsBehaviour() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        // Never invalidated: cancelling the hung task again, while the time limit's own cancellation
        // of it runs, deadlocks Foundation 6.3.1 (the task's cancellation handler waits for the
        // session's queue, which waits to resume the task). The session and its hung task are the
        // test's to leak.
        let session = URLSession(configuration: .ephemeral, delegate: SilentDelegate(), delegateQueue: nil)
        let transport = URLSessionTransport(session: session)
        #expect(transport.session === session)
        let client = APIClient(baseURL: server.baseURL, transport: transport)
        #expect(try await client.send(Path(path: "movies/1"), as: Data.self).count > 0)
        #if canImport(FoundationNetworking)
        await #expect(throws: URLError(.timedOut)) {
            try await withTimeLimit(.milliseconds(500)) { await failure(of: client, path: "faults/401") }
        }
        #endif
    }

    /// Transports made from one session without a delegate share one session of Courier's, made
    /// from the same configuration; a session with Courier's delegate is used as it is.
    @Test func transportsFromOneSessionShareOneSession() {
        let session = URLSession(configuration: .ephemeral)
        let first = URLSessionTransport(session: session)
        let second = URLSessionTransport(session: session)
        #expect(first.session === second.session)
        #expect(first.session !== session)
        #expect(URLSessionTransport(session: .shared).session === URLSessionTransport().session)
        #expect(URLSessionTransport(session: URLSession(configuration: .ephemeral)).session !== first.session)
        #expect(URLSessionTransport(session: first.session).session === first.session)
    }

    /// The seed program's form: the made session keeps the given one's protocol classes, so a stub
    /// `URLProtocol` still answers.
    @Test func aMadeSessionKeepsTheConfigurationsProtocolClasses() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [TeapotProtocol.self]
        let client = APIClient(baseURL: try #require(URL(string: "https://teapot.test")), session: URLSession(configuration: configuration))
        let error = try await withTimeLimit(Self.bound) { await failure(of: client, path: "tea") }
        #expect(error?.kind == .badStatus(418))
    }

    /// Foundation on Linux reports a body cut short as `URLError(.unknown)` with libcurl's words; the
    /// transport reads the `Content-Length` and the bytes that came, and says what it was.
    @Test func aTruncatedBodyIsALostConnection() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let transport = URLSessionTransport(configuration: .ephemeral)
        let error = await #expect(throws: URLError.self) {
            _ = try await transport.send(HTTPRequest(url: server.url("/faults/truncated").absoluteString))
        }
        #expect(error?.code == .networkConnectionLost)
        #expect((error?.userInfo[NSUnderlyingErrorKey] as? URLError) != nil, "Foundation's own error is kept")
    }

    @Test func concurrentChallengedCallsEachGetTheir401AndBody() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL)
        let errors = try await withTimeLimit(Self.bound) {
            await withTaskGroup(of: APIError?.self) { group in
                for index in 0..<16 {
                    group.addTask { await failure(of: client, path: Self.challenges[index % Self.challenges.count]) }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(errors.map(\.?.statusCode) == Array(repeating: 401, count: 16))
        #expect(errors.allSatisfy { $0?.responseBody?.isEmpty == false })
    }

    @Test func headersAndBodyOfAnAnswerArrive() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let (response, body) = try await URLSessionTransport().send(HTTPRequest(url: server.url("/faults/429").absoluteString))
        #expect(response.statusCode == 429)
        #expect(response.headers["Retry-After"] == "1")
        #expect(String(decoding: body, as: UTF8.self).contains("retry later"))
    }
}

/// How a call to `path` failed, or `nil` when it succeeded.
private func failure(of client: APIClient, path: String) async -> APIError? {
    do throws(APIError) {
        _ = try await client.send(Path(path: path), as: Data.self)
        return nil
    } catch {
        return error
    }
}

private struct Path: Endpoint {
    let path: String
}

/// A log sink that drops every event: the policy order of Policies.md, without its printing.
private struct DiscardingSink: LogSink {
    func log(_ event: LogEvent) {}
}

/// A session delegate that answers nothing, as an app's delegate for other purposes might.
private final class SilentDelegate: NSObject, URLSessionDelegate, Sendable {}

/// Answers every request with 418, as the seed program's stub answers with its canned responses.
private final class TeapotProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
    override func startLoading() {
        guard let url = request.url, let response = HTTPURLResponse(url: url, statusCode: 418, httpVersion: nil, headerFields: nil) else {
            return
        }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data())
        client?.urlProtocolDidFinishLoading(self)
    }
    override func stopLoading() {}
}
