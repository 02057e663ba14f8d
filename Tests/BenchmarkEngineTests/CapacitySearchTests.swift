import Testing

@testable import BenchmarkEngine

/// The capacity search against a queue model: deterministic, no sockets, no wall time.
// Serialized: each search is seconds of CPU, and two at once would hold every thread that runs
// the other suites' timed load runs.
@Suite(.serialized) struct CapacitySearchTests {
    private static let millisecond: UInt64 = 1_000_000

    private func search(_ objectives: [String] = ["p99<=50ms"], minimum: Double = 25, maximum: Double = 100_000) throws -> CapacitySearch {
        var search = CapacitySearch(objectives: try objectives.map { try ServiceLevelObjective(parsing: $0) })
        search.minimumRate = minimum
        search.maximumRate = maximum
        search.step = .milliseconds(2_000)
        search.warmup = .milliseconds(1_000)
        return search
    }

    /// 1, 4 and 16 workers of 10 ms: 100, 400 and 1600 requests a second. Below capacity a request
    /// waits for nobody; above it the queue grows through the step and p99 breaks 50 ms, so the
    /// search brackets the true capacity within its 5% precision, and the knee sits on it.
    @Test(arguments: [1, 4, 16])
    func findsTheCapacityOfAFixedCapacityQueue(workers: Int) async throws {
        let server = SimulatedServer(workers: workers, serviceNanoseconds: 10 * Self.millisecond)
        var steps: [CapacityStep] = []
        let found = try await search().run(with: server) { steps.append($0) }
        let result = found.result
        #expect(result.stopReason == .converged)
        #expect(result.limitedBy == .server)
        let sustained = try #require(result.maximumSustainableRate)
        let failing = try #require(result.lowestFailingRate)
        #expect(sustained <= server.capacity && sustained >= server.capacity / 1.05, "found \(sustained)/s of \(server.capacity)/s")
        #expect(failing > server.capacity && failing <= sustained * 1.05)
        #expect(steps.map(\.number) == Array(1...found.steps.count), "each step reported as it completed")
        #expect(found.steps.first?.phase == .grow && found.steps.last?.phase == .bisect)
        let knee = try #require(result.knee)
        #expect(knee.rate == sustained, "p99 is flat up to the capacity and climbs beyond it")
        #expect(result.explanation.contains("met every objective"))
        // Every step's requests add up, and the warm-up is not in its figures.
        for step in found.steps {
            #expect(step.outcomes.reconciles)
            #expect(step.measuredSeconds == 2)
            #expect(abs(Double(step.outcomes.sent) - step.targetRate * 2) <= 1)
        }
        // Little's law at the maximum: every request takes the 10 ms service time.
        let concurrency = try #require(result.concurrencyAtMaximum)
        #expect(abs(concurrency.littlesLaw - sustained * 0.01) < 0.01 * sustained * 0.01 + 0.01)
    }

    @Test func aServerFasterThanTheMaximumRateSustainsIt() async throws {
        let server = SimulatedServer(workers: 16, serviceNanoseconds: 10 * Self.millisecond)
        let found = try await search(maximum: 300).run(with: server)
        #expect(found.result.stopReason == .maximumRateSustained)
        #expect(found.result.maximumSustainableRate == 300)
        #expect(found.result.lowestFailingRate == nil)
        #expect(found.steps.map(\.targetRate) == [25, 50, 100, 200, 300])
    }

    @Test func aServerSlowerThanTheMinimumRateFailsAtOnce() async throws {
        let server = SimulatedServer(workers: 1, serviceNanoseconds: 100 * Self.millisecond)
        let found = try await search(minimum: 50).run(with: server)
        #expect(found.result.stopReason == .failedAtMinimumRate)
        #expect(found.result.maximumSustainableRate == nil)
        #expect(found.steps.map(\.targetRate) == [50, 50], "a failure stands once it is seen twice")
        #expect(found.steps.allSatisfy { $0.status == .failed })
        #expect(found.steps[0].reasons.first?.contains("breaks p99<=50ms") == true)
    }

    /// A generator that cannot send more than 250 a second in front of a server that serves 1600:
    /// requests are answered in 10 ms but sent ever later, and the search says so rather than
    /// report 250/s as the server's capacity.
    @Test func aGeneratorThatFallsBehindIsNotMistakenForTheServer() async throws {
        let server = SimulatedServer(workers: 16, serviceNanoseconds: 10 * Self.millisecond, generatorRate: 250)
        let found = try await search().run(with: server)
        #expect(found.result.limitedBy == .generator)
        let failing = try #require(found.steps.last { $0.status.isFailure })
        #expect(failing.status == .generatorLimited)
        #expect(failing.reasons.contains { $0.hasPrefix("sent late") })
        #expect(found.result.explanation.contains("generator's limit, not the server's"))
    }

    /// A generator stalled once, at 400/s, by a busy machine: the step is run again, passes, and the
    /// search goes on to the server's true capacity rather than stop below the stall. Every rate
    /// that fails is run twice.
    @Test func aGeneratorStalledOnceIsGivenASecondChance() async throws {
        let server = SimulatedServer(workers: 16, serviceNanoseconds: 10 * Self.millisecond, stallsOnceAt: 400)
        let found = try await search().run(with: server)
        let atStall = found.steps.filter { $0.targetRate == 400 }
        #expect(atStall.map(\.status) == [.generatorLimited, .passed])
        #expect(atStall.map(\.number) == [atStall[0].number, atStall[0].number + 1], "run again at once")
        let sustained = try #require(found.result.maximumSustainableRate)
        #expect(sustained <= server.capacity && sustained >= server.capacity / 1.05, "found \(sustained)/s of \(server.capacity)/s")
        #expect(found.result.limitedBy == .server)
        for failing in found.steps.filter({ $0.status.isFailure && $0.targetRate != 400 }) {
            #expect(found.steps.filter { $0.targetRate == failing.targetRate }.count == 2, "\(failing.targetRate)/s")
        }
    }

    @Test func anErrorStormFailsAStepWhateverTheLatency() async throws {
        let server = SimulatedServer(workers: 64, serviceNanoseconds: 1 * Self.millisecond, failsAbove: 300)
        let found = try await search().run(with: server)
        let storm = try #require(found.steps.first { $0.status == .errorStorm })
        #expect(storm.targetRate > 300)
        #expect(storm.reasons.first?.hasPrefix("error storm: 100.0%") == true)
        #expect((found.result.maximumSustainableRate ?? 0) <= 300)
        #expect(found.result.stopReason == .converged)
    }

    /// Bounded: no step starts once the time allowed is spent, so the search ends within it plus one
    /// step, with every step completed kept.
    @Test func theTimeLimitEndsTheSearchWithinOneStep() async throws {
        let clock = SimulatedClock()
        let server = SimulatedServer(workers: 4, serviceNanoseconds: 10 * Self.millisecond, clock: clock)
        var search = try search()
        search.maximumTime = .milliseconds(7_000)
        let found = await search.run(with: server)
        #expect(found.result.stopReason == .timeLimit)
        #expect(found.steps.count == 3, "3 s steps: started at 0, 3 and 6 s")
        #expect(found.result.searchSeconds <= 7 + 3)
        #expect(found.result.maximumSustainableRate == 100)
    }

    @Test func aStepThatCannotRunStopsTheSearchAndKeepsTheStepsBeforeIt() async throws {
        let server = SimulatedServer(workers: 4, serviceNanoseconds: 10 * Self.millisecond, breaksAt: 100)
        let found = try await search().run(with: server)
        #expect(found.result.stopReason == .stepFailed)
        #expect(found.steps.map(\.targetRate) == [25, 50])
        #expect(found.result.explanation.contains("could not run"))
    }

    @Test func cancellingTheCallerInterruptsTheSearch() async throws {
        let server = SimulatedServer(workers: 4, serviceNanoseconds: 10 * Self.millisecond)
        let search = try search()
        let task = Task {
            await search.run(with: server) { step in
                if step.number == 2 { withUnsafeCurrentTask { $0?.cancel() } }
            }
        }
        let found = await task.value
        #expect(found.result.stopReason == .interrupted)
        #expect(found.steps.count == 2)
        #expect(found.result.maximumSustainableRate == 50)
    }

    /// The window: with `interval`, one bad interval fails the step that the whole measured part
    /// would pass.
    @Test func aStepIsJudgedOverItsMeasuredPartOnly() throws {
        let template = try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)
        func interval(_ start: Double, latency: UInt64) -> TimeSeries.Interval {
            var histogram = template
            histogram.record(latency, count: 100)
            let encoded = ScenarioResult.Latency(summary: LatencySummary(histogram), histogram: histogram.encoded())
            return TimeSeries.Interval(
                startSeconds: start, durationSeconds: 1, outcomes: .init(sent: 100, succeeded: 100, errors: [:]), latency: encoded,
                uncorrectedLatency: encoded)
        }
        var result = ScenarioResult(name: "step", kind: .load, operations: 400, warmupOperations: 0, durationSeconds: 4)
        // A slow warm-up, then three fast intervals, one of which is slower.
        let intervals =
            [interval(0, latency: 2_000_000_000), interval(1, latency: 1_000_000), interval(2, latency: 80_000_000)]
            + (3..<20).map { interval(Double($0), latency: 1_000_000) }
        result.timeSeries = TimeSeries(startUnixMicroseconds: 0, intervalSeconds: 1, intervals: intervals)
        // 100 slow requests of 1,900: p90 of the whole measured part is fast, of the slow interval not.
        let objectives = [try ServiceLevelObjective(parsing: "p90<=50ms")]
        let whole = try CapacityStep(
            judging: result, number: 1, phase: .grow, targetRate: 100, startSeconds: 0, warmupSeconds: 1, objectives: objectives,
            window: .whole)
        #expect(whole.status == .passed)
        #expect(whole.outcomes.sent == 1_900)
        #expect(whole.latency.summary.max < 100_000_000, "the warm-up's 2 s are discarded")
        #expect(whole.verdict.objectives[0].worst?.startSeconds == 2)
        let perInterval = try CapacityStep(
            judging: result, number: 1, phase: .grow, targetRate: 100, startSeconds: 0, warmupSeconds: 1, objectives: objectives,
            window: .interval)
        #expect(perInterval.status == .failed)
        #expect(perInterval.verdict.objectives[0].windowsBreached == 1)
    }

    /// A mix's name is judged over the step's measured intervals as well: its 2 s warm-up, in its
    /// figures for the whole step, breaks no objective.
    @Test func aNameIsJudgedOverTheStepsMeasuredPartOnly() throws {
        let template = try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)
        var whole = template
        let intervals = try [2_000_000_000, 1_000_000, 80_000_000, 1_000_000].enumerated().map { index, latency in
            var histogram = template
            histogram.record(UInt64(latency), count: 100)
            try whole.merge(histogram)
            let encoded = ScenarioResult.Latency(histogram)
            return TimeSeries.Interval(
                startSeconds: Double(index), durationSeconds: 1, outcomes: .init(sent: 100, succeeded: 100, errors: [:]), latency: encoded,
                uncorrectedLatency: encoded)
        }
        var result = ScenarioResult(name: "step", kind: .load, operations: 400, warmupOperations: 0, durationSeconds: 4)
        result.timeSeries = TimeSeries(startUnixMicroseconds: 0, intervalSeconds: 1, intervals: intervals)
        var list = ScenarioResult.NamedRequest(
            name: "list", weight: 1, share: 1, outcomes: .init(sent: 400, succeeded: 400, errors: [:]), operationsPerSecond: 100,
            latency: .init(whole), uncorrectedLatency: .init(whole))
        list.timeSeries = result.timeSeries
        result.requests = [list]
        let step = try CapacityStep(
            judging: result, number: 1, phase: .grow, targetRate: 100, startSeconds: 0, warmupSeconds: 1,
            objectives: [try ServiceLevelObjective(parsing: "list:max<=1s")], window: .whole)
        #expect(step.status == .passed)
        #expect(step.verdict.objectives[0].measured.map { $0 < 100_000_000 } == true)
        #expect(step.requests?.first?.latency?.summary.max ?? 0 >= 2_000_000_000, "the step's figures by name are the whole step's")
    }

    /// Whose limit a failed step is: the server's when the latency from each request's actual send
    /// breaks the objective by more than the generator's own timer lateness explains, and the
    /// generator kept up.
    @Test(arguments: [
        // corrected p99, uncorrected p99, timer lateness p99 (ms), CPU share, generator's?
        (UInt64(80), UInt64(30), UInt64?.none, 0.2, true),  // answered in time, sent late
        (80, 55, 10, 0.5, true),  // late by no more than the generator's timers
        (80, 80, 10, 0.5, false),  // the server was slow
        (80, 80, nil, 0.95, true),  // a saturated generator did not keep up: the step says nothing of the server
    ])
    func aFailedStepIsTheGeneratorsOnlyWhenItExplainsTheBreach(
        corrected: UInt64, uncorrected: UInt64, lateness: UInt64?, cpu: Double, generators: Bool
    ) throws {
        let template = try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)
        func latency(_ milliseconds: UInt64) -> ScenarioResult.Latency {
            var histogram = template
            histogram.record(milliseconds * Self.millisecond, count: 100)
            return ScenarioResult.Latency(summary: LatencySummary(histogram), histogram: histogram.encoded())
        }
        var interval = TimeSeries.Interval(
            startSeconds: 0, durationSeconds: 1, outcomes: .init(sent: 100, succeeded: 100, errors: [:]),
            latency: latency(corrected), uncorrectedLatency: latency(uncorrected))
        interval.generatorCPU = cpu
        var result = ScenarioResult(name: "step", kind: .load, operations: 100, warmupOperations: 0, durationSeconds: 1)
        result.timeSeries = TimeSeries(startUnixMicroseconds: 0, intervalSeconds: 1, intervals: [interval])
        var timers = template
        if let lateness { timers.record(lateness * Self.millisecond, count: 100) }
        result.generator = GeneratorLoad(
            cpuSeconds: 1, cpuShare: cpu, meanInFlight: 1, peakInFlight: 1, lateStarts: 7,
            wakeLateness: lateness == nil ? nil : LatencySummary(timers))
        let step = try CapacityStep(
            judging: result, number: 1, phase: .grow, targetRate: 100, startSeconds: 0, warmupSeconds: 0,
            objectives: [try ServiceLevelObjective(parsing: "p99<=50ms")], window: .whole)
        #expect(step.status == (generators ? .generatorLimited : .failed))
        #expect(step.reasons.contains { $0.hasPrefix("sent late") } == (generators && cpu < 0.9))
        #expect(step.reasons.contains("saturated: the generator used 95% of the CPUs") == (cpu >= 0.9))
        #expect(step.generatorCheck?.keptUp == (cpu < 0.9))
    }

    /// A step whose objectives held while the generator sent only 90% of its plan with workers free
    /// did not offer the server its rate: it is the generator's, not a pass.
    @Test func aPassThatFellBehindItsScheduleIsTheGenerators() throws {
        var histogram = try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)
        histogram.record(10 * Self.millisecond, count: 90)
        let latency = ScenarioResult.Latency(summary: LatencySummary(histogram), histogram: histogram.encoded())
        var interval = TimeSeries.Interval(
            startSeconds: 0, durationSeconds: 1, outcomes: .init(scheduled: 100, sent: 90, missed: 10, succeeded: 90, errors: [:]),
            latency: latency, uncorrectedLatency: latency)
        interval.meanInFlight = 1
        var result = ScenarioResult(name: "step", kind: .load, operations: 90, warmupOperations: 0, durationSeconds: 1)
        result.timeSeries = TimeSeries(startUnixMicroseconds: 0, intervalSeconds: 1, intervals: [interval])
        let step = try CapacityStep(
            judging: result, number: 1, phase: .grow, targetRate: 100, startSeconds: 0, warmupSeconds: 0,
            objectives: [try ServiceLevelObjective(parsing: "p99<=50ms")], window: .whole)
        #expect(step.verdict.passed)
        #expect(step.status == .generatorLimited)
        #expect(step.reasons.contains { $0.hasPrefix("fell behind its schedule: sent 90%") }, "\(step.reasons)")
    }

    @Test func theKneeIsKneedlesPointOfP99OverTheOfferedRate() throws {
        func step(_ rate: Double, p99: UInt64) throws -> CapacityStep {
            var histogram = try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)
            histogram.record(p99, count: 10)
            let latency = ScenarioResult.Latency(summary: LatencySummary(histogram), histogram: histogram.encoded())
            return CapacityStep(
                number: 1, phase: .grow, targetRate: rate, startSeconds: 0, warmupSeconds: 0, measuredSeconds: 1,
                outcomes: .init(sent: 10, succeeded: 10, errors: [:]), latency: latency, uncorrectedLatency: latency,
                verdict: ServiceLevelVerdict(window: "whole", objectives: []), status: .passed, reasons: [])
        }
        // Flat to 400/s, then climbing: the bend is at 400.
        let steps = try [
            step(100, p99: 10_000_000), step(200, p99: 10_100_000), step(400, p99: 10_200_000), step(800, p99: 900_000_000),
            step(600, p99: 300_000_000),
        ]
        let knee = try #require(CapacityResult.Knee(in: steps))
        #expect(knee.rate == 400)
        #expect(
            abs((knee.difference ?? 0) - (300.0 / 700 - 200_000.0 / 890_000_000)) < 1e-4,
            "scaled rate minus scaled p99, as the histogram rounds it")
        #expect(knee.concurrency == nil)
        #expect(CapacityResult.Knee(in: Array(steps.prefix(2))) == nil, "three rates are needed")
        let straight = try [step(100, p99: 1_000_000), step(200, p99: 2_000_000), step(400, p99: 4_000_000)]
        #expect(CapacityResult.Knee(in: straight) == nil, "a straight line has no knee")
        let flattening = try [step(100, p99: 1_000_000), step(200, p99: 8_000_000), step(400, p99: 9_000_000)]
        #expect(CapacityResult.Knee(in: flattening) == nil, "p99 that climbs first and then levels off does not bend upwards")
    }
}

/// The step runner of `bench capacity`: each step a real open loop of the operation.
@Suite struct LoadStepRunnerTests {
    @Test func eachStepIsALoadRunWithItsTimeSeries() async throws {
        let progress = ProgressMeter()
        let runner = LoadStepRunner(name: "capacity/step", progress: progress) { .success }
        // An objective no busy machine can break: this checks the plumbing, not the latency.
        var search = CapacitySearch(objectives: [try ServiceLevelObjective(parsing: "errors<=0%")])
        search.interval = .milliseconds(100)
        search.warmup = .milliseconds(100)
        search.step = .milliseconds(200)
        // The operation answers at once, so no request can time out but one the machine kept from
        // running: with the whole suite starting beside it, that took more than the default 10 s
        // (a CI run's step ended failed by requests counted at the hard stop), and this test checks
        // the plumbing, not the machine.
        search.requestTimeout = .seconds(60)
        let result = try await runner.runStep(search.configuration(rate: 100))
        #expect(result.name == "capacity/step")
        #expect(result.outcomes?.scheduled == 30)
        #expect(result.timeSeries?.intervals.count == 3)
        // Nor the generator check: an operation that answers at once makes any wait for a CPU, of
        // which a suite running beside this one causes plenty, a large share of its latency.
        let unchecked = CapacityStep.Limits(generatorCPUShare: .infinity, sendRateShare: 0, generatorWaitShare: .infinity)
        let step = try CapacityStep(
            judging: result, number: 1, phase: .grow, targetRate: 100, startSeconds: 0, warmupSeconds: 0.1,
            objectives: search.objectives, window: .whole, limits: unchecked)
        #expect(step.status == .passed, "\(step.generatorCheck?.findings ?? [])")
        #expect(step.outcomes.scheduled == 20, "the warm-up's 10 are discarded")
        #expect(runner.now() > 0)
    }
}
