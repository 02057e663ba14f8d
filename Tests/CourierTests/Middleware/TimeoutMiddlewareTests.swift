import Courier
import CourierTesting
import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct TimeoutMiddlewareTests {
    /// Stands in for a transport that hangs and ignores cancellation, as URLSession does on Linux
    /// (Foundation 6.3.1) with a 401 offering `Basic` through a session whose delegate is not
    /// Courier's (`URLSessionTransportTests` shows that hang against the fixture server).
    @Test func aTransportThatNeverAnswersTimesOut() async throws {
        let transport = InMemoryTransport { _ in
            await Task.detached { try? await Task.sleep(for: .seconds(60)) }.value
            return (HTTPResponse(statusCode: 401, headers: ["WWW-Authenticate": "Bearer"]), Data())
        }
        let client = APIClient(
            baseURL: try #require(URL(string: "https://h.test")), transport: transport, middlewares: [TimeoutMiddleware(.milliseconds(100))]
        )
        let started = ContinuousClock.now
        let error = await #expect(throws: APIError.transport) { try await client.send(Get(path: "x")) }
        #expect(error?.urlErrorCode == .timedOut)
        // A bound against hanging, not a speed claim: the transport would take 60 s.
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test(arguments: Flavour.allCases)
    func aTimelyAnswerPassesThrough(flavour: Flavour) async throws {
        let server = StubServer()
        server.route("GET", "/x", .json("[1]"))
        let client = flavour.client(for: server, middlewares: [TimeoutMiddleware(.seconds(30))])
        #expect(try await client.send(Get(path: "x"), as: [Int].self) == [1])
    }

    @Test func aTransportFailurePassesThrough() async throws {
        let server = StubServer()
        server.route("GET", "/x", .failure(.networkConnectionLost))
        let client = Flavour.inMemory.client(for: server, middlewares: [TimeoutMiddleware(.seconds(30))])
        let error = await #expect(throws: APIError.transport) { try await client.send(Get(path: "x")) }
        #expect(error?.urlErrorCode == .networkConnectionLost)
    }

    @Test(arguments: Flavour.allCases)
    func cancellingTheCallerEndsTheWait(flavour: Flavour) async throws {
        let server = StubServer()
        server.route("GET", "/slow", StubResponse.status(200).delayed(by: .seconds(30)))
        let client = flavour.client(for: server, middlewares: [TimeoutMiddleware(.seconds(60))])
        let call = Task { try await client.send(Get(path: "slow")) }
        try await Task.sleep(for: .milliseconds(50))
        call.cancel()
        let result = await call.result
        #expect(throws: APIError.cancelled) { try result.get() }
    }

    /// URLSession on Linux can deadlock when a call is cancelled as it completes, so a timeout may
    /// leave the call it gives up running; the default cancels it.
    @Test(arguments: [TimeoutMiddleware.Abandonment.cancel, .leaveRunning])
    func aCallGivenUpIsCancelledOnlyWhenAsked(abandonment: TimeoutMiddleware.Abandonment) async throws {
        let cancelled = Atomic<Bool>(false)
        let transport = InMemoryTransport { _ in
            await withTaskCancellationHandler {
                try? await Task.sleep(for: .seconds(10))
            } onCancel: {
                cancelled.store(true, ordering: .relaxed)
            }
            return (HTTPResponse(statusCode: 200), Data())
        }
        let client = APIClient(
            baseURL: try #require(URL(string: "https://h.test")), transport: transport,
            middlewares: [TimeoutMiddleware(.milliseconds(50), abandonment: abandonment)]
        )
        let error = await #expect(throws: APIError.transport) { try await client.send(Get(path: "x")) }
        #expect(error?.urlErrorCode == .timedOut)
        // The cancellation is sent from another task: wait for it (however busy the machine), or long
        // enough to tell that it does not come.
        let patience = ContinuousClock.now + (abandonment == .cancel ? .seconds(20) : .milliseconds(300))
        while !cancelled.load(ordering: .relaxed), ContinuousClock.now < patience {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(cancelled.load(ordering: .relaxed) == (abandonment == .cancel))
    }
}
