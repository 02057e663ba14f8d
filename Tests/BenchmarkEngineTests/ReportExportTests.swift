import Foundation
import Testing

@testable import BenchmarkEngine

/// A micro result with its paired baseline, a load result and, when asked, a failed scenario and
/// the load's connection phases.
private func exportedReport(failing: Bool = false, jemalloc: Bool = true, phases timed: Bool = false) throws -> Report {
    var baseline = ScenarioResult(
        name: "decode/tiny (baseline: JSONDecoder)", kind: .micro, operations: 2_000, warmupOperations: 10, durationSeconds: 0.5)
    baseline.nanosecondsPerOperation = SampleStatistics([200, 220, 240, 260, 280])
    var client = ScenarioResult(name: "decode/tiny", kind: .micro, operations: 4_000, warmupOperations: 10, durationSeconds: 0.5)
    client.nanosecondsPerOperation = SampleStatistics([100, 110, 120, 130, 140])
    client.mallocsPerOperation = jemalloc ? 3 : nil
    client.bytesAllocatedPerOperation = jemalloc ? 256 : nil
    client = client.compared(with: baseline)
    var histogram = try Histogram(highestTrackableValue: 60_000_000_000)
    for value in 1...100 { histogram.record(UInt64(value) * 1_000) }
    var load = ScenarioResult(name: "load/closed", kind: .load, operations: 100, warmupOperations: 0, durationSeconds: 0.25)
    load.latency = ScenarioResult.Latency(histogram)
    if timed {
        var phases = ScenarioResult.ConnectionPhases()
        for phase in ScenarioResult.ConnectionPhase.allCases { phases[phase] = ScenarioResult.Latency(histogram) }
        load.connections = ScenarioResult.Connections(
            requests: 100, opened: 2, tlsHandshakes: 2, tlsSessionsResumed: 1, responsesByHTTPVersion: ["2": 100], phases: phases)
    }
    let environment = Report.Environment(
        toolVersion: "0.1.0", gitCommit: nil, swiftVersion: "6.3", operatingSystem: "Linux", cpuModel: nil, cpuCount: 2,
        jemallocLinked: jemalloc, allocator: nil, buildConfiguration: "release"
    )
    let failures = failing ? [ScenarioFailure(name: "decode/broken", cause: .threw, reason: "keyNotFound")] : []
    return Report(
        runID: "run-1", startedAt: "2026-12-01T23:00:00Z", environment: environment, commandLine: ["bench"], isQuick: true,
        scenarios: [client, baseline, load], failedScenarios: failures
    )
}

private func text(_ data: Data) -> String {
    String(decoding: data, as: UTF8.self)
}

@Suite struct BencherMetricFormatTests {
    @Test func rendersEveryMeasureOfEveryResultWithSortedKeys() throws {
        let json = text(try BencherMetricFormatWriter.render(exportedReport()))
        #expect(
            json == """
                {
                  "decode/tiny" : {
                    "allocated-bytes" : {
                      "value" : 256
                    },
                    "allocations" : {
                      "value" : 3
                    },
                    "latency" : {
                      "lower_value" : 110,
                      "upper_value" : 130,
                      "value" : 120
                    },
                    "speedup" : {
                      "lower_value" : 2,
                      "upper_value" : 2,
                      "value" : 2
                    },
                    "throughput" : {
                      "value" : 8000
                    }
                  },
                  "decode/tiny (baseline: JSONDecoder)" : {
                    "latency" : {
                      "lower_value" : 220,
                      "upper_value" : 260,
                      "value" : 240
                    },
                    "throughput" : {
                      "value" : 4000
                    }
                  },
                  "load/closed" : {
                    "latency-p50" : {
                      "value" : 50015
                    },
                    "latency-p99" : {
                      "value" : 99007
                    },
                    "throughput" : {
                      "value" : 400
                    }
                  }
                }

                """)
    }

    @Test func readsBackAsTheMetricsItWasRenderedFrom() throws {
        let report = try exportedReport()
        let data = try BencherMetricFormatWriter.render(report)
        let decoded = try JSONDecoder().decode([String: [String: BencherMetricFormatWriter.Metric]].self, from: data)
        #expect(decoded == BencherMetricFormatWriter.metrics(of: report))
        #expect(decoded["decode/tiny"]?["latency"] == .init(value: 120, lowerValue: 110, upperValue: 130))
    }

    @Test func aFailedScenarioHasNoEntryAndTheOthersAreAllThere() throws {
        let metrics = BencherMetricFormatWriter.metrics(of: try exportedReport(failing: true))
        #expect(metrics["decode/broken"] == nil)
        #expect(metrics.keys.sorted() == ["decode/tiny", "decode/tiny (baseline: JSONDecoder)", "load/closed"])
    }

    @Test func allocationsAreLeftOutWithoutJemallocNotWrittenAsZero() throws {
        let metrics = BencherMetricFormatWriter.metrics(of: try exportedReport(jemalloc: false))
        #expect(metrics["decode/tiny"]?["allocations"] == nil)
        #expect(metrics["decode/tiny"]?["allocated-bytes"] == nil)
        #expect(metrics["decode/tiny"]?["latency"] != nil)
    }

    @Test func aNameRepeatedKeepsTheFirstResult() throws {
        var report = try exportedReport()
        var twin = report.scenarios[0]
        twin.operationsPerSecond = 1
        report.scenarios.append(twin)
        #expect(BencherMetricFormatWriter.metrics(of: report)["decode/tiny"]?["throughput"]?.value == 8_000)
    }
}

@Suite struct GitHubBenchmarkTests {
    @Test func rendersTheSmallerIsBetterMeasuresAsAnArray() throws {
        let json = text(try GitHubBenchmarkWriter.render(exportedReport()))
        #expect(
            json == """
                [
                  {
                    "extra" : "4000 operations",
                    "name" : "decode/tiny - latency",
                    "range" : "± 10.000",
                    "unit" : "ns/op",
                    "value" : 120
                  },
                  {
                    "extra" : "4000 operations",
                    "name" : "decode/tiny - allocations",
                    "unit" : "mallocs/op",
                    "value" : 3
                  },
                  {
                    "extra" : "4000 operations",
                    "name" : "decode/tiny - allocated-bytes",
                    "unit" : "B/op",
                    "value" : 256
                  },
                  {
                    "extra" : "2000 operations",
                    "name" : "decode/tiny (baseline: JSONDecoder) - latency",
                    "range" : "± 20.000",
                    "unit" : "ns/op",
                    "value" : 240
                  },
                  {
                    "extra" : "100 operations",
                    "name" : "load/closed - latency-p50",
                    "unit" : "ns",
                    "value" : 50015
                  },
                  {
                    "extra" : "100 operations",
                    "name" : "load/closed - latency-p99",
                    "unit" : "ns",
                    "value" : 99007
                  }
                ]

                """)
    }

    @Test func readsBackAsTheEntriesItWasRenderedFrom() throws {
        let report = try exportedReport(failing: true, phases: true)
        let decoded = try JSONDecoder().decode([GitHubBenchmarkWriter.Entry].self, from: GitHubBenchmarkWriter.render(report))
        #expect(decoded == GitHubBenchmarkWriter.entries(of: report))
        #expect(!decoded.contains { $0.name.hasPrefix("decode/broken") })
        let exported = Set(decoded.map { $0.name.components(separatedBy: " - ").last ?? "" })
        // The sample report was timed, not counted (`--instructions`).
        let counted: Set = ["instructions", "estimated-cycles"]
        #expect(exported == Set(ExportedMeasure.all.filter(\.isSmallerBetter).map(\.name)).subtracting(counted))
    }

    @Test func aCountedResultExportsItsCountsAndNoThroughput() throws {
        var result = ScenarioResult(name: "decode/counted", kind: .micro, operations: 64, warmupOperations: 1, durationSeconds: 0)
        result.counts = InstructionCounts(operations: 64, instructionsPerOperation: 2147.5, estimatedCyclesPerOperation: 3145.25)
        let readings = Dictionary(uniqueKeysWithValues: ExportedMeasure.readings(of: result).map { ($0.measure.name, $0.reading.value) })
        #expect(readings == ["instructions": 2147.5, "estimated-cycles": 3145.25])
    }
}

@Suite struct ExportedMeasureTests {
    @Test func namesWithQuotesBackslashesLineBreaksAndNonASCIISurviveBothExports() throws {
        let name = "load/x, \"quoted\" \\ back\nslash — ünïcode / 🚀"
        var report = try exportedReport()
        report.scenarios[2].name = name
        let metrics = try JSONDecoder().decode(
            [String: [String: BencherMetricFormatWriter.Metric]].self, from: BencherMetricFormatWriter.render(report))
        #expect(metrics[name]?["latency-p99"]?.value == 99_007)
        let entries = try JSONDecoder().decode([GitHubBenchmarkWriter.Entry].self, from: GitHubBenchmarkWriter.render(report))
        #expect(entries.contains { $0.name == "\(name) - latency-p99" })
    }

    @Test func aFigureJSONCannotHoldIsLeftOut() throws {
        var result = ScenarioResult(name: "build/x", kind: .micro, operations: 1, warmupOperations: 0, durationSeconds: 1)
        result.comparison = ScenarioResult.Comparison(baseline: "build/x (baseline)", speedup: .infinity, pairedRatios: nil)
        result.mallocsPerOperation = .nan
        let names = ExportedMeasure.readings(of: result).map(\.measure.name)
        #expect(names == ["throughput"])
    }

    @Test func measureNamesAreUniqueAndFitBencherSlugs() {
        let names = ExportedMeasure.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { $0.count <= 64 && $0.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" } })
    }

    @Test func theExportsAreNotDefaultFormatsAndTheStoreWritesThemWhenAsked() throws {
        #expect(!ReportFormat.defaults.contains(.bmf) && !ReportFormat.defaults.contains(.githubBenchmark))
        #expect(Set(ReportFormat.defaults).union([.bmf, .githubBenchmark, .junit]) == Set(ReportFormat.allCases))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exports-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = try exportedReport()
        let run = try ReportStore(directory: directory).write(report, formats: [.bmf, .githubBenchmark])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: run.path).sorted() == ["report.bmf.json", "report.github-benchmark.json"])
        #expect(try Data(contentsOf: run.appendingPathComponent("report.bmf.json")) == BencherMetricFormatWriter.render(report))
    }
}
