import BenchmarkEngine
import Courier
import Synchronization

/// One user's session of a journey (``BenchmarkEngine/Scenario/journey(_:over:loop:seed:sessionTimeout:summary:isDefault:thresholds:_:)``):
/// the client it sends through, its named steps and its pauses.
///
/// ```swift
/// let token = try await session.step("sign in") { try await session.client.send(SignIn(user: "user\(session.number)")) }
/// try await session.think(.uniform(.milliseconds(500)...(.seconds(2))))
/// ```
///
/// A step that throws is counted under its name with the error's class, and the error comes back
/// to the journey: left uncaught it ends the session, which then counts as failed with that class.
/// A session whose journey returns counts as succeeded. Once the run has stopped, ``step(_:_:)``
/// and ``think(_:)`` throw ``JourneyInterrupted`` instead of starting anything.
public final class JourneySession: Sendable {
    /// The session's place among the run's sessions, from 0, in the order they started; warm-up
    /// sessions are numbered apart.
    public let number: Int
    /// A client on the scenario's backend (its base URL and transport), with no middlewares: for
    /// a sign-in, or to make the user's own client with ``client(like:)``.
    public let client: APIClient
    private let steps: SessionSteps
    private let generator: Mutex<SeededGenerator>
    /// The class of the last step when it failed, which a session its error ended counts in.
    private let failure = Mutex<String?>(nil)

    init(steps: SessionSteps, client: APIClient, seed: UInt64) {
        number = steps.number
        self.client = client
        self.steps = steps
        // One seed per session, so that a session draws the same pauses whichever worker runs it.
        var mixer = SeededGenerator(seed: seed ^ UInt64(truncatingIfNeeded: steps.number))
        generator = Mutex(SeededGenerator(seed: mixer.next()))
    }

    /// `template` (its decoder, encoder and middlewares: the user's own auth, say) on the
    /// scenario's backend; make it once per session, for a user's own state such as a token store.
    public func client(like template: APIClient) -> APIClient {
        // Inside this method, `client` alone could also name the method itself: the property, by its type.
        let backend: APIClient = client
        let transport: any Transport = backend.transport
        return template.rebound(to: backend.baseURL, transport: transport)
    }

    /// Runs the step `name` — one or more requests — timed from its intended start and counted
    /// under its name, and returns what `body` returned or throws what it threw.
    public func step<Value>(_ name: String, _ body: () async throws -> Value) async throws -> Value {
        var result: Result<Value, any Error>?
        let outcome = await steps.step(name) {
            do {
                result = .success(try await body())
                return .success
            } catch {
                result = .failure(error)
                return .failure(ErrorClass.name(of: error))
            }
        }
        guard let outcome, let result else { throw JourneyInterrupted() }
        failure.withLock { failure in
            if case .failure(let errorClass) = outcome { failure = errorClass } else { failure = nil }
        }
        return try result.get()
    }

    /// Pauses as `time` says, drawing from the session's seeded generator; the next step is due
    /// when the pause ends.
    public func think(_ time: ThinkTime) async throws {
        let pause = generator.withLock { time.draw(using: &$0) }
        guard await steps.pause(for: pause) else { throw JourneyInterrupted() }
    }

    /// A number in `range`, from the session's seeded generator: which item to open, say.
    public func random(in range: ClosedRange<Int>) -> Int {
        generator.withLock { generator in
            let width = UInt64(truncatingIfNeeded: range.upperBound &- range.lowerBound) &+ 1
            guard width > 0 else { return Int(truncatingIfNeeded: generator.next()) }
            return range.lowerBound &+ Int(truncatingIfNeeded: width.multipliedFullWidth(by: generator.next()).high)
        }
    }

    /// How the session ended when its journey threw `error`.
    func outcome(endedBy error: any Error) -> RequestOutcome {
        if error is JourneyInterrupted { return .failure(RequestOutcome.interruptedClass) }
        return .failure(failure.withLock { $0 } ?? ErrorClass.name(of: error))
    }
}

/// The error a journey's step or pause throws once the run has stopped: the session should end.
public struct JourneyInterrupted: Error, CustomStringConvertible {
    /// What the error says.
    public var description: String { "the run stopped before this step of the session" }
}
