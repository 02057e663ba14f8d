import BenchmarkEngine

extension Scenario {
    /// Any work of yours, timed as the micro-benchmarks are: warmed up, then batches of calls to
    /// `operation`, each sample one batch's time divided by its size; ns/op, mallocs/op and
    /// bytes/op. A throw fails the scenario.
    ///
    /// ```swift
    /// .custom("custom/sort-issues") { blackHole(Issue.samples.sorted { $0.updatedAt > $1.updatedAt }) }
    /// ```
    ///
    /// Hand a result you do not otherwise use to `blackHole(_:)`, or the optimiser may remove the
    /// work.
    public static func custom(
        _ name: String,
        summary: String? = nil,
        isDefault: Bool = true,
        thresholds: ThresholdOverrides? = nil,
        _ operation: @escaping @Sendable () async throws -> Void
    ) -> Scenario {
        custom(name, summary: summary, isDefault: isDefault, thresholds: thresholds, setUp: {}, measure: { _ in try await operation() })
    }

    /// Any work of yours that needs something made first: `setUp` runs once per run of the scenario,
    /// untimed, and `operation` is timed with what it made.
    ///
    /// ```swift
    /// .custom("custom/three-pages", setUp: { try await PagedStub.start() }) { stub in
    ///     blackHole(try await stub.client.pages(numbered: { ListIssues(page: $0) }, items: \.self, limit: 3).collect())
    /// }
    /// ```
    public static func custom<State: Sendable>(
        _ name: String,
        summary: String? = nil,
        isDefault: Bool = true,
        thresholds: ThresholdOverrides? = nil,
        setUp: @escaping @Sendable () async throws -> State,
        measure operation: @escaping @Sendable (State) async throws -> Void
    ) -> Scenario {
        Scenario(name, summary: summary ?? "your code, timed per call", isDefault: isDefault, thresholds: thresholds) { context in
            let state = try await setUp()
            return [
                try await MicroRunner.measure(in: context) { iterations in
                    for _ in 0..<iterations { try await operation(state) }
                }
            ]
        }
    }
}
