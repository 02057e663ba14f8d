#if COURIER_CURL
import Courier
import CourierCurl
import CourierFixtureServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// A kept-alive connection that dies after the server read a request but before it answered: libcurl
/// (under URLSession and the curl transport) then sends the request again on a new connection,
/// unasked, and the engine does the same for an idempotent request. A `POST` must
/// not run twice that way; the fixture server's `/faults/close` reads the request, counts it and
/// closes the connection without a byte of answer.
///
/// The waits are bounded by a 2 s request timeout: URLSession's replay of a `POST` with a body waits
/// for it.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct ReplayTests {
    static let order = Data(#"{"order":42}"#.utf8)

    /// Warms one kept-alive connection with a GET, then sends `method` to `/faults/close` on it (the
    /// transport allows one connection per host, so a reusable one is used when it may be), and
    /// returns how the call ended and how often the server executed it.
    func replay(_ kind: TransportKind, method: String, headers: HTTPHeaders = HTTPHeaders(), body: Data? = order) async throws -> (
        failure: URLError.Code?, executions: Int
    ) {
        let server = try FixtureServer.start()
        defer { server.stop() }
        return try await withTransport(kind, CurlConfiguration(maximumConnectionsPerHost: 1, timeout: .seconds(2))) { transport in
            _ = try await transport.fetch(server.url("/movies/1").absoluteString)
            let url = server.url("/faults/close").absoluteString
            let failure: URLError.Code?
            do {
                _ = try await transport.fetch(url, method: method, headers: headers, body: body)
                failure = nil
            } catch let error as URLError {
                failure = error.code
            }
            return (failure, server.requestCount("/faults/close"))
        }
    }

    @Test(arguments: TransportKind.ownStacks, [("POST", order), ("POST", nil), ("PATCH", order), ("PATCH", nil)])
    func aRequestThatMustNotRunTwiceRunsOnceAndFails(_ kind: TransportKind, _ request: (method: String, body: Data?)) async throws {
        let (failure, executions) = try await replay(kind, method: request.method, body: request.body)
        #expect(executions == 1)
        #expect(failure == .badServerResponse)
    }

    /// An idempotent request, or one with an `Idempotency-Key`, may be repeated: it keeps its
    /// kept-alive connection, and the transport's one retry shows.
    @Test(arguments: TransportKind.ownStacks, [("PUT", HTTPHeaders()), ("POST", ["Idempotency-Key": "order-42"] as HTTPHeaders)])
    func aRepeatableRequestReusesTheConnectionAndMayBeRetried(_ kind: TransportKind, _ request: (method: String, headers: HTTPHeaders))
        async throws
    {
        let (failure, executions) = try await replay(kind, method: request.method, headers: request.headers)
        #expect(executions == 2)
        #expect(failure == .badServerResponse)
    }

    /// URLSession gives no say over libcurl's connection reuse. A `POST` without a body is executed
    /// twice; known and documented in Transports.md (the test passing one day would mean Foundation
    /// changed).
    @Test func aPostWithoutABodyOverURLSessionRunsTwice() async throws {
        let (failure, executions) = try await replay(.urlSession, method: "POST", body: nil)
        #expect(failure == .badServerResponse)
        withKnownIssue("Foundation's URLSession re-sends a POST when a reused connection dies before the answer") {
            #expect(executions == 1)
        }
    }

    /// With a body, Foundation's replay sends the head again but not the body, so the server never
    /// executes it, and the call waits until its timeout instead of failing at once.
    @Test func aPostWithABodyOverURLSessionWaitsOutItsTimeout() async throws {
        let (failure, executions) = try await replay(.urlSession, method: "POST")
        #expect(executions == 1)
        withKnownIssue("Foundation's URLSession replays a POST's head without its body, then waits for the timeout") {
            #expect(failure == .badServerResponse)
        }
    }
}
#endif
