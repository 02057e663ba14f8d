import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct TimeLimitTests {
    @Test func aTimelyOperationAnswers() async throws {
        #expect(try await withTimeLimit(.seconds(30)) { 42 } == 42)
        struct Failed: Error {}
        await #expect(throws: Failed.self) { try await withTimeLimit(.seconds(30)) { () async throws -> Int in throw Failed() } }
    }

    /// An operation that ignores cancellation is abandoned at the limit, not waited for.
    @Test func anOperationThatNeverEndsIsAbandonedAtTheLimit() async throws {
        let started = ContinuousClock.now
        await #expect(throws: URLError(.timedOut)) {
            try await withTimeLimit(.milliseconds(100)) {
                await Task.detached { try? await Task.sleep(for: .seconds(60)) }.value
            }
        }
        // A bound against waiting for the operation, not a speed claim: it would take 60 s.
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    /// A clock of the caller's own times the limit through its `sleep(for:)`, as the default alarm
    /// does: here one whose sleep ends at once, so the limit is over before the operation ends.
    @Test func aClockOfItsOwnTimesTheLimit() async throws {
        struct Instant: ClientClock {
            var now: Date { Date() }
            func sleep(for duration: Duration) async throws {}
        }
        await #expect(throws: URLError(.timedOut)) {
            try await withTimeLimit(.seconds(3_600), clock: Instant()) {
                await Task.detached { try? await Task.sleep(for: .seconds(60)) }.value
            }
        }
    }

    @Test func cancellingTheCallerEndsTheWait() async throws {
        let call = Task { try await withTimeLimit(.seconds(60)) { try await Task.sleep(for: .seconds(60)) } }
        try await Task.sleep(for: .milliseconds(50))
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
    }
}
