import BenchmarkEngine
import Courier

extension Scenario {
    /// Your `endpoint` sent again and again through `client` — its decoder, encoder and middlewares,
    /// rebound to `backend` — by concurrent workers, each response decoded into the endpoint's
    /// `Response`, as `loop` says.
    ///
    /// ```swift
    /// .roundTrip("roundtrip/issues/in-memory", sending: ListIssues(page: 1), with: GitHub.client,
    ///            over: .inMemory(answering: .resource("issues.json", in: .module)))
    /// ```
    ///
    /// Reports requests, the rate, errors by class, latency percentiles from an HDR histogram (for
    /// an open loop, measured from each request's intended start, and uncorrected beside it), and
    /// mallocs and bytes per request. A run in which not one request succeeded (or none was sent)
    /// fails the scenario, naming the classes of its errors: it measured nothing worth keeping.
    ///
    /// - Parameters:
    ///   - name: The scenario's name.
    ///   - endpoint: The request, as your app sends it.
    ///   - client: Your client: its decoder, encoder and middlewares are used; its base URL and
    ///     transport are replaced by the backend's.
    ///   - backend: What answers.
    ///   - loop: Closed or open, how many workers, how long.
    ///   - summary: One line for `list`.
    ///   - isDefault: Whether the default suite runs it.
    ///   - thresholds: Its own comparison thresholds: those it names replace the command line's.
    public static func roundTrip<Request: Endpoint>(
        _ name: String,
        sending endpoint: Request,
        with client: APIClient,
        over backend: Backend,
        loop: Loop = .closed(concurrency: 16),
        summary: String? = nil,
        isDefault: Bool = true,
        thresholds: ThresholdOverrides? = nil
    ) -> Scenario {
        let shape = loop.rate.map { "\(Int($0)) requests/s, at most \(loop.concurrency) in flight" } ?? "\(loop.concurrency) workers"
        return Scenario(
            name,
            summary: summary ?? "\(shape), \(endpoint.method) \(endpoint.path) over \(backend.description)",
            isDefault: isDefault,
            thresholds: thresholds,
            isLoad: true
        ) { context in
            let configuration = try loop.configuration(isQuick: context.isQuick)
            let connection = try await backend.connect(client, sending: try client.request(for: endpoint), concurrency: loop.concurrency)
            let result: ScenarioResult
            do {
                let bound = connection.client
                result = try await LoadRunner.run(in: context, configuration: configuration) {
                    await outcome { try await bound.send(endpoint) }
                }
            } catch {
                await connection.close()
                throw error
            }
            await connection.close()
            if let outcomes = result.outcomes, outcomes.succeeded == 0 {
                throw NothingSucceeded(outcomes: outcomes)
            }
            return [result]
        }
    }
}

/// A load run in which every request (or session) failed.
struct NothingSucceeded: Error, CustomStringConvertible {
    let outcomes: ScenarioResult.Outcomes
    /// What the run counts: `request` or `session`.
    var unit = "request"
    /// Where they went, redacted, when the sentence should say.
    var target: String?

    var description: String {
        guard outcomes.sent > 0 else { return "not one \(unit) was sent within the loop's duration" }
        let classes = outcomes.errors.sorted { $0.value > $1.value }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        return "not one of \(outcomes.sent) \(unit)s\(target.map { " to \($0)" } ?? "") succeeded (\(classes))"
    }
}
