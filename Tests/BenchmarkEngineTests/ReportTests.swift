import BenchmarkEngine
import Foundation
import Testing

private func sampleReport(jemalloc: Bool) throws -> Report {
    var micro = ScenarioResult(name: "build/bare-path", kind: .micro, operations: 1_000, warmupOperations: 100, durationSeconds: 0.5)
    micro.nanosecondsPerOperation = SampleStatistics([100, 110, 120, 130])
    micro.mallocsPerOperation = jemalloc ? 1 : nil
    micro.bytesAllocatedPerOperation = jemalloc ? 80 : nil
    var histogram = try Histogram(highestTrackableValue: 60_000_000_000)
    for value in 1...1_000 { histogram.record(UInt64(value) * 1_000) }
    var load = ScenarioResult(name: "load/x, \"quoted\"", kind: .load, operations: 1_000, warmupOperations: 0, durationSeconds: 1)
    load.latency = ScenarioResult.Latency(summary: LatencySummary(histogram), histogram: histogram.encoded())
    load.outcomes = ScenarioResult.Outcomes(sent: 1_000, succeeded: 990, errors: ["badStatus(503)": 10])
    load.concurrency = 8
    let environment = Report.Environment(
        toolVersion: "0.1.0", gitCommit: nil, swiftVersion: "6.3", operatingSystem: "Linux", cpuModel: nil, cpuCount: 2,
        jemallocLinked: jemalloc, allocator: jemalloc ? "jemalloc 5.3.0" : nil, buildConfiguration: "release"
    )
    return Report(
        runID: "run-1", startedAt: "2026-11-29T18:00:00Z", environment: environment, commandLine: ["bench"], isQuick: true,
        scenarios: [micro, load])
}

@Suite struct ReportTests {
    @Test func jsonRoundTrips() throws {
        let report = try sampleReport(jemalloc: true)
        #expect(try JSONReportWriter.read(JSONReportWriter.render(report)) == report)
    }

    @Test func unavailableAllocationFiguresAreNullNotZeroInEveryFormat() throws {
        let report = try sampleReport(jemalloc: false)
        let json = String(decoding: try JSONReportWriter.render(report), as: UTF8.self)
        #expect(json.contains(#""mallocsPerOperation" : null"#))
        #expect(json.contains(#""bytesAllocatedPerOperation" : null"#))
        #expect(json.contains(#""allocator" : null"#))

        let csv = CSVReportWriter.render(report).split(separator: "\n").map(String.init)
        let header = csv[0].split(separator: ",", omittingEmptySubsequences: false)
        let row = csv[1].split(separator: ",", omittingEmptySubsequences: false)
        let column = try #require(header.firstIndex(of: "mallocs_per_op"))
        #expect(row[column] == "")

        let summary = SummaryTable(report).markdown()
        #expect(summary.contains("n/a"))
        #expect(summary.contains("built without jemalloc"))
    }

    @Test func csvHasOneRowPerScenarioAndQuotesWhatNeedsIt() throws {
        let csv = CSVReportWriter.render(try sampleReport(jemalloc: true))
        let lines = csv.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("scenario,kind,operations"))
        #expect(lines[2].hasPrefix(#""load/x, ""quoted""",load,1000"#))
        #expect(lines[2].contains("badStatus(503)=10"))
    }

    @Test func failedScenariosAreInTheJSONTheCSVAndTheSummaryWithTheirReason() throws {
        var report = try sampleReport(jemalloc: true)
        report.failedScenarios = [
            ScenarioFailure(name: "decode/broken", cause: .threw, reason: "a | pipe, a comma\nand a second line"),
            ScenarioFailure(
                name: "decode/trapped", cause: .crashed, reason: "its process crashed with SIGILL", log: "failures/decode/trapped.log"),
        ]
        #expect(report.failedScenarios[0].reason == "a | pipe, a comma", "a reason is one line")
        let json = try JSONReportWriter.render(report)
        #expect(try JSONReportWriter.read(json) == report)
        #expect(String(decoding: json, as: UTF8.self).contains(#""cause" : "crashed""#))

        let csv = CSVReportWriter.render(report).split(separator: "\n").map(String.init)
        #expect(csv.count == 5)
        let header = csv[0].split(separator: ",").map(String.init)
        #expect(Array(header.suffix(4)) == ["status", "failure_cause", "failure_reason", "failure_log"])
        #expect(csv[1].hasSuffix(",ok,,,"))
        #expect(csv[3] == "decode/broken" + String(repeating: ",", count: header.count - 4) + "failed,threw,\"a | pipe, a comma\",")
        #expect(csv[4].hasSuffix(",failed,crashed,its process crashed with SIGILL,failures/decode/trapped.log"))

        let summary = SummaryTable(report).markdown()
        #expect(summary.contains("| decode/broken  | threw   | a \\| pipe, a comma"))
        #expect(summary.contains("| failures/decode/trapped.log |"))
    }

    @Test func aReportWrittenBeforeFailuresWereRecordedReadsAsNoneFailed() throws {
        let report = try sampleReport(jemalloc: true)
        var object = try #require(try JSONSerialization.jsonObject(with: JSONReportWriter.render(report)) as? [String: Any])
        #expect(object.removeValue(forKey: "failedScenarios") != nil, "new reports write the field, empty")
        let older = try JSONReportWriter.read(JSONSerialization.data(withJSONObject: object))
        #expect(older.failedScenarios.isEmpty)
        #expect(older == report)
    }

    /// A counted run (`--instructions`): its counts in every format, `null` where not counted, and a
    /// report written before counts existed reads as not counted.
    @Test func countsAreInEveryFormatAndOlderReportsReadWithout() throws {
        var report = try sampleReport(jemalloc: true)
        var ours = ScenarioResult(name: "build/counted", kind: .micro, operations: 64, warmupOperations: 1, durationSeconds: 0)
        ours.counts = InstructionCounts(operations: 64, instructionsPerOperation: 2147.5, estimatedCyclesPerOperation: 3145.25)
        var partner = ScenarioResult(
            name: "build/counted (baseline: URLComponents)", kind: .micro, operations: 8, warmupOperations: 1, durationSeconds: 0)
        partner.counts = InstructionCounts(operations: 8, instructionsPerOperation: 4295, estimatedCyclesPerOperation: nil)
        report.scenarios += [ours.compared(with: partner), partner]
        let json = try JSONReportWriter.render(report)
        let read = try JSONReportWriter.read(json)
        #expect(read == report)
        #expect(read.scenarios[2].counts?.instructionRatio == 0.5)
        #expect(read.scenarios[2].counts?.baseline == "build/counted (baseline: URLComponents)")
        #expect(String(decoding: json, as: UTF8.self).contains("\"counts\" : null"), "not counted is null, not left out")

        let csv = CSVReportWriter.render(report).split(separator: "\n")
        #expect(csv[0].contains("instructions_per_op,estimated_cycles_per_op,instruction_ratio_to_baseline"))
        #expect(csv[3].hasPrefix("build/counted,micro,64,1,,,"), "no time figures: the clock ran under valgrind")
        #expect(csv[3].contains("2147.500,3145.250,0.500"))
        let summary = SummaryTable(report).markdown()
        #expect(summary.contains("2147.5"))
        #expect(summary.contains("Load scenarios are not counted"))
        #expect(HTMLReportWriter.render(report).contains("instructions/op"))

        var object = try #require(
            try JSONSerialization.jsonObject(with: JSONReportWriter.render(try sampleReport(jemalloc: true))) as? [String: Any])
        var scenarios = try #require(object["scenarios"] as? [[String: Any]])
        #expect(scenarios[0].removeValue(forKey: "counts") != nil)
        object["scenarios"] = scenarios
        #expect(try JSONReportWriter.read(JSONSerialization.data(withJSONObject: object)).scenarios[0].counts == nil)
    }

    @Test func aReportFromAnotherSchemaIsRefused() throws {
        var report = try sampleReport(jemalloc: true)
        report.schemaVersion = 99
        let data = try JSONReportWriter.render(report)
        #expect(throws: ReportError.unsupportedSchemaVersion(99, readable: 1...1)) { try JSONReportWriter.read(data) }
    }

    @Test func theStoreWritesEveryFormatAndPointsLatestAtTheRun() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reports-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = try sampleReport(jemalloc: true)
        let run = try ReportStore(directory: directory).write(report, formats: ReportFormat.allCases)
        #expect(run.lastPathComponent == "run-1")
        let names = try FileManager.default.contentsOfDirectory(atPath: run.path).sorted()
        #expect(
            names == [
                "junit.xml", "report.bmf.json", "report.csv", "report.github-benchmark.json", "report.html", "report.json", "summary.md",
            ])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.appendingPathComponent("latest").path) == "run-1")
        #expect(try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json"))) == report)
    }

    @Test func aStoreThatCannotWriteThrowsAndLeavesNoPartialFile() throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("blocker-\(UUID().uuidString)")
        try Data("not a directory".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        #expect(throws: ReportError.self) {
            try ReportStore(directory: blocker).write(try sampleReport(jemalloc: true), formats: [.json])
        }
    }

    /// Checked before a run measures, so that its results are not lost to a directory it cannot write.
    @Test func aStoreChecksItCanWriteBeforeARunAndCreatesWhatIsMissing() throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("blocker-\(UUID().uuidString)")
        try Data("not a directory".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let inside = blocker.appendingPathComponent("reports")
        #expect(throws: ReportError.cannotWrite(path: inside.path, reason: "Not a directory")) {
            try ReportStore(directory: inside).checkWritable()
        }
        #expect(throws: ReportError.cannotWrite(path: blocker.path, reason: "Not a directory")) {
            try ReportStore(directory: blocker).checkWritable()
        }

        let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("reports-\(UUID().uuidString)/nested")
        defer { try? FileManager.default.removeItem(at: fresh.deletingLastPathComponent()) }
        try ReportStore(directory: fresh).checkWritable()
        #expect(try FileManager.default.contentsOfDirectory(atPath: fresh.path).isEmpty, "the check leaves nothing behind")
    }

    @Test func outcomesCarryScheduledAndMissedAndOlderReportsReadAsMissingNothing() throws {
        let outcomes = ScenarioResult.Outcomes(scheduled: 100, sent: 60, missed: 40, succeeded: 59, errors: ["timeout": 1])
        let json = String(decoding: try JSONReportWriter.render(value: outcomes), as: UTF8.self)
        #expect(json.contains(#""scheduled" : 100"#) && json.contains(#""missed" : 40"#))
        #expect(try JSONDecoder().decode(ScenarioResult.Outcomes.self, from: Data(json.utf8)) == outcomes)

        let older = #"{"sent": 5, "succeeded": 4, "errors": {"badStatus(503)": 1}}"#
        let read = try JSONDecoder().decode(ScenarioResult.Outcomes.self, from: Data(older.utf8))
        #expect(read == .init(scheduled: 5, sent: 5, missed: 0, succeeded: 4, errors: ["badStatus(503)": 1]))
        #expect(read.reconciles)
    }

    @Test func theSummaryAndTheCSVSayWhenAnOpenLoopMissedItsRate() throws {
        var report = try sampleReport(jemalloc: true)
        #expect(!SummaryTable(report).markdown().contains("not reached"))
        report.scenarios[1].targetRate = 500
        report.scenarios[1].outcomes = ScenarioResult.Outcomes(scheduled: 1_000, sent: 750, missed: 250, succeeded: 750, errors: [:])
        let summary = SummaryTable(report).markdown()
        #expect(
            summary.contains(
                "Target rate of 500 requests/s not reached in load/x, \"quoted\": 250 of 1000 scheduled requests (25.0%) were due but never started"
            ))
        // A run that stopped itself missed its slots because it stopped, not for want of workers.
        var stopped = report
        stopped.scenarios[1].abort = ScenarioResult.Abort(objective: "errors>5%", measured: 0.1, unit: "ratio", atSeconds: 5)
        let abortSummary = SummaryTable(stopped).markdown()
        #expect(!abortSummary.contains("not reached"))
        #expect(abortSummary.contains("load/x, \"quoted\" stopped itself with 250 of 1000 scheduled requests (25.0%) due but not started"))
        let csv = CSVReportWriter.render(report).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let scheduled = try #require(csv[0].firstIndex(of: "scheduled"))
        let missed = try #require(csv[0].firstIndex(of: "missed"))
        // The load row's name holds a quoted comma, which shifts its cells by one when split naively.
        #expect(csv[2][scheduled + 1] == "1000" && csv[2][missed + 1] == "250")
    }

    @Test func atomicWritesReplaceWholeFiles() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        try Platform.writeAtomically(Data("first".utf8), to: file)
        try Platform.writeAtomically(Data("second".utf8), to: file)
        #expect(try Data(contentsOf: file) == Data("second".utf8))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
            .filter { $0.hasPrefix(".\(file.lastPathComponent)") }
        #expect(leftovers.isEmpty)
    }

    /// Only the failure runs here: a redirection in this process would take the other tests'
    /// standard error with it. The worker processes of WorkerIsolationTests show it working.
    @Test func standardErrorSentToAFileThatCannotBeOpenedIsAnErrorAndRunsNothing() async {
        let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString)/captured")
        await #expect(throws: PlatformError.self) {
            try await Platform.redirectingStandardError(to: nowhere) { Issue.record("ran without its file") }
        }
    }

    @Test func runIDsSortByTime() {
        let early = ReportStore.makeRunID(startedAt: Date(timeIntervalSince1970: 1_795_975_200), processID: 7)
        let late = ReportStore.makeRunID(startedAt: Date(timeIntervalSince1970: 1_795_975_261), processID: 7)
        #expect(early == "20261129-180000-7")
        #expect(early < late)
    }
}

@Suite struct SampleStatisticsTests {
    @Test func orderStatisticsOfKnownSamples() throws {
        let stats = try #require(SampleStatistics([4, 1, 3, 2, 5]))
        #expect(stats.count == 5)
        #expect(stats.min == 1)
        #expect(stats.median == 3)
        #expect(stats.p25 == 2)
        #expect(stats.p75 == 4)
        #expect(stats.max == 5)
        #expect(stats.mean == 3)
        #expect(abs(stats.standardDeviation - 1.5811388) < 1e-6)
        #expect(abs(stats.relativeSpread - 2.0 / 3.0) < 1e-9)
    }

    @Test func noSamplesNoStatistics() {
        #expect(SampleStatistics([]) == nil)
    }
}
