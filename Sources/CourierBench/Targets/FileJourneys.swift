import BenchmarkEngine
import Courier
import Foundation

/// The sessions of a targets file's journeys, as the load runner starts them: each chooses a journey
/// by weight, takes a row of each of its data sources, and sends its steps in order through a
/// ``JourneySession`` — timed from their intended starts, counted by step name — carrying what each
/// step extracts to the next, with a cookie jar of its own, and pausing as each step's `think` says.
///
/// The first step that fails ends the session, which counts as failed in that step's class: later
/// steps would lack what it was to give them.
struct FileJourneys: Sendable {
    /// The file's journeys and data.
    let mix: RequestMix
    /// How each step is sent and judged.
    let exchange: TargetExchange
    /// The `--header` fields added to every step that does not set them.
    let common: [String: String]
    /// The seed of the sessions' pauses: session `n` pauses alike in every run.
    var seed: UInt64 = 1

    /// Runs one session.
    func session(_ steps: SessionSteps) async -> RequestOutcome {
        let session = JourneySession(steps: steps, client: exchange.client, seed: seed)
        do {
            try await run(mix.journeys[mix.choose()], in: session)
            return .success
        } catch {
            return session.outcome(endedBy: error)
        }
    }

    private func run(_ journey: TargetJourney, in session: JourneySession) async throws {
        var rows: [Int] = []
        var variables = Array(repeating: "", count: journey.variableCount)
        var jar = journey.cookies ? CookieJar() : nil
        for (index, step) in journey.steps.enumerated() {
            try await session.step(step.request.name) { () async throws in
                if index == 0 {
                    do throws(TargetsFileError) {
                        rows = try mix.rows(of: journey.sources)
                    } catch {
                        throw TargetFailure(errorClass: ErrorClass(filling: error).description)
                    }
                }
                let prepared: PreparedRequest
                do throws(TargetsFileError) {
                    prepared = try mix.prepare(step.request, index: index, rows: rows, variables: variables)
                } catch {
                    throw TargetFailure(errorClass: ErrorClass(filling: error).description)
                }
                var endpoint = URLEndpoint(prepared, adding: common)
                if let url = URL(string: prepared.url), let cookie = jar?.header(for: url, now: Date().timeIntervalSince1970) {
                    endpoint.addCookies(cookie)
                }
                var answer = try await exchange.send(endpoint, as: step.request)
                if let url = URL(string: answer.url) {
                    jar?.store(answer.head.headers.values(for: "Set-Cookie"), from: url, now: Date().timeIntervalSince1970)
                }
                for extraction in step.extractions {
                    let body = answer.body
                    guard
                        let value = extraction.value(
                            status: answer.head.statusCode, headers: answer.head.headers, body: body, document: { answer.document })
                    else { throw TargetFailure(errorClass: extraction.errorClass) }
                    variables[extraction.slot] = value
                }
            }
            if let think = step.think, index < journey.steps.count - 1 { try await session.think(think) }
        }
    }
}
