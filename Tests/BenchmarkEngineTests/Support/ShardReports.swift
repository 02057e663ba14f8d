import BenchmarkEngine

/// The report shard `shard` of an open-loop run of 300 requests per second for one second writes:
/// every one of its slots sent but `missed`, with latencies that differ from shard to shard, and
/// `failed` of them failed with a 503; its time series has two half-second intervals, the first
/// with its first 40 requests (which all succeed), starting `seriesOffset` seconds after the run.
func shardReport(
    _ shard: Shard, missed: Int = 0, failed: Int = 0, url: String = "http://svc/movies", rate: Double = 300,
    version: String = "1.0.0", label: String? = "nightly", seriesOffset: Double = 0
) throws -> Report {
    let scheduled = shard.slots(ofTotal: Int(rate))
    let sent = scheduled - missed
    var corrected = try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)
    var uncorrected = corrected
    var halves = [corrected, corrected]
    for request in 0..<sent {
        let value = UInt64(1_000 + (request * 7_919 + shard.index * 104_729) % 5_000_000)
        corrected.record(value * UInt64(shard.index + 1))
        uncorrected.record(value)
        halves[request < 40 ? 0 : 1].record(value * UInt64(shard.index + 1))
    }
    let intervals = [(0, 40, 0, 0), (40, sent, missed, failed)].enumerated().map { half, bounds in
        let (from, to, missed, failed) = bounds
        let latency = ScenarioResult.Latency(summary: LatencySummary(halves[half]), histogram: halves[half].encoded())
        let outcomes = ScenarioResult.Outcomes(
            scheduled: to - from + missed, sent: to - from, missed: missed, succeeded: to - from - failed,
            errors: failed > 0 ? ["badStatus(503)": failed] : [:]
        )
        return TimeSeries.Interval(
            startSeconds: Double(half) / 2, durationSeconds: 0.5, outcomes: outcomes, latency: latency, uncorrectedLatency: nil)
    }
    var result = ScenarioResult(name: "load/url/curl", kind: .load, operations: sent, warmupOperations: 0, durationSeconds: 1.002)
    result.concurrency = 4
    result.targetRate = rate / Double(shard.count)
    result.latency = ScenarioResult.Latency(summary: LatencySummary(corrected), histogram: corrected.encoded())
    result.uncorrectedLatency = ScenarioResult.Latency(summary: LatencySummary(uncorrected), histogram: uncorrected.encoded())
    result.mallocsPerOperation = Double(100 + shard.index)
    result.timeSeries = TimeSeries(
        startUnixMicroseconds: 1_796_068_800_000_000 + Int64(seriesOffset * 1e6), intervalSeconds: 0.5, intervals: intervals)
    result.outcomes = ScenarioResult.Outcomes(
        scheduled: scheduled, sent: sent, missed: missed, succeeded: sent - failed, errors: failed > 0 ? ["badStatus(503)": failed] : [:]
    )
    var environment = Report.Environment(
        toolVersion: version, gitCommit: nil, swiftVersion: "6.3", operatingSystem: "Linux", cpuModel: nil, cpuCount: 2,
        jemallocLinked: true, allocator: "jemalloc 5.3.0", buildConfiguration: "release"
    )
    environment.hostName = "bench-load-\(shard.index)"
    var report = Report(
        runID: "run-\(shard.index)", startedAt: "2026-11-30T20:00:00Z", environment: environment, commandLine: ["bench", "load"],
        isQuick: false, scenarios: [result]
    )
    var plan = LoadPlan(
        runLabel: label, shard: shard, url: url, method: "GET", rate: rate, concurrency: 4 * shard.count, durationSeconds: 1,
        timeoutSeconds: 5, requests: nil, transport: "curl", decode: "none", startAt: "2026-11-30T20:00:00.000Z",
        scheduleStartedAt: 1_796_068_800
    )
    plan.lateStartSeconds = 0.001 * Double(shard.index)
    report.load = plan
    return report
}

/// Shard `index` of `count`, for tests that know it is valid.
func makeShard(_ index: Int, of count: Int) throws -> Shard {
    guard let shard = Shard(index: index, count: count) else { throw ShardMergeError.missingShards([index], count: count) }
    return shard
}
