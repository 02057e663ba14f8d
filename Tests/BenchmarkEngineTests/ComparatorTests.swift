import BenchmarkEngine
import Foundation
import Testing

/// A micro result whose per-batch times are `samples` (ns), paired with a baseline `factor` times slower.
private func micro(
    _ name: String, samples: [Double], baselineFactor: Double? = nil, judgingTime: Bool = false, mallocs: Double? = 10, bytes: Double? = 800
) -> [ScenarioResult] {
    var ours = ScenarioResult(name: name, kind: .micro, operations: 100, warmupOperations: 10, durationSeconds: 1)
    ours.nanosecondsPerOperation = SampleStatistics(samples)
    ours.mallocsPerOperation = mallocs
    ours.bytesAllocatedPerOperation = bytes
    guard let baselineFactor else { return [ours] }
    var partner = ScenarioResult(
        name: "\(name) (baseline: Foundation)", kind: .micro, operations: 100, warmupOperations: 10, durationSeconds: 1)
    partner.nanosecondsPerOperation = SampleStatistics(samples.map { $0 * baselineFactor })
    partner.mallocsPerOperation = mallocs.map { $0 * 3 }
    return [ours.compared(with: partner, judgingTime: judgingTime), partner]
}

private func load(_ name: String, rate: Double, p99: UInt64) throws -> ScenarioResult {
    var result = ScenarioResult(name: name, kind: .load, operations: Int(rate), warmupOperations: 0, durationSeconds: 1)
    var histogram = try Histogram(highestTrackableValue: 60_000_000_000)
    histogram.record(p99)
    result.latency = ScenarioResult.Latency(summary: LatencySummary(histogram), histogram: histogram.encoded())
    result.mallocsPerOperation = 20
    return result
}

private func report(_ scenarios: [ScenarioResult], cpuCount: Int = 2) -> Report {
    let environment = Report.Environment(
        toolVersion: "0", gitCommit: nil, swiftVersion: "6.3", operatingSystem: "Linux 6.1 x86_64", cpuModel: "cpu",
        cpuCount: cpuCount, jemallocLinked: true, allocator: "jemalloc 5.3.0", buildConfiguration: "release"
    )
    return Report(runID: UUID().uuidString, startedAt: "", environment: environment, commandLine: [], isQuick: true, scenarios: scenarios)
}

/// Twenty samples around `center` with a small, fixed spread.
private func tight(_ center: Double) -> [Double] {
    (0..<20).map { center * (1 + Double($0 % 5 - 2) * 0.005) }
}

private func row(_ comparison: RunComparison, _ scenario: String, _ metric: String) -> MetricComparison? {
    comparison.rows.first { $0.scenario == scenario && $0.metric.hasPrefix(metric) }
}

@Suite struct ComparatorTests {
    @Test func identicalRunsHaveNoRegressions() {
        let runs = report(micro("decode/x", samples: tight(100), baselineFactor: 1))
        let comparison = RunComparison(baselineName: "b", baseline: runs, current: runs, thresholds: Thresholds())
        #expect(comparison.regressions.isEmpty)
        #expect(comparison.warnings.isEmpty)
        #expect(comparison.rows.allSatisfy { $0.verdict == .withinNoise })
        #expect(comparison.machineWarning == nil)
    }

    @Test func oneMoreAllocationPerOperationIsARegression() {
        let before = report(micro("decode/x", samples: tight(100), mallocs: 164_448))
        let after = report(micro("decode/x", samples: tight(100), mallocs: 164_449))
        let comparison = RunComparison(baselineName: "b", baseline: before, current: after, thresholds: Thresholds())
        #expect(row(comparison, "decode/x", "mallocs/op")?.verdict == .regression)
        #expect(RunComparison(baselineName: "b", baseline: after, current: before, thresholds: Thresholds()).regressions.isEmpty)
    }

    @Test func aSlowerClientAgainstTheSameBaselineIsARegression() {
        // The client got 25% slower while the partner measured beside it did not.
        let before = report(micro("decode/x", samples: tight(100), baselineFactor: 1.0))
        let after = report(micro("decode/x", samples: tight(125), baselineFactor: 0.8))
        let comparison = RunComparison(baselineName: "b", baseline: before, current: after, thresholds: Thresholds())
        let speed = row(comparison, "decode/x", "speedup")
        #expect(speed?.verdict == .regression)
        #expect(speed?.higherIsBetter == true)
    }

    @Test func aMachineThatIsSlowerAcrossTheBoardIsNotARegression() {
        // Everything took twice as long, partner included: the ratio, and so the verdict, holds.
        let before = report(micro("decode/x", samples: tight(100), baselineFactor: 1.0))
        let after = report(micro("decode/x", samples: tight(200), baselineFactor: 1.0))
        let comparison = RunComparison(baselineName: "b", baseline: before, current: after, thresholds: Thresholds())
        #expect(comparison.regressions.isEmpty)
    }

    @Test func aSlowdownOfCodeBothPartnersRunIsCaughtOnlyWhenTheTimeIsJudged() {
        // A user's model got three times slower: JSONDecoder alone slows as much as the client does.
        let before = report(micro("decode/x", samples: tight(100), baselineFactor: 1.0, judgingTime: true))
        let after = report(micro("decode/x", samples: tight(300), baselineFactor: 1.0, judgingTime: true))
        let judged = RunComparison(baselineName: "b", baseline: before, current: after, thresholds: Thresholds())
        #expect(row(judged, "decode/x", "speedup")?.verdict == .withinNoise)
        #expect(row(judged, "decode/x", "median ns/op")?.verdict == .regression)
        #expect(judged.regressions.map(\.scenario) == ["decode/x"])

        let ratioOnly = RunComparison(
            baselineName: "b", baseline: report(micro("decode/x", samples: tight(100), baselineFactor: 1.0)),
            current: report(micro("decode/x", samples: tight(300), baselineFactor: 1.0)), thresholds: Thresholds()
        )
        #expect(row(ratioOnly, "decode/x", "median") == nil)
        #expect(ratioOnly.regressions.isEmpty)
    }

    @Test func aChangeWithinTheToleranceOrTheNoiseIsNotAVerdict() {
        let before = report(micro("engine/x", samples: tight(100)))
        let small = report(micro("engine/x", samples: tight(105)))
        #expect(
            row(RunComparison(baselineName: "b", baseline: before, current: small, thresholds: Thresholds()), "engine/x", "median")?.verdict
                == .withinNoise)

        // 30% slower at the median, but the samples are so spread that the intervals overlap.
        let noisy = report(micro("engine/x", samples: (0..<20).map { $0 % 2 == 0 ? 40 : 260 }))
        let comparison = RunComparison(baselineName: "b", baseline: before, current: noisy, thresholds: Thresholds())
        #expect(row(comparison, "engine/x", "median")?.reason == "intervals of the medians overlap")
    }

    @Test func aSlowdownUnderTheFailingToleranceIsAWarning() {
        let before = report(micro("engine/x", samples: tight(100)))
        let after = report(micro("engine/x", samples: tight(130)))
        let comparison = RunComparison(baselineName: "b", baseline: before, current: after, thresholds: Thresholds(failingTime: 1.0))
        #expect(row(comparison, "engine/x", "median")?.verdict == .warning)
        #expect(comparison.regressions.isEmpty)
        let faster = RunComparison(baselineName: "b", baseline: after, current: before, thresholds: Thresholds())
        #expect(row(faster, "engine/x", "median")?.verdict == .improvement)
    }

    @Test func loadRunsOnlyEverWarn() throws {
        let before = report([try load("load/x", rate: 10_000, p99: 1_000_000)])
        let after = report([try load("load/x", rate: 2_000, p99: 9_000_000)])
        let comparison = RunComparison(baselineName: "b", baseline: before, current: after, thresholds: Thresholds())
        #expect(comparison.regressions.isEmpty)
        #expect(row(comparison, "load/x", "requests/s")?.verdict == .warning)
        #expect(row(comparison, "load/x", "p99")?.verdict == .warning)
    }

    /// Each row carries the changes it counts as no change, for the report's chart: the tolerance
    /// (widened by the two runs' noise for times), the allowance for allocations, the load tolerance.
    @Test func rowsCarryTheirNoiseBand() throws {
        let runs = report(micro("decode/x", samples: tight(100), baselineFactor: 1) + [try load("load/x", rate: 1_000, p99: 1_000_000)])
        let comparison = RunComparison(baselineName: "b", baseline: runs, current: runs, thresholds: Thresholds())
        let speed = try #require(row(comparison, "decode/x", "speedup")?.noiseBand)
        #expect(abs(speed.lower - (1 / 1.1 - 1)) < 1e-9)
        #expect(abs(try #require(speed.upper) - (1 / 0.9 - 1)) < 1e-9)
        #expect(row(comparison, "decode/x", "mallocs/op")?.noiseBand == .init(lower: -0.05, upper: 0.05))
        #expect(row(comparison, "decode/x", "bytes/op")?.noiseBand == .init(lower: -0.02, upper: 0.02))
        #expect(row(comparison, "load/x", "p99")?.noiseBand == .init(lower: -0.3, upper: 0.3))

        // Samples too noisy to tell 15% apart: the band widens to the intervals of the medians.
        let noisy = (0..<20).map { 100 * (1 + Double($0 % 5 - 2) * 0.2) }
        let wide = RunComparison(
            baselineName: "b", baseline: report(micro("build/y", samples: noisy)),
            current: report(micro("build/y", samples: noisy.map { $0 * 1.15 })),
            thresholds: Thresholds()
        )
        let time = try #require(row(wide, "build/y", "median ns/op"))
        #expect(time.verdict == .withinNoise)
        #expect(try #require(time.noiseBand?.upper) > 0.15)

        // Nothing to compare, no band; and a band survives the JSON round trip.
        let gone = RunComparison(baselineName: "b", baseline: runs, current: report([]), thresholds: Thresholds())
        #expect(gone.rows.allSatisfy { $0.noiseBand == nil })
        let data = try JSONReportWriter.render(value: comparison)
        #expect(try JSONDecoder().decode(RunComparison.self, from: data) == comparison)
    }

    @Test func missingFiguresAndNewScenariosAreNotComparableAndAMissingScenarioFails() {
        let before = report(micro("a", samples: tight(100)) + micro("gone", samples: tight(100)))
        let after = report(micro("a", samples: tight(100), mallocs: nil, bytes: nil) + micro("new", samples: tight(100)))
        let comparison = RunComparison(baselineName: "b", baseline: before, current: after, thresholds: Thresholds())
        #expect(row(comparison, "a", "mallocs/op")?.verdict == .notComparable)
        #expect(row(comparison, "gone", "scenario")?.reason == "missing from this run")
        #expect(row(comparison, "new", "scenario")?.reason == "new in this run")
        #expect(row(comparison, "new", "scenario")?.verdict == .notComparable)
        #expect(comparison.regressions.map(\.scenario) == ["gone"])
    }

    @Test func foundationsOwnBaselinesAreNotJudged() {
        let runs = report(micro("build/x", samples: tight(100), baselineFactor: 10))
        let comparison = RunComparison(baselineName: "b", baseline: runs, current: runs, thresholds: Thresholds())
        #expect(!comparison.rows.contains { $0.scenario.contains("(baseline:") })
    }

    @Test func withoutPairedSamplesASlowdownIsAtMostAWarning() {
        // A report written before per-round ratios were kept has a speedup but no spread for it.
        var before = report(micro("decode/x", samples: tight(100), baselineFactor: 1.0))
        before.scenarios[0].comparison?.pairedRatios = nil
        let after = report(micro("decode/x", samples: tight(150), baselineFactor: 0.67))
        let comparison = RunComparison(baselineName: "b", baseline: before, current: after, thresholds: Thresholds())
        #expect(row(comparison, "decode/x", "speedup")?.verdict == .warning)
        #expect(row(comparison, "decode/x", "speedup")?.reason.hasSuffix("noise unknown") == true)
    }

    @Test func quickAgainstFullIsCalledOut() {
        let quick = report([])
        var full = report([])
        full.isQuick = false
        let comparison = RunComparison(baselineName: "b", baseline: full, current: quick, thresholds: Thresholds())
        #expect(comparison.machineWarning?.contains("--quick") == true)
    }

    @Test func perScenarioOverridesWin() {
        let before = report(micro("engine/x", samples: tight(100), mallocs: 1))
        let after = report(micro("engine/x", samples: tight(100), mallocs: 2))
        let comparison = RunComparison(baselineName: "b", baseline: before, current: after, thresholds: Thresholds()) { _ in
            ThresholdOverrides(mallocsPerOperation: 5)
        }
        #expect(comparison.regressions.isEmpty)
    }

    @Test func aScenarioThatSetsOnlyAllocationsIsJudgedOnTimeByTheCommandLinesTolerance() {
        let before = report(micro("decode/x", samples: tight(100), mallocs: 10))
        let slower = report(micro("decode/x", samples: tight(300), mallocs: 11))
        // --fail-time-tolerance 300%: three times slower is a warning, not a failure.
        let commandLine = Thresholds(failingTime: 3.0)
        let comparison = RunComparison(baselineName: "b", baseline: before, current: slower, thresholds: commandLine) { _ in
            ThresholdOverrides(mallocsPerOperation: 2)
        }
        #expect(row(comparison, "decode/x", "median ns/op")?.verdict == .warning)
        #expect(row(comparison, "decode/x", "median ns/op")?.reason.hasSuffix("within 300%") == true)
        #expect(row(comparison, "decode/x", "mallocs/op")?.verdict == .withinNoise)
        #expect(comparison.regressions.isEmpty)

        let moreAllocations = report(micro("decode/x", samples: tight(100), mallocs: 12))
        let judged = RunComparison(baselineName: "b", baseline: before, current: moreAllocations, thresholds: commandLine) { _ in
            ThresholdOverrides(mallocsPerOperation: 2)
        }
        #expect(judged.regressions.map(\.metric) == ["mallocs/op"])
    }

    @Test func overridesReplaceOnlyTheMetricsTheyName() {
        let commandLine = Thresholds(mallocsPerOperation: 1, bytesPerOperation: 0.05, time: 0.2, failingTime: 1.0, load: 0.4)
        #expect(commandLine.overridden(by: nil) == commandLine)
        #expect(
            commandLine.overridden(by: ThresholdOverrides(mallocsPerOperation: 2))
                == Thresholds(mallocsPerOperation: 2, bytesPerOperation: 0.05, time: 0.2, failingTime: 1.0, load: 0.4))
        #expect(commandLine.overridden(by: ThresholdOverrides(failingTime: 3)).failingTime == 3)
        // A wider time tolerance takes a failing bound left below it along.
        #expect(Thresholds().overridden(by: ThresholdOverrides(time: 0.5)).failingTime == 0.5)
        #expect(commandLine.overridden(by: ThresholdOverrides(time: 0.5)).failingTime == 1.0)
    }

    @Test func aScenarioThatFailedInThisRunIsARegressionThatSaysWhy() {
        let before = report(micro("decode/x", samples: tight(100), baselineFactor: 1) + micro("decode/y", samples: tight(100)))
        var after = report(micro("decode/y", samples: tight(100)))
        after.failedScenarios = [
            ScenarioFailure(name: "decode/x", cause: .crashed, reason: "its process crashed with SIGILL: Fatal error: boom")
        ]
        let comparison = RunComparison(baselineName: "main", baseline: before, current: after, thresholds: Thresholds())
        #expect(comparison.regressions.map(\.scenario) == ["decode/x"])
        #expect(row(comparison, "decode/x", "scenario")?.reason == "failed in this run: its process crashed with SIGILL: Fatal error: boom")
        // Its partner, measured beside it, is not a row of its own.
        #expect(!comparison.rows.contains { $0.scenario.hasPrefix("decode/x (") })
        #expect(
            comparison.markdown().contains(
                "| decode/x | scenario | – | – | – | regression | failed in this run: its process crashed with SIGILL"))
    }

    @Test func aScenarioMissingFromThisRunIsARegressionUnlessAccepted() {
        let before = report(micro("decode/old-name", samples: tight(100)))
        let after = report(micro("decode/new-name", samples: tight(100)))
        let strict = RunComparison(baselineName: "b", baseline: before, current: after, thresholds: Thresholds())
        #expect(strict.regressions.map(\.scenario) == ["decode/old-name"])
        #expect(row(strict, "decode/old-name", "scenario")?.reason == "missing from this run")
        #expect(row(strict, "decode/new-name", "scenario")?.verdict == .notComparable)

        let renamed = RunComparison(
            baselineName: "b", baseline: before, current: after, thresholds: Thresholds(), accepting: ["decode/old-name"])
        #expect(renamed.regressions.isEmpty)
        #expect(row(renamed, "decode/old-name", "scenario")?.verdict == .notComparable)
        #expect(row(renamed, "decode/old-name", "scenario")?.reason == "missing from this run (accepted)")
    }

    @Test func aNewScenarioThatFailedFailsTooAndCanBeAccepted() {
        var after = report([])
        after.failedScenarios = [ScenarioFailure(name: "decode/new", cause: .threw, reason: "bad payload")]
        let comparison = RunComparison(baselineName: "b", baseline: report([]), current: after, thresholds: Thresholds())
        #expect(comparison.regressions.map(\.reason) == ["failed in this run: bad payload"])
        let accepted = RunComparison(
            baselineName: "b", baseline: report([]), current: after, thresholds: Thresholds(), accepting: ["decode/new"])
        #expect(accepted.regressions.isEmpty)
    }

    @Test func aBaselineThatRecordedAFailureComparesTheRestAndDoesNotJudgeIt() throws {
        var before = report(micro("decode/y", samples: tight(100)))
        before.failedScenarios = [ScenarioFailure(name: "decode/x", cause: .threw, reason: "bad payload")]
        let stored = try JSONReportWriter.read(JSONReportWriter.render(before))
        let after = report(micro("decode/x", samples: tight(100)) + micro("decode/y", samples: tight(100)))
        let comparison = RunComparison(baselineName: "b", baseline: stored, current: after, thresholds: Thresholds())
        #expect(comparison.regressions.isEmpty)
        #expect(row(comparison, "decode/x", "scenario")?.reason == "failed in the baseline (bad payload): nothing to compare with")
        #expect(row(comparison, "decode/y", "mallocs/op")?.verdict == .withinNoise)

        var failedAgain = report(micro("decode/y", samples: tight(100)))
        failedAgain.failedScenarios = before.failedScenarios
        let again = RunComparison(baselineName: "b", baseline: stored, current: failedAgain, thresholds: Thresholds())
        #expect(again.regressions.map(\.scenario) == ["decode/x"])
    }

    @Test func differentMachinesAreCalledOut() {
        let comparison = RunComparison(
            baselineName: "b", baseline: report([], cpuCount: 2), current: report([], cpuCount: 8), thresholds: Thresholds()
        )
        #expect(comparison.machineWarning?.contains("2 vs 8 CPUs") == true)
        #expect(comparison.markdown().contains("> Warning: baseline and current ran on different machines"))
    }

    @Test func markdownListsChangedRowsAndCountsTheRest() {
        let before = report(micro("decode/x", samples: tight(100), mallocs: 1))
        let after = report(micro("decode/x", samples: tight(100), mallocs: 3))
        let markdown = RunComparison(baselineName: "main", baseline: before, current: after, thresholds: Thresholds()).markdown()
        #expect(markdown.contains("| decode/x | mallocs/op | 1 | 3 | +200.0% | regression |"))
        #expect(markdown.contains("1 regressions, 0 warnings."))
    }

    @Test func theComparisonTravelsInTheReport() throws {
        var current = report(micro("decode/x", samples: tight(100)))
        current.baselineComparison = RunComparison(baselineName: "b", baseline: current, current: current, thresholds: Thresholds())
        #expect(try JSONReportWriter.read(JSONReportWriter.render(current)) == current)
    }
}

@Suite struct BaselineStoreTests {
    private func store() -> BaselineStore {
        BaselineStore(directory: FileManager.default.temporaryDirectory.appendingPathComponent("baselines-\(UUID().uuidString)"))
    }

    @Test func savesListsAndLoads() throws {
        let store = store()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let saved = report(micro("a", samples: tight(1)))
        try store.save(saved, as: "ci-linux")
        try store.save(saved, as: "another")
        #expect(try store.list() == ["another", "ci-linux"])
        #expect(try store.load("ci-linux") == saved)
    }

    @Test func aMissingBaselineNamesTheSavedOnes() throws {
        let store = store()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        #expect(throws: BaselineError.missing(name: "x", available: [])) { try store.load("x") }
        try store.save(report([]), as: "main")
        #expect(throws: BaselineError.missing(name: "x", available: ["main"])) { try store.load("x") }
    }

    @Test(arguments: ["", "../escape", "a/b", ".hidden", "white space"])
    func refusesNamesThatAreNotPlainFileNames(name: String) {
        #expect(throws: BaselineError.invalidName(name)) { try store().save(report([]), as: name) }
    }
}

/// A counted micro result (`run --instructions`) with this many instructions and estimated cycles per
/// operation, paired with a baseline that executes twice as many; no times, as under Callgrind.
private func counted(_ name: String, instructions: Double?, cycles: Double? = nil) -> [ScenarioResult] {
    var ours = ScenarioResult(name: name, kind: .micro, operations: 10, warmupOperations: 2, durationSeconds: 0)
    ours.mallocsPerOperation = 10
    ours.bytesAllocatedPerOperation = 800
    ours.counts = instructions.map { InstructionCounts(operations: 10, instructionsPerOperation: $0, estimatedCyclesPerOperation: cycles) }
    var partner = ScenarioResult(
        name: "\(name) (baseline: Foundation)", kind: .micro, operations: 10, warmupOperations: 2, durationSeconds: 0)
    partner.counts = InstructionCounts(operations: 10, instructionsPerOperation: 2 * (instructions ?? 1), estimatedCyclesPerOperation: nil)
    return [ours.compared(with: partner), partner]
}

@Suite struct ComparatorCountTests {
    private func compare(
        _ before: [ScenarioResult], _ after: [ScenarioResult], _ thresholds: Thresholds = Thresholds(), overrides: ThresholdOverrides? = nil
    ) -> RunComparison {
        RunComparison(
            baselineName: "b", baseline: report(before), current: report(after), thresholds: thresholds, overrides: { _ in overrides })
    }

    @Test func onePercentMoreInstructionsAndTwoPercentMoreCyclesAreRegressions() {
        let comparison = compare(
            counted("decode/x", instructions: 100_000, cycles: 150_000), counted("decode/x", instructions: 101_500, cycles: 153_300))
        #expect(row(comparison, "decode/x", "instructions/op")?.verdict == .regression)
        #expect(row(comparison, "decode/x", "est. cycles/op")?.verdict == .regression)
        #expect(row(comparison, "decode/x", "instructions/op")?.reason == "+1.50% > 1.00%")
        #expect(row(comparison, "decode/x", "est. cycles/op")?.reason == "+2.20% > 2.00%")
        // Estimated cycles move with the build's layout: +1.5% of them is within their own tolerance.
        let layout = compare(
            counted("decode/x", instructions: 100_000, cycles: 150_000), counted("decode/x", instructions: 100_000, cycles: 152_250))
        #expect(layout.regressions.isEmpty)
        let tight = compare(
            counted("decode/x", instructions: 100_000, cycles: 150_000), counted("decode/x", instructions: 100_000, cycles: 152_250),
            overrides: ThresholdOverrides(estimatedCycles: 0.01)
        )
        #expect(row(tight, "decode/x", "est. cycles/op")?.verdict == .regression)
        // The baseline measured beside it is Foundation's code: never judged.
        #expect(!comparison.rows.contains { $0.scenario.hasSuffix("(baseline: Foundation)") })
    }

    @Test func aChangeWithinTheToleranceIsWithinNoise() {
        let comparison = compare(
            counted("decode/x", instructions: 100_000, cycles: 150_000), counted("decode/x", instructions: 100_900, cycles: 150_100))
        #expect(comparison.regressions.isEmpty)
        #expect(row(comparison, "decode/x", "instructions/op")?.verdict == .withinNoise)
        #expect(row(comparison, "decode/x", "instructions/op")?.noiseBand == MetricComparison.NoiseBand(lower: -0.01, upper: 0.01))
    }

    @Test func anImprovementFailsOnlyWhenTwoSided() {
        let before = counted("decode/x", instructions: 100_000)
        let after = counted("decode/x", instructions: 95_000)
        #expect(row(compare(before, after), "decode/x", "instructions/op")?.verdict == .improvement)
        let twoSided = row(compare(before, after, Thresholds(isTwoSided: true)), "decode/x", "instructions/op")
        #expect(twoSided?.verdict == .regression)
        #expect(twoSided?.reason.contains("save the baseline again") == true)
    }

    @Test func aScenarioOwnToleranceReplacesTheDefaultOnly() {
        let before = counted("decode/x", instructions: 100_000)
        let after = counted("decode/x", instructions: 103_000)
        let comparison = compare(before, after, overrides: ThresholdOverrides(instructions: 0.05))
        #expect(row(comparison, "decode/x", "instructions/op")?.verdict == .withinNoise)
        #expect(row(comparison, "decode/x", "mallocs/op")?.verdict == .withinNoise)
        #expect(Thresholds().overridden(by: ThresholdOverrides(isTwoSided: true)) == Thresholds(isTwoSided: true))
    }

    @Test func countsInOneRunOnlyAreSaidAndFailNothing() {
        let timed = micro("decode/x", samples: tight(100), baselineFactor: 2)
        let comparison = compare(timed, counted("decode/x", instructions: 100_000))
        let instructions = row(comparison, "decode/x", "instructions/op")
        #expect(instructions?.verdict == .notComparable)
        #expect(instructions?.reason == "counted in this run only (run --instructions for both)")
        #expect(comparison.regressions.isEmpty)
        let reverse = row(compare(counted("decode/x", instructions: 100_000), timed), "decode/x", "instructions/op")
        #expect(reverse?.reason == "counted in the baseline only (run --instructions for both)")
    }

    @Test func withCountsOnBothSidesATimeRegressionIsOnlyAWarning() {
        var before = micro("decode/x", samples: tight(100))
        var after = micro("decode/x", samples: tight(300))
        before[0].counts = InstructionCounts(operations: 10, instructionsPerOperation: 1_000, estimatedCyclesPerOperation: nil)
        after[0].counts = before[0].counts
        let comparison = compare(before, after)
        #expect(row(comparison, "decode/x", "median ns/op")?.verdict == .warning)
        #expect(comparison.regressions.isEmpty)
    }

    /// A client path that decodes with its partner's decoder, in two builds: Foundation's part moved
    /// by the layout (+2% on both sides) and Courier's share did not, then Courier's share grew.
    @Test func aScenarioJudgedByItsRatiosFailsOnTheRatioAndOnlyWarnsOnItsCounts() {
        func sharing(ours: Double, partner: Double) -> [ScenarioResult] {
            var client = ScenarioResult(name: "decode/x", kind: .micro, operations: 1, warmupOperations: 1, durationSeconds: 0)
            client.counts = InstructionCounts(operations: 1, instructionsPerOperation: ours, estimatedCyclesPerOperation: ours * 1.5)
            var alone = ScenarioResult(
                name: "decode/x (baseline: JSONDecoder)", kind: .micro, operations: 1, warmupOperations: 1, durationSeconds: 0)
            alone.counts = InstructionCounts(operations: 1, instructionsPerOperation: partner, estimatedCyclesPerOperation: partner * 1.5)
            return [client.compared(with: alone, judgingCountRatios: true), alone]
        }
        let before = sharing(ours: 1_010_000, partner: 1_000_000)
        let moved = compare(before, sharing(ours: 1_030_200, partner: 1_020_000))
        #expect(moved.regressions.isEmpty)
        #expect(row(moved, "decode/x", "instructions ÷ decode/x (baseline: JSONDecoder)")?.verdict == .withinNoise)
        #expect(row(moved, "decode/x", "est. cycles ÷ decode/x (baseline: JSONDecoder)")?.verdict == .withinNoise)
        let counts = row(moved, "decode/x", "instructions/op")
        #expect(counts?.verdict == .warning)
        #expect(counts?.reason == "+2.00%: judged by its ratio, since the work it shares with its partner moves with the build")

        let slower = compare(before, sharing(ours: 1_040_300, partner: 1_000_000))
        #expect(row(slower, "decode/x", "instructions ÷ decode/x (baseline: JSONDecoder)")?.verdict == .regression)
        #expect(row(slower, "decode/x", "est. cycles ÷ decode/x (baseline: JSONDecoder)")?.verdict == .regression)
        #expect(slower.regressions.count == 2)
        #expect(before[0].counts?.estimatedCycleRatio == 1.01)
    }

    @Test func aZeroBaselineCountIsNotComparable() {
        let comparison = compare(counted("decode/x", instructions: 0), counted("decode/x", instructions: 10))
        #expect(row(comparison, "decode/x", "instructions/op")?.verdict == .notComparable)
    }
}
