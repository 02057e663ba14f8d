import BenchmarkEngine
import Courier
import Foundation
import Synchronization

/// A request or step of a targets file that failed, in the class it counts in: a client error's
/// (`badStatus(500)`, `timeout`, …), `check(<name>)`, `extract(<name>)`, or a filling error's.
struct TargetFailure: Error, Equatable {
    /// The class, as reports name it.
    let errorClass: String
}

/// The passes and failures of every check of a targets file, by name, counted by the workers as
/// answers arrive, under one lock held for an increment.
final class CheckTallies: Sendable {
    /// The checks' names, in the file's order.
    let names: [String]
    private let counts: Mutex<[ScenarioResult.Check]>

    /// Zero counts for the checks `names`.
    init(names: [String]) {
        self.names = names
        counts = Mutex(names.map { ScenarioResult.Check(name: $0, passes: 0, failures: 0) })
    }

    /// Counts one evaluation of the check `name`.
    func record(_ name: String, passed: Bool) {
        guard let index = names.firstIndex(of: name) else { return }
        counts.withLock { counts in
            if passed { counts[index].passes += 1 } else { counts[index].failures += 1 }
        }
    }

    /// The counts so far, in the file's order.
    var figures: [ScenarioResult.Check] {
        counts.withLock { $0 }
    }
}

/// Sends the requests of a targets file and judges their answers: its checks, then what a step
/// extracts, each answer's JSON parsed at most once.
struct TargetExchange: Sendable {
    /// The client requests go through.
    let client: APIClient
    /// What is done with a successful body (`--decode`).
    let decode: RequestOptions.Decode
    /// Where checks are counted.
    let tallies: CheckTallies

    /// The answer to `endpoint`, sent as `request` of the file says: its head and body, whatever
    /// the status when a `status` check decides success. Throws ``TargetFailure`` in the class of
    /// the first thing that failed: the exchange, the status, a check, the decoding.
    func send(_ endpoint: URLEndpoint, as request: TargetRequest) async throws(TargetFailure) -> Answer {
        let built: HTTPRequest
        do {
            built = try client.request(for: endpoint)
        } catch {
            throw TargetFailure(errorClass: ErrorClass(error).description)
        }
        var answer: Answer
        do {
            let (head, body) = try await client.data(for: built)
            answer = Answer(head: head, body: body, url: built.url)
        } catch {
            guard request.checksStatus, case .badStatus = error.kind, let head = error.response else {
                throw TargetFailure(errorClass: ErrorClass(error).description)
            }
            answer = Answer(head: head, body: error.responseBody ?? Data(), url: built.url)
        }
        var failed: String?
        for check in request.checks {
            let passed = check.passes(status: answer.head.statusCode, body: answer.body) { answer.document }
            tallies.record(check.name, passed: passed)
            if !passed, failed == nil { failed = check.errorClass }
        }
        if let failed { throw TargetFailure(errorClass: failed) }
        do {
            switch decode {
            case .none: break
            case .json: _ = try client.decode(JSONValue.self, from: answer.body)
            case .model(let model): try model.decode(answer.body, with: client)
            }
        } catch {
            throw TargetFailure(errorClass: ErrorClass.name(of: error))
        }
        return answer
    }

    /// An answer: its head, its body, and the body as JSON once something asked for it.
    struct Answer {
        let head: HTTPResponse
        let body: Data
        /// The URL it answered, for the cookies it sets.
        let url: String
        private var parsed: JSONValue??

        init(head: HTTPResponse, body: Data, url: String) {
            self.head = head
            self.body = body
            self.url = url
        }

        /// The body as JSON; `nil` when it is not JSON. Parsed at most once per answer.
        var document: JSONValue? {
            mutating get {
                if let parsed { return parsed }
                let value = try? JSONDecoder().decode(JSONValue.self, from: body)
                parsed = .some(value)
                return value
            }
        }
    }
}
