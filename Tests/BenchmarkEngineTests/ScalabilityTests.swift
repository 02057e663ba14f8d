import Foundation
import Testing

@testable import BenchmarkEngine

/// The Universal Scalability Law, its fit, and the concurrency sweep, against simulated servers of
/// known coefficients: deterministic, no sockets, no wall time.
@Suite(.serialized) struct ScalabilityTests {
    private static let millisecond: UInt64 = 1_000_000

    private func sweep(_ levels: [Int], objectives: [String] = []) throws -> ConcurrencySweep {
        var sweep = ConcurrencySweep(objectives: try objectives.map { try ServiceLevelObjective(parsing: $0) }, levels: levels)
        sweep.step = .seconds(10)
        sweep.warmup = .seconds(1)
        return sweep
    }

    private func within(_ value: Double?, _ truth: Double, _ tolerance: Double) -> Bool {
        guard let value else { return false }
        return abs(value - truth) <= tolerance * truth
    }

    @Test func theLawPeaksWhereItsFormulaSays() throws {
        let law = UniversalScalabilityLaw(contention: 0.05, coherency: 0.002, throughputAtOne: 100)
        #expect(law.throughput(atConcurrency: 1) == 100)
        #expect(abs(law.throughput(atConcurrency: 8) - 800 / (1 + 0.35 + 0.112)) < 1e-9)
        let peak = try #require(law.peakConcurrency)
        #expect(abs(peak - (0.95 / 0.002).squareRoot()) < 1e-12)
        #expect(
            law.peakThroughput > law.throughput(atConcurrency: peak - 1) && law.peakThroughput > law.throughput(atConcurrency: peak + 1))
        let amdahl = UniversalScalabilityLaw(contention: 0.25, coherency: 0, throughputAtOne: 100)
        #expect(amdahl.peakConcurrency == nil && amdahl.peakThroughput == 400, "without coherency it levels off at γ/α")
        #expect(UniversalScalabilityLaw(contention: 0, coherency: 0, throughputAtOne: 100).peakThroughput == .infinity)
    }

    @Test(arguments: [(0.05, 0.002), (0.0, 0.0005), (0.2, 0.0), (0.0, 0.0), (0.6, 0.01)])
    func aFitRecoversTheCoefficientsOfExactObservations(contention: Double, coherency: Double) throws {
        let law = UniversalScalabilityLaw(contention: contention, coherency: coherency, throughputAtOne: 250)
        let observations = [1, 2, 3, 4, 6, 8, 12, 16].map {
            UniversalScalabilityLaw.Observation(concurrency: Double($0), throughput: law.throughput(atConcurrency: Double($0)))
        }
        let fitted = try #require(UniversalScalabilityLaw(fittedTo: observations))
        #expect(abs(fitted.contention - contention) < 1e-4, "α \(fitted.contention)")
        #expect(abs(fitted.coherency - coherency) < 1e-6, "β \(fitted.coherency)")
        #expect(within(fitted.throughputAtOne, 250, 1e-4))
        #expect((fitted.peakConcurrency == nil) == (coherency == 0), "a peak only where the law has one")
    }

    /// Amdahl's law measured with a little noise: a coherency the noise alone suggests would put a
    /// peak far beyond anything measured, so none is fitted.
    @Test func noiseAloneGivesNoPeak() throws {
        let law = UniversalScalabilityLaw(contention: 0.1, coherency: 0, throughputAtOne: 100)
        let noise = [1.01, 0.99, 1.015, 0.985, 1.0, 1.01, 0.99, 1.005]
        let observations = zip([1, 2, 4, 8, 16, 32, 64, 128], noise).map { concurrency, factor in
            UniversalScalabilityLaw.Observation(
                concurrency: Double(concurrency), throughput: factor * law.throughput(atConcurrency: Double(concurrency)))
        }
        let fitted = try #require(UniversalScalabilityLaw(fittedTo: observations))
        #expect(fitted.coherency == 0 && fitted.peakConcurrency == nil, "β \(fitted.coherency)")
        #expect(within(fitted.contention, 0.1, 0.1))
    }

    @Test func threeDistinctConcurrenciesAreNeeded() {
        let two = [1.0, 2, 2].map { UniversalScalabilityLaw.Observation(concurrency: $0, throughput: $0 * 100) }
        #expect(UniversalScalabilityLaw(fittedTo: two) == nil)
        let silent = [1.0, 2, 4].map { UniversalScalabilityLaw.Observation(concurrency: $0, throughput: 0) }
        #expect(UniversalScalabilityLaw(fittedTo: silent) == nil, "nothing ever completed")
    }

    /// The proof: a server of α = 0.05 and β = 0.002 (N* ≈ 21.8, 740/s), swept only up to N = 10,
    /// half of N*, with 3% jitter on every service time: the fit recovers α and β, N* and the peak,
    /// each within 10%, the intervals hold the truth, and the curve beyond 10 is a prediction.
    @Test func aSweepToHalfThePeakPredictsThePeak() async throws {
        let server = SimulatedClosedLoop(
            server: .scalability(contention: 0.05, coherency: 0.002), serviceNanoseconds: 10 * Self.millisecond)
        let truth = UniversalScalabilityLaw(contention: 0.05, coherency: 0.002, throughputAtOne: 100)
        var completed: [Int] = []
        let swept = try await sweep(ConcurrencySweep.doubling(upTo: 10)).run(with: server) { completed.append($0.concurrency ?? 0) }
        #expect(completed == [1, 2, 4, 8, 10])
        #expect(swept.result.stopReason == .swept)
        #expect(swept.steps.allSatisfy { $0.phase == .sweep && $0.targetRate == 0 && $0.status == .passed })
        let fit = try #require(swept.result.scalability)
        #expect(within(fit.law.contention, 0.05, 0.1), "α \(fit.law.contention)")
        #expect(within(fit.law.coherency, 0.002, 0.1), "β \(fit.law.coherency)")
        #expect(within(fit.peakConcurrency, truth.peakConcurrency ?? 0, 0.1), "N* \(fit.peakConcurrency ?? 0)")
        #expect(within(fit.peakThroughput, truth.peakThroughput, 0.1), "peak \(fit.peakThroughput ?? 0)")
        #expect(fit.measuredConcurrency == 1...10)
        #expect(fit.points.map(\.concurrency) == [1, 2, 4, 8, 10])
        #expect(fit.determination > 0.99)
        #expect(fit.contentionBounds.lower <= 0.05 && (fit.contentionBounds.upper ?? .infinity) >= 0.05)
        #expect(fit.resamples == 500)
        #expect(fit.curve.filter(\.isPrediction).allSatisfy { $0.concurrency > 10 })
        #expect(fit.curve.contains { $0.isPrediction } && fit.curve.contains { !$0.isPrediction })
        #expect(fit.curve.allSatisfy { $0.bounds.lower <= $0.throughput && ($0.bounds.upper ?? .infinity) >= $0.throughput })
        // The same steps give the same fit: the bootstrap is seeded.
        #expect(ScalabilityFit(steps: swept.steps) == fit)
    }

    /// A plain FIFO server of 4 workers of 10 ms: up to 4 in flight it scales in a straight line
    /// (α ≈ 0, β ≈ 0); beyond, the measured throughput is flat at 400/s, and the law fitted to all
    /// the steps levels off near it instead of falling (no coherency cost).
    @Test func aFIFOServerScalesLinearlyToItsWorkersAndThenIsFlat() async throws {
        let server = SimulatedClosedLoop(server: .fifo(workers: 4), serviceNanoseconds: 10 * Self.millisecond)
        let linear = try await sweep([1, 2, 3, 4]).run(with: server)
        let straight = try #require(linear.result.scalability)
        #expect(straight.law.contention < 0.01, "α \(straight.law.contention)")
        #expect(straight.law.coherency < 1e-3, "β \(straight.law.coherency)")
        #expect(within(straight.law.throughputAtOne, 100, 0.05))

        let swept = try await sweep(ConcurrencySweep.doubling(upTo: 32)).run(with: server)
        for step in swept.steps where (step.concurrency ?? 0) >= 4 {
            #expect(within(step.throughput, 400, 0.05), "N = \(step.concurrency ?? 0): \(step.throughput)/s")
        }
        let fit = try #require(swept.result.scalability)
        let saturation = try #require(fit.saturation)
        #expect(saturation.concurrency == 4)
        #expect(within(saturation.throughput, 400, 0.05))
        #expect(
            fit.law.contention < 0.01 && fit.law.coherency < 1e-3,
            "fitted below the plateau: α \(fit.law.contention) β \(fit.law.coherency)")
        #expect(fit.peakConcurrency == nil, "no peak: flat")
        #expect(within(fit.peakThroughput, 400, 0.05))
        #expect(fit.curve.filter { $0.concurrency > 4 }.allSatisfy { within($0.throughput, 400, 0.05) }, "flat beyond the workers")
        #expect(fit.curve.filter(\.isPrediction).allSatisfy { $0.concurrency > 32 })
        #expect(CapacitySummary.headline(try report(swept)).contains("Flat at ≈ 400/s from N = 4"))
        // A law that peaks is never taken for a plateau.
        let peaking = SimulatedClosedLoop(
            server: .scalability(contention: 0.05, coherency: 0.002), serviceNanoseconds: 10 * Self.millisecond)
        #expect(try await sweep(ConcurrencySweep.doubling(upTo: 64)).run(with: peaking).result.scalability?.saturation == nil)
        let knee = try #require(swept.result.knee)
        #expect(knee.concurrency == 4, "p99 is flat to the workers and climbs beyond")
    }

    /// A step in which the generator was starved of CPUs is kept in the report, flagged, left out of
    /// the fit, and never taken for the server's limit.
    @Test func aStarvedStepIsTheGeneratorsAndLeftOutOfTheFit() async throws {
        let server = SimulatedClosedLoop(
            server: .scalability(contention: 0.05, coherency: 0.002), serviceNanoseconds: 10 * Self.millisecond, starvedAt: [8])
        let swept = try await sweep([1, 2, 4, 8, 10], objectives: ["p99<=1s"]).run(with: server)
        let starved = try #require(swept.steps.first { $0.concurrency == 8 })
        #expect(starved.generatorCheck?.keptUp == false)
        #expect(starved.generatorCheck?.findings.first?.hasPrefix("starved of CPUs") == true)
        #expect(swept.steps.filter { $0.concurrency != 8 }.allSatisfy { $0.generatorCheck?.keptUp == true })
        let fit = try #require(swept.result.scalability)
        #expect(fit.excludedSteps == [starved.number])
        #expect(!fit.points.contains { $0.concurrency == 8 })
        #expect(
            within(fit.law.contention, 0.05, 0.15) && within(fit.law.coherency, 0.002, 0.25),
            "α \(fit.law.contention) β \(fit.law.coherency)")
        #expect(swept.result.explanation.contains("The generator did not keep up at N = 8"))
        #expect(swept.result.largestPassingConcurrency == 10, "a passed level is not hidden by a starved one")
        let summary = CapacitySummary.findings(try report(swept, objectives: ["p99<=1s"]))
        #expect(summary.contains { $0.hasPrefix("Bounded by the generator") })
    }

    /// With objectives, the answer is the most workers within them (below the first level the
    /// server fails), with their throughput.
    @Test func objectivesGiveTheMostWorkersThatMeetThem() async throws {
        let server = SimulatedClosedLoop(server: .fifo(workers: 4), serviceNanoseconds: 10 * Self.millisecond)
        let swept = try await sweep([1, 2, 4, 8, 16], objectives: ["p99<=25ms"]).run(with: server)
        #expect(swept.steps.map(\.status) == [.passed, .passed, .passed, .passed, .failed], "8 in flight wait 20 ms, 16 wait 40")
        #expect(swept.result.largestPassingConcurrency == 8)
        #expect(within(swept.result.maximumSustainableRate, 400, 0.05))
        #expect(swept.result.limitedBy == .server)
        let text = CapacitySummary.markdown(try report(swept, objectives: ["p99<=25ms"]))
        #expect(text.contains("Within p99<=25ms: up to N = 8, 400/s measured."))
        #expect(text.contains(" N=16 |"))
    }

    @Test func aSweepStopsAtItsTimeLimit() async throws {
        var limited = try sweep([1, 2, 4, 8])
        limited.maximumTime = .seconds(15)
        let server = SimulatedClosedLoop(server: .fifo(workers: 4), serviceNanoseconds: 10 * Self.millisecond)
        let swept = await limited.run(with: server)
        #expect(swept.steps.count == 2, "each step is 11 s of simulated time")
        #expect(swept.result.stopReason == .timeLimit)
        #expect(swept.result.scalability == nil, "two levels cannot be fitted")
        #expect(CapacitySummary.headline(try report(swept)).hasPrefix("**No scalability law fitted**"))

        var judged = limited
        judged.objectives = [try ServiceLevelObjective(parsing: "p99<=1s")]
        let text = CapacitySummary.markdown(try report(await judged.run(with: server), objectives: ["p99<=1s"]))
        #expect(text.contains("Within p99<=1s: up to N = 2, 200/s measured."), "the objectives' answer needs no law")
    }

    @Test func doublingEndsAtTheBound() {
        #expect(ConcurrencySweep.doubling(upTo: 1) == [1])
        #expect(ConcurrencySweep.doubling(upTo: 8) == [1, 2, 4, 8])
        #expect(ConcurrencySweep.doubling(upTo: 10) == [1, 2, 4, 8, 10])
    }

    /// Every report format carries the fit: the JSON round-trips, `scalability.csv` has the points
    /// and the curve, predictions marked, and the page draws it.
    @Test func theFitIsInEveryReportFormat() async throws {
        let server = SimulatedClosedLoop(
            server: .scalability(contention: 0.05, coherency: 0.002), serviceNanoseconds: 10 * Self.millisecond)
        let swept = try await sweep([1, 2, 4, 8]).run(with: server)
        let report = try report(swept)
        let files = try report.files()
        #expect(files.map(\.name) == ["capacity.json", "capacity.csv", "scalability.csv", "summary.md", "report.html"])
        let json = try #require(files.first { $0.name == "capacity.json" })
        #expect(try JSONReportWriter.readCapacity(json.data, from: "capacity.json") == report)
        let csv = String(decoding: try #require(files.first { $0.name == "scalability.csv" }).data, as: UTF8.self)
        let rows = csv.split(separator: "\n")
        #expect(rows.first == "kind,step,concurrency,throughput_per_s,lower_per_s,upper_per_s")
        #expect(rows.filter { $0.hasPrefix("measured,") }.count == 4)
        #expect(rows.contains { $0.hasPrefix("fitted,") } && rows.contains { $0.hasPrefix("prediction,") })
        let steps = String(decoding: try #require(files.first { $0.name == "capacity.csv" }).data, as: UTF8.self)
        #expect(steps.hasPrefix("step,phase,target_rate_per_s,concurrency,achieved_rate_per_s,throughput_per_s,"))
        #expect(steps.contains("generator_kept_up"))
        let html = String(decoding: try #require(files.first { $0.name == "report.html" }).data, as: UTF8.self)
        #expect(html.contains("Throughput against requests in flight, and the Universal Scalability Law"))
        #expect(html.contains("predicted, beyond the steps"))
        #expect(html.contains("Throughput and p99 against the workers"))
        let headline = CapacitySummary.headline(report)
        #expect(headline.hasPrefix("**Peak ≈ "), "\(headline)")
        #expect(headline.contains("measured up to N = 8; contention α = "))
    }

    /// A version 1 `capacity.json`, whose knee had a `slopeIncrease`, still reads.
    @Test func aVersionOneReportStillReads() throws {
        var report = CapacityReport(
            runID: "r", startedAt: "2026-01-01T00:00:00Z", environment: SampleRuns.environment, commandLine: ["bench"], target: "http://x",
            settings: CapacitySettings(try sweep([1]), transport: nil), steps: [],
            result: CapacityResult(stopReason: .converged, explanation: "", searchTime: .seconds(1)))
        report.result.knee = CapacityResult.Knee(rate: 400, p99: .milliseconds(10), difference: nil)
        // What version 1 wrote: none of version 2's keys, and the knee's slope.
        var json = try #require(try JSONSerialization.jsonObject(with: JSONReportWriter.render(value: report)) as? [String: Any])
        var settings = try #require(json["settings"] as? [String: Any])
        var result = try #require(json["result"] as? [String: Any])
        var knee = try #require(result["knee"] as? [String: Any])
        settings["levels"] = nil
        result["largestPassingConcurrency"] = nil
        result["scalability"] = nil
        knee["concurrency"] = nil
        knee["difference"] = nil
        knee["slopeIncrease"] = 1.5
        result["knee"] = knee
        json["settings"] = settings
        json["result"] = result
        json["schemaVersion"] = 1
        let read = try JSONReportWriter.readCapacity(JSONSerialization.data(withJSONObject: json), from: "capacity.json")
        #expect(read.schemaVersion == 1)
        #expect(read.result.knee?.rate == 400 && read.result.knee?.difference == nil && read.result.scalability == nil)
        #expect(read.settings.levels == nil)
        json["schemaVersion"] = 3
        #expect(
            throws: ReportError.unreadable(
                path: "capacity.json", reason: "report schema version 3 is not supported (this build reads versions 1 to 2)")
        ) {
            try JSONReportWriter.readCapacity(JSONSerialization.data(withJSONObject: json), from: "capacity.json")
        }
    }

    private func report(_ outcome: CapacitySearch.Outcome, objectives: [String] = []) throws -> CapacityReport {
        CapacityReport(
            runID: "run", startedAt: "2026-12-03T00:00:00Z", environment: SampleRuns.environment, commandLine: ["bench", "capacity"],
            target: "http://127.0.0.1/scalability",
            settings: CapacitySettings(try sweep(outcome.steps.compactMap(\.concurrency), objectives: objectives), transport: "simulated"),
            steps: outcome.steps, result: outcome.result)
    }
}
