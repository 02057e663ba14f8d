import BenchmarkEngine
import Testing

/// Merging shards: exact histograms and sums, and a one-line refusal for everything that is not the
/// shards of one run.
@Suite struct ShardMergeTests {
    private func inputs(_ reports: [Report]) -> [ShardMerge.Input] {
        reports.enumerated().map { ShardMerge.Input(source: "shard-\($0.offset)/report.json", report: $0.element) }
    }

    private func threeShards(missed: Int = 0, failed: Int = 0) throws -> [Report] {
        try (0..<3).map { try shardReport(makeShard($0, of: 3), missed: $0 == 1 ? missed : 0, failed: $0 == 2 ? failed : 0) }
    }

    private func refusal(_ reports: [Report], allowingPartial: Bool = false) -> ShardMergeError? {
        do {
            _ = try ShardMerge(inputs(reports), allowingPartial: allowingPartial)
            return nil
        } catch {
            return error
        }
    }

    @Test func theMergedHistogramsAreTheShardsAddedAndTheCountsTheirSums() throws {
        let reports = try threeShards(missed: 5, failed: 7)
        let merge = try ShardMerge(inputs(reports.reversed()))
        for path in [\ScenarioResult.latency, \ScenarioResult.uncorrectedLatency] {
            var union: Histogram?
            for report in reports {
                let histogram = try Histogram(encoded: try #require(report.scenarios[0][keyPath: path]).histogram)
                if union == nil { union = histogram } else { try union?.merge(histogram) }
            }
            let expected = try #require(union)
            let merged = try #require(merge.result[keyPath: path])
            #expect(try Histogram(encoded: merged.histogram) == expected)
            #expect(merged.summary == LatencySummary(expected))
        }
        let outcomes = try #require(merge.result.outcomes)
        #expect(outcomes == ScenarioResult.Outcomes(scheduled: 300, sent: 295, missed: 5, succeeded: 288, errors: ["badStatus(503)": 7]))
        #expect(merge.result.operations == 295 && merge.result.concurrency == 12 && merge.result.targetRate == 300)
        #expect(merge.shards.fullSchedule == 300 && merge.shards.isComplete && merge.shards.members.map(\.shard.index) == [0, 1, 2])
        #expect(merge.shards.members.map(\.hostName) == ["bench-load-0", "bench-load-1", "bench-load-2"])
        #expect(merge.plan.shard == .whole && merge.plan.lateStartSeconds == 0.002)
        // Allocations per request are the shards' weighted by their requests, not averaged.
        let mallocs = try #require(merge.result.mallocsPerOperation)
        #expect(abs(mallocs - (100.0 * 100 + 101 * 95 + 102 * 100) / 295) < 1e-9)
    }

    @Test func theTimeSeriesAreMergedIntervalByIntervalByWallClock() throws {
        var reports = try threeShards(missed: 5, failed: 7)
        let merge = try ShardMerge(inputs(reports))
        let series = try #require(merge.result.timeSeries)
        #expect(series.intervals.map(\.outcomes.sent) == [120, 175] && series.intervals.map(\.startSeconds) == [0, 0.5])
        #expect(
            series.intervals[1].outcomes
                == ScenarioResult.Outcomes(scheduled: 180, sent: 175, missed: 5, succeeded: 168, errors: ["badStatus(503)": 7]))
        var first = try Histogram(encoded: reports[0].scenarios[0].timeSeries!.intervals[0].latency.histogram)
        for report in reports.dropFirst() {
            try first.merge(Histogram(encoded: report.scenarios[0].timeSeries!.intervals[0].latency.histogram))
        }
        #expect(try Histogram(encoded: series.intervals[0].latency.histogram) == first)
        #expect(merge.shards.intervalMisalignmentSeconds == 0)

        // A shard whose series started an interval later adds into the merged series' next interval.
        reports[2] = try shardReport(makeShard(2, of: 3), seriesOffset: 0.5)
        let shifted = try #require(try ShardMerge(inputs(reports)).result.timeSeries)
        #expect(shifted.intervals.map(\.outcomes.sent) == [80, 60 + 55 + 40, 60])
        // One a third of an interval off goes to the nearest interval, and the merge says how far off.
        reports[2] = try shardReport(makeShard(2, of: 3), seriesOffset: 0.15)
        let offGrid = try ShardMerge(inputs(reports))
        #expect(abs((offGrid.shards.intervalMisalignmentSeconds ?? 0) - 0.15) < 1e-9)
        reports[2].scenarios[0].timeSeries?.intervalSeconds = 1
        #expect(refusal(reports).map { if case .differs("interval", "shard-2/report.json", _, _, _) = $0 { true } else { false } } == true)
    }

    @Test func theAchievedRateIsOverTheCommonWindow() throws {
        var reports = try threeShards()
        reports[2].load?.scheduleStartedAt += 0.5
        let merge = try ShardMerge(inputs(reports))
        // Seconds since 1970 as a Double resolve to about 0.2 µs.
        #expect(abs(merge.result.durationSeconds - 1.502) < 1e-6)
        #expect(abs(merge.result.operationsPerSecond - 300 / 1.502) < 1e-3)
        #expect(abs(merge.shards.startSpreadSeconds - 0.5) < 1e-6)
    }

    @Test func connectionCountsAreSummedOnlyWhenEveryShardCountedThem() throws {
        var reports = try threeShards()
        for index in reports.indices {
            reports[index].scenarios[0].connections = ScenarioResult.Connections(
                requests: 100, opened: index + 1, tlsHandshakes: index + 1,
                responsesByHTTPVersion: index == 2 ? ["1.1": 99, "2": 1] : ["2": 100])
        }
        let merged = try #require(try ShardMerge(inputs(reports)).result.connections)
        #expect(
            merged == ScenarioResult.Connections(requests: 300, opened: 6, tlsHandshakes: 6, responsesByHTTPVersion: ["2": 201, "1.1": 99]))
        #expect(merged.httpVersions == "HTTP/2, HTTP/1.1")
        #expect(merged.sentence == "6 connections opened for 300 requests, 6 TLS handshakes; responses in HTTP/2, HTTP/1.1.")
        reports[1].scenarios[0].connections = nil
        #expect(try ShardMerge(inputs(reports)).result.connections == nil)
    }

    /// HTTP/2's counts merge as the others do: the most streams at once is the most of any shard,
    /// GOAWAYs and resets add up by code, and a shard that did not count them leaves them uncounted.
    @Test func streamCountsMergeByCode() throws {
        var reports = try threeShards()
        for index in reports.indices {
            reports[index].scenarios[0].connections = ScenarioResult.Connections(
                requests: 100, opened: 2, tlsHandshakes: 2, responsesByHTTPVersion: ["2": 100], mostStreamsPerConnection: 8 + index,
                goAwaysByCode: index == 0 ? [:] : ["NO_ERROR": 1], streamResetsByCode: ["REFUSED_STREAM": index])
        }
        let merged = try #require(try ShardMerge(inputs(reports)).result.connections)
        #expect(merged.mostStreamsPerConnection == 10 && merged.goAwaysByCode == ["NO_ERROR": 2])
        #expect(merged.streamResetsByCode == ["REFUSED_STREAM": 3])
        #expect(
            merged.sentence
                == "6 connections opened for 300 requests, 6 TLS handshakes; responses in HTTP/2, at most 10 streams at once on a connection; "
                + "2 GOAWAYs (NO_ERROR 2); 3 streams reset (REFUSED_STREAM 3).")
        reports[1].scenarios[0].connections?.goAwaysByCode = nil
        #expect(try ShardMerge(inputs(reports)).result.connections?.goAwaysByCode == nil)
    }

    /// Phase histograms add up across shards, and the resumed sessions are summed like the other
    /// counts; a shard without phases leaves the merge without them, not with a part.
    @Test func connectionPhasesAreMergedHistogramByHistogram() throws {
        var reports = try threeShards()
        for index in reports.indices {
            var histogram = try Histogram(highestTrackableValue: 60_000_000_000)
            for _ in 0...index { histogram.record(UInt64(index + 1) * 1_000_000) }
            var phases = ScenarioResult.ConnectionPhases()
            phases.tlsHandshake = ScenarioResult.Latency(histogram)
            phases.timeToFirstByte = ScenarioResult.Latency(histogram)
            reports[index].scenarios[0].connections = ScenarioResult.Connections(
                requests: 100, opened: 1, tlsHandshakes: 1, tlsSessionsResumed: index == 0 ? 0 : 1, responsesByHTTPVersion: ["2": 100],
                phases: phases)
        }
        let merged = try #require(try ShardMerge(inputs(reports)).result.connections)
        #expect(merged.tlsSessionsResumed == 2)
        #expect(merged.sentence == "3 connections opened for 300 requests, 3 TLS handshakes (2 resumed a session); responses in HTTP/2.")
        let handshakes = try #require(merged.phases?.tlsHandshake?.summary)
        var all = try Histogram(highestTrackableValue: 60_000_000_000)
        for milliseconds in [1, 2, 2, 3, 3, 3] { all.record(UInt64(milliseconds) * 1_000_000) }
        #expect(handshakes == LatencySummary(all) && handshakes.count == 6)
        #expect(merged.phases?.timeToFirstByte?.summary == handshakes && merged.phases?.nameLookup == nil)
        reports[2].scenarios[0].connections?.phases = nil
        reports[2].scenarios[0].connections?.tlsSessionsResumed = nil
        let partial = try #require(try ShardMerge(inputs(reports)).result.connections)
        #expect(partial.phases == nil && partial.tlsSessionsResumed == nil && partial.requests == 300)
    }

    /// Each shard's requests split in two names, `a` the even ones; the merge sums them name by name,
    /// adds their histograms, and refuses shards that named other requests or sent no mix.
    @Test func requestsByNameAreMergedNameByName() throws {
        var reports = try threeShards(failed: 3)
        for index in reports.indices {
            let outcomes = try #require(reports[index].scenarios[0].outcomes)
            var histograms = [try Histogram(highestTrackableValue: 60_000_000_000), try Histogram(highestTrackableValue: 60_000_000_000)]
            for request in 0..<outcomes.sent { histograms[request % 2].record(UInt64(index + 1 + request % 2) * 1_000_000) }
            let b = outcomes.sent / 2
            let failedOfB = outcomes.failed
            reports[index].scenarios[0].requests = [
                .init(
                    name: "a", weight: 0.5, share: 0.5, outcomes: .init(sent: outcomes.sent - b, succeeded: outcomes.sent - b, errors: [:]),
                    operationsPerSecond: 1, latency: .init(histograms[0])),
                .init(
                    name: "b", weight: 0.5, share: 0.5, outcomes: .init(sent: b, succeeded: b - failedOfB, errors: outcomes.errors),
                    operationsPerSecond: 1, latency: .init(histograms[1])),
            ]
        }
        let merged = try ShardMerge(inputs(reports)).result
        let requests = try #require(merged.requests)
        let total = try #require(merged.outcomes)
        #expect(requests.map(\.name) == ["a", "b"])
        #expect(requests[0].outcomes.sent + requests[1].outcomes.sent == total.sent)
        #expect(requests[1].outcomes.errors == total.errors)
        #expect(abs(requests[0].share + requests[1].share - 1) < 1e-12)
        #expect(
            requests[1].latency?.summary.count == reports.compactMap { $0.scenarios[0].requests?[1].latency?.summary.count }.reduce(0, +))
        #expect(requests[1].latency?.summary.max ?? 0 >= 4_000_000, "shard 2's b requests took 4 ms")

        var renamed = reports
        renamed[1].scenarios[0].requests?[1].name = "c"
        #expect(refusal(renamed).map { "\($0)" }?.contains("requests") == true)
        var single = reports
        single[2].scenarios[0].requests = nil
        #expect(refusal(single).map { "\($0)" }?.contains("one request") == true)
        var firstSingle = reports
        firstSingle[0].scenarios[0].requests = nil
        #expect(refusal(firstSingle).map { "\($0)" }?.contains("a mix") == true)
    }

    /// A mix of one name is the whole run, so its merged series must be the run's merged series; a
    /// shard without the name's series leaves the merged name without one.
    @Test func aNamesTimeSeriesIsMergedAsTheRunsIs() throws {
        var reports = try threeShards(failed: 3)
        for index in reports.indices {
            reports[index].scenarios[0].requests = [SampleRuns.onlyRequest(named: "only", of: reports[index].scenarios[0])]
        }
        let merged = try ShardMerge(inputs(reports)).result
        let series = try #require(merged.requests?.first?.timeSeries)
        #expect(series == merged.timeSeries)
        #expect(series.intervals.reduce(0) { $0 + $1.outcomes.sent } == merged.outcomes?.sent)

        reports[1].scenarios[0].requests?[0].timeSeries = nil
        #expect(try ShardMerge(inputs(reports)).result.requests?.first?.timeSeries == nil)
    }

    @Test func anotherHTTPVersionOrConnectionCapIsRefused() throws {
        var reports = try threeShards()
        reports[2].load?.http = "2"
        #expect(refusal(reports)?.description.contains("its HTTP version is 2, not the transport's") == true)
        reports[2].load?.http = nil
        reports[2].load?.connections = 4
        #expect(refusal(reports)?.description.contains("its connections is 4, not one per worker") == true)
    }

    @Test(arguments: [("URL", "http://other/movies"), ("method", "POST"), ("transport", "urlsession"), ("headers", "Accept: text/plain")])
    func aDifferentSettingIsRefusedNamingIt(setting: String, value: String) throws {
        var reports = try threeShards()
        var plan = try #require(reports[1].load)
        let original: String
        switch setting {
        case "URL": (original, plan.url) = (plan.url, value)
        case "method": (original, plan.method) = (plan.method, value)
        case "headers": (original, plan.headers) = ("none", [value])
        default: (original, plan.transport) = (plan.transport, value)
        }
        reports[1].load = plan
        #expect(
            refusal(reports)
                == .differs(
                    setting: setting, source: "shard-1/report.json", value: value, reference: "shard-0/report.json",
                    referenceValue: original))
        #expect(
            refusal(reports)?.description
                == "'shard-1/report.json' is not part of the same run as 'shard-0/report.json': its \(setting) is \(value), not \(original)"
        )
    }

    @Test func anotherRateLabelShardCountOrBenchVersionIsRefused() throws {
        let second = try makeShard(1, of: 3)
        var reports = try threeShards()
        reports[1] = try shardReport(second, rate: 600)
        #expect(refusal(reports).map { if case .differs("rate", _, "600.0", _, "300.0") = $0 { true } else { false } } == true)
        reports[1] = try shardReport(second, label: "other")
        #expect(refusal(reports).map { if case .differs("run label", _, "other", _, "nightly") = $0 { true } else { false } } == true)
        reports[1] = try shardReport(second)
        reports[1].load?.shard = try makeShard(1, of: 4)
        #expect(refusal(reports).map { if case .differs("shard count", _, "4", _, "3") = $0 { true } else { false } } == true)
        reports[1] = try shardReport(second, version: "1.0.1")
        #expect(
            refusal(reports)
                == .differs(
                    setting: "bench version", source: "shard-1/report.json", value: "1.0.1", reference: "shard-0/report.json",
                    referenceValue: "1.0.0"))
    }

    @Test func theSameShardTwiceIsRefused() throws {
        let reports = try threeShards()
        let error = refusal(reports + [reports[1]])
        #expect(error == .sameShard(try makeShard(1, of: 3), source: "shard-3/report.json", other: "shard-1/report.json"))
        #expect(
            error?.description
                == "'shard-3/report.json' and 'shard-1/report.json' are both shard 1/3; merging them would count its requests twice")
    }

    @Test func aMissingShardIsRefusedUnlessPartialIsAllowed() throws {
        let reports = try threeShards()
        let present = [reports[0], reports[2]]
        #expect(refusal(present) == .missingShards([1], count: 3))
        #expect(refusal(present)?.description.hasPrefix("shard 1 of 3 missing; the run is incomplete") == true)
        let merge = try ShardMerge(inputs(present), allowingPartial: true)
        #expect(merge.shards.missing == [1] && !merge.shards.isComplete)
        var report = present[0]
        (report.scenarios, report.load, report.shards) = ([merge.result], merge.plan, merge.shards)
        #expect(
            SummaryTable(report).markdown().contains(
                "Merged from 2 of 3 shards of run 'nightly': 0/3 on bench-load-0, 2/3 on bench-load-2. Incomplete: shard 1 missing."))
        #expect(merge.result.outcomes?.scheduled == 200 && merge.result.targetRate == 200)
    }

    @Test func countsThatDoNotReconcileAreRefused() throws {
        var reports = try threeShards()
        reports[0].scenarios[0].outcomes?.succeeded -= 1
        #expect(
            refusal(reports)
                == .unreconciled(source: "shard-0/report.json", detail: "scheduled 100, sent 100, missed 0, succeeded 99, failed 0"))
        reports = try threeShards()
        reports[2].scenarios[0].latency = try shardReport(makeShard(2, of: 3), missed: 1).scenarios[0].latency
        reports[2].scenarios[0].uncorrectedLatency = reports[2].scenarios[0].latency
        #expect(
            refusal(reports)
                == .unreconciled(source: "shard-2/report.json", detail: "its latency histogram holds 99 requests, but it sent 100"))
    }

    @Test func slotsThatAreNotTheWholeScheduleAreRefused() throws {
        var reports = try threeShards()
        reports[0].scenarios[0].outcomes?.scheduled += 1
        reports[0].scenarios[0].outcomes?.missed += 1
        #expect(refusal(reports) == .scheduleMismatch(expected: 300, merged: 301))
    }

    @Test func anUnreadableHistogramIsRefused() throws {
        var reports = try threeShards()
        reports[1].scenarios[0].latency?.histogram = "SElTVEZBQUE="
        #expect(refusal(reports).map { if case .unreadableHistogram("shard-1/report.json", _) = $0 { true } else { false } } == true)
    }

    @Test func aReportThatIsNotAShardIsRefused() throws {
        var reports = try threeShards()
        reports[0].load = nil
        #expect(refusal(reports).map { if case .notAShard("shard-0/report.json", _) = $0 { true } else { false } } == true)
        reports = try threeShards()
        reports[2].scenarios.append(reports[2].scenarios[0])
        #expect(refusal(reports).map { if case .notAShard("shard-2/report.json", _) = $0 { true } else { false } } == true)
        #expect(refusal([]).map { if case .notAShard = $0 { true } else { false } } == true)
    }
}
