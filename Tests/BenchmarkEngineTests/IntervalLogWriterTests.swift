import Foundation
import Testing

@testable import BenchmarkEngine

/// `latency.hlog`: HdrHistogram's interval log, read back to the same histograms. (CI reads it with
/// Python's `hdrhistogram` too: `.ci/check_hlog_interop.py`.)
@Suite struct IntervalLogWriterTests {
    /// The lines that carry histograms: tag, start, length, max and the histogram.
    private func entries(_ log: String) -> [(tag: String, start: Double, length: Double, max: Double, histogram: String)] {
        log.split(separator: "\n").filter { $0.hasPrefix("Tag=") }.map { line in
            let fields = line.dropFirst(4).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return (fields[0], Double(fields[1]) ?? -1, Double(fields[2]) ?? -1, Double(fields[3]) ?? -1, fields[4])
        }
    }

    @Test func eachIntervalIsOneLinePerHistogramThatDecodesToIt() async throws {
        let result = try await SampleRuns.openLoop()
        let series = try #require(result.timeSeries)
        let log = try #require(IntervalLogWriter.render(SampleRuns.report([result])))
        let lines = log.split(separator: "\n").map(String.init)
        #expect(lines[0] == "#[Histogram log format version 1.3]")
        let start = String(format: "%.3f", Double(series.startUnixMicroseconds) / 1e6)
        #expect(lines[1].hasPrefix("#[StartTime: \(start) (seconds since epoch), 20"))
        #expect(lines[2] == "#[BaseTime: \(start) (seconds since epoch)]")
        #expect(lines.contains(#""StartTimestamp","Interval_Length","Interval_Max","Interval_Compressed_Histogram""#))
        let entries = entries(log)
        #expect(entries.count == series.intervals.count * 2)
        for (index, interval) in series.intervals.enumerated() {
            let corrected = entries[2 * index]
            let uncorrected = entries[2 * index + 1]
            #expect(corrected.tag == "corrected" && uncorrected.tag == "uncorrected")
            #expect(abs(corrected.start - interval.startSeconds) < 0.001)
            #expect(abs(corrected.length - interval.durationSeconds) < 0.001)
            #expect(abs(corrected.max - Double(interval.latency.summary.max) / 1e6) < 0.001)
            #expect(try Histogram(encoded: corrected.histogram) == Histogram(encoded: interval.latency.histogram))
            #expect(corrected.histogram.hasPrefix("HISTF"))
        }
    }

    /// Several load scenarios in one run: their tags carry the scenario's name, and the second's
    /// lines start later, from the same base time.
    @Test func severalScenariosAreTaggedByName() async throws {
        let first = try await SampleRuns.openLoop(named: "load/a")
        let second = try await SampleRuns.openLoop(named: "load/b, second")
        var micro = ScenarioResult(name: "engine/x", kind: .micro, operations: 1, warmupOperations: 0, durationSeconds: 1)
        micro.nanosecondsPerOperation = SampleStatistics([1])
        let log = try #require(IntervalLogWriter.render(SampleRuns.report([micro, first, second])))
        let tags = Set(entries(log).map(\.tag))
        #expect(tags == ["load/a:corrected", "load/a:uncorrected", "load/b__second:corrected", "load/b__second:uncorrected"])
        let starts = entries(log).map(\.start)
        #expect(starts == starts.sorted(), "lines in time order")
        #expect(IntervalLogWriter.render(SampleRuns.report([micro])) == nil, "no time series, no log")
    }

    @Test func theFormatsWriteTheTimeSeriesFilesOnlyWhenThereIsOne() async throws {
        let result = try await SampleRuns.openLoop()
        let report = SampleRuns.report([result])
        #expect(try ReportFormat.csv.files(for: report).map(\.name) == ["report.csv", "timeseries.csv"])
        #expect(try ReportFormat.hlog.files(for: report).map(\.name) == ["latency.hlog"])
        var micro = ScenarioResult(name: "engine/x", kind: .micro, operations: 1, warmupOperations: 0, durationSeconds: 1)
        micro.nanosecondsPerOperation = SampleStatistics([1])
        #expect(try ReportFormat.csv.files(for: SampleRuns.report([micro])).map(\.name) == ["report.csv"])
        #expect(try ReportFormat.hlog.files(for: SampleRuns.report([micro])).isEmpty)
    }

    @Test func timeseriesCSVHasARowPerIntervalThatReconciles() async throws {
        let result = try await SampleRuns.openLoop()
        let csv = try #require(TimeSeriesCSVWriter.render(SampleRuns.report([result])))
        let rows = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = rows[0]
        #expect(header.prefix(5) == ["scenario", "request", "interval", "start_s", "duration_s"])
        #expect(rows.count == 1 + (result.timeSeries?.intervals.count ?? 0))
        let column = { (name: String) in header.firstIndex(of: name) ?? 0 }
        for row in rows.dropFirst() {
            let count = { (name: String) in Int(row[column(name)]) ?? -1 }
            #expect(count("scheduled") == count("sent") + count("missed"))
            #expect(count("sent") == count("succeeded") + count("errors"))
            #expect(Int(row[column("latency_p99_ns")]) != nil)
        }
        #expect(rows.dropFirst().map { Int($0[column("scheduled")]) ?? 0 }.reduce(0, +) == 120)
    }
}
