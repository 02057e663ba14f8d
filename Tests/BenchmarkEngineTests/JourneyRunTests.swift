import Testing

@testable import BenchmarkEngine

private func context(_ name: String) -> ScenarioContext {
    ScenarioContext(name: name, isQuick: true, allocations: nil, progress: ProgressMeter())
}

@Suite struct JourneyRunTests {
    @Test func aSessionsStepsAreTimedFromTheirIntendedStartsAndCountedByName() async throws {
        // One worker, four sessions due 10 ms apart, each one's first step at least 30 ms long:
        // every session after the first starts at least 25 ms later than the one before it, and its
        // first step's latency counts the wait, however slow the machine (the duration is only a bound). A step neither first nor after a pause is due
        // when it starts, so its two latencies are the same.
        let journey = LoadMix(journey: { steps in
            _ = await steps.step("slow") {
                try? await Task.sleep(for: .milliseconds(30))
                return .success
            }
            _ = await steps.step("next") { .success }
            guard await steps.pause(for: .milliseconds(5)) else { return .failure(RequestOutcome.interruptedClass) }
            _ = await steps.step("after the pause") { .failure("badStatus(503)") }
            return .success
        })
        let configuration = LoadConfiguration(concurrency: 1, rate: 100, maximumRequests: 4, duration: .seconds(60))
        let result = try await LoadRunner.run(in: context("journey"), configuration: configuration, mix: journey)
        #expect(result.unit == .session)
        let outcomes = try #require(result.outcomes)
        #expect(outcomes.reconciles && outcomes.sent == 4, "\(outcomes)")
        let steps = try #require(result.requests)
        #expect(steps.map(\.name) == ["slow", "next", "after the pause"])
        #expect(steps.map(\.weight) == [nil, nil, nil])
        #expect(steps.map(\.outcomes.sent) == [4, 4, 4])
        let slow = try #require(steps[0].latency?.summary)
        let slowUncorrected = try #require(steps[0].uncorrectedLatency?.summary)
        // The sessions' lateness is at least 0, 25, 50 and 75 ms: 37.5 ms on average.
        #expect(slow.mean >= slowUncorrected.mean + 10_000_000, "a late session's first step counts from when it was due")
        #expect(steps[1].latency == steps[1].uncorrectedLatency, "a step due when it starts has one latency")
        let afterPause = steps[2]
        #expect(afterPause.outcomes.errors == ["badStatus(503)": afterPause.outcomes.sent])
        let after = try #require(afterPause.latency?.summary)
        let afterUncorrected = try #require(afterPause.uncorrectedLatency?.summary)
        #expect(after.mean >= afterUncorrected.mean, "due when its pause was meant to end, at the latest when it started")
    }

    @Test func stepsNamedAsTheyFirstRunKeepThatOrder() async throws {
        let journey = LoadMix(journey: { steps in
            for name in steps.number.isMultiple(of: 2) ? ["a", "b"] : ["a", "c", "b"] { _ = await steps.step(name) { .success } }
            return .success
        })
        let configuration = LoadConfiguration(concurrency: 1, maximumRequests: 4, duration: .seconds(10))
        let result = try await LoadRunner.run(in: context("journey"), configuration: configuration, mix: journey)
        #expect(result.outcomes?.sent == 4)
        #expect(result.requests?.map(\.name) == ["a", "b", "c"])
        #expect(result.requests?.map(\.outcomes.sent) == [4, 4, 2])
    }

    /// A step counts in the interval of its own intended start, which a session's later steps may
    /// reach after the session's interval, and each step's series adds up to its figures.
    @Test func eachStepCountsInTheIntervalOfItsIntendedStart() async throws {
        let journey = LoadMix(journey: { steps in
            _ = await steps.step("first") { .success }
            guard await steps.pause(for: .milliseconds(30)) else { return .failure(RequestOutcome.interruptedClass) }
            _ = await steps.step("second") { .success }
            return .success
        })
        var configuration = LoadConfiguration(concurrency: 1, maximumRequests: 3, duration: .seconds(10))
        configuration.interval = .milliseconds(20)
        let result = try await LoadRunner.run(in: context("journey"), configuration: configuration, mix: journey)
        let run = try #require(result.timeSeries)
        let steps = try #require(result.requests)
        #expect(steps.map(\.outcomes.sent) == [3, 3])
        let series = try steps.map { try #require($0.timeSeries).intervals }
        for (step, intervals) in zip(steps, series) {
            #expect(intervals.count >= run.intervals.count)
            #expect(intervals.reduce(0) { $0 + $1.outcomes.sent } == step.outcomes.sent)
            #expect(intervals.reduce(0) { $0 + $1.latency.summary.count } == UInt64(step.outcomes.sent))
        }
        let firstSent = try #require(series[0].firstIndex { $0.outcomes.sent > 0 })
        let secondSent = try #require(series[1].firstIndex { $0.outcomes.sent > 0 })
        #expect(firstSent == 0)
        #expect(secondSent > firstSent, "the second step is due at least 30 ms, more than an interval, after the first")

        // The page says that the journey's row counts sessions, and charts each step over time.
        let page = HTMLReportWriter.render(SampleRuns.report([result])).replacingOccurrences(of: "&#39;", with: "'")
        #expect(page.contains(">journey (sessions)<"))
        #expect(page.contains("a journey's row counts its sessions"))
        #expect(page.contains(">p99 by name (log scale)</text>"))
    }
}
