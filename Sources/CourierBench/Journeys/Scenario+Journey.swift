import BenchmarkEngine
import Courier
import CourierTesting
import Foundation

extension Scenario {
    /// Users' sessions of `journey` — signing in, paging, opening a detail, writing — each a series
    /// of named steps through the session's own client, with pauses between them, run as `loop`
    /// says: a closed loop of `concurrency` users, each starting a new session when the last ends,
    /// or an open loop of sessions per second (with stages, a ramp).
    ///
    /// ```swift
    /// .journey("journey/browse", over: .localServer { try await startStaging() }, loop: .closed(concurrency: 8)) { session in
    ///     let items = try await session.step("list") { try await session.client.send(ListItems()) }
    ///     try await session.think(.exponential(mean: .seconds(1)))
    ///     _ = try await session.step("detail") { try await session.client.send(ShowItem(id: items[0].id)) }
    /// }
    /// ```
    ///
    /// The run counts sessions (how each ended, their rate and length) and each step by its name
    /// (`ScenarioResult.requests`): its rate, errors by class, and latency from its intended
    /// start — the session's scheduled start for the first step, the end of a pause for the step
    /// after it — with the latency from its actual start beside it in an open loop. No session
    /// starts after the loop's duration; those under way may finish within `sessionTimeout`, and a
    /// session still going then counts as `interrupted` (or `timeout`, with the step in flight).
    /// A run in which no session succeeded fails the scenario.
    ///
    /// - Parameters:
    ///   - name: The scenario's name.
    ///   - backend: What answers: a server of yours, or one already running; ``Backend/inMemory(answering:status:headers:)``
    ///     answers every step alike, and the URLProtocol stub, which answers one endpoint, is refused.
    ///   - loop: Users or sessions per second, and for how long.
    ///   - seed: The seed of every session's pauses and ``JourneySession/random(in:)``; session `n`
    ///     draws the same whichever worker runs it.
    ///   - sessionTimeout: How long a session under way at the end of the duration may go on.
    ///   - summary: One line for `list`.
    ///   - isDefault: Whether the default suite runs it.
    ///   - thresholds: Its own comparison thresholds: those it names replace the command line's.
    ///   - journey: One session, given its ``JourneySession``.
    public static func journey(
        _ name: String,
        over backend: Backend,
        loop: Loop = .closed(concurrency: 16),
        seed: UInt64 = 1,
        sessionTimeout: Duration = .seconds(30),
        summary: String? = nil,
        isDefault: Bool = true,
        thresholds: ThresholdOverrides? = nil,
        _ journey: @escaping @Sendable (JourneySession) async throws -> Void
    ) -> Scenario {
        let shape = loop.rate.map { "\(Int($0)) sessions/s, at most \(loop.concurrency) under way" } ?? "\(loop.concurrency) users"
        return Scenario(
            name, summary: summary ?? "\(shape), a journey over \(backend.description)", isDefault: isDefault, thresholds: thresholds,
            isLoad: true
        ) { context in
            let configuration = try loop.configuration(isQuick: context.isQuick, warmupPerWorker: 1, timeout: sessionTimeout)
            // Nothing is sent through it: the backend replaces its transport.
            let placeholder = APIClient(
                baseURL: Backend.journeyPlaceholder, transport: InMemoryTransport.constant(status: 503, body: Data()))
            let connection = try await backend.connect(placeholder, sending: nil, concurrency: loop.concurrency)
            let client = connection.client
            let result: ScenarioResult
            do {
                result = try await LoadRunner.run(
                    in: context, configuration: configuration,
                    mix: LoadMix(journey: { steps in
                        let session = JourneySession(steps: steps, client: client, seed: seed)
                        do {
                            try await journey(session)
                            return .success
                        } catch {
                            return session.outcome(endedBy: error)
                        }
                    }))
            } catch {
                await connection.close()
                throw error
            }
            await connection.close()
            if let outcomes = result.outcomes, outcomes.succeeded == 0 {
                throw NothingSucceeded(outcomes: outcomes, unit: "session")
            }
            return [result]
        }
    }
}
