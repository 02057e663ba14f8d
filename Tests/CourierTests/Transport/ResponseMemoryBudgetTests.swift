import Courier
import CourierFixtureServer
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The budget shared by a transport's responses in flight: what is taken is given back, nothing
/// passes the limit however many threads reserve at once, and URLSession's bodies are charged to it.
@Suite struct ResponseMemoryBudgetTests {
    @Test func reservationsStopAtTheLimitAndComeBack() {
        let budget = ResponseMemoryBudget(limit: 100)
        #expect(budget.reserve(60))
        #expect(!budget.reserve(41), "60 + 41 passes 100")
        #expect(budget.bytesInUse == 60, "a refusal takes nothing")
        #expect(budget.reserve(40))
        budget.release(60)
        #expect(budget.bytesInUse == 40)
        #expect(budget.reserve(60))
    }

    /// Eight threads racing for a budget of 1,000 one-byte reservations: exactly 1,000 succeed.
    @Test func concurrentReservationsNeverPassTheLimit() async {
        let budget = ResponseMemoryBudget(limit: 1_000)
        let granted = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<500).reduce(0) { count, _ in budget.reserve(1) ? count + 1 : count } }
            }
            return await group.reduce(0, +)
        }
        #expect(granted == 1_000 && budget.bytesInUse == 1_000)
    }

    /// Through URLSession: a body larger than what the budget has left fails as `.budget`, while
    /// its request's own limit would have let it through; afterwards the budget is whole again.
    @Test func aURLSessionBodyPastTheBudgetFailsAndGivesItsBytesBack() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let budget = ResponseMemoryBudget(limit: 4_096)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        let transport = URLSessionTransport(configuration: configuration, budget: budget)
        let large = HTTPRequest(url: server.url("/movies").absoluteString)
        await #expect(throws: ResponseTooLargeError(.budget(limit: 4_096))) { try await transport.send(large) }
        #expect(budget.bytesInUse == 0)
        let (response, body) = try await transport.send(HTTPRequest(url: server.url("/movies/1").absoluteString))
        #expect(response.statusCode == 200 && body.count < 4_096 && budget.bytesInUse == 0)
    }
}
