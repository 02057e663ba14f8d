import Foundation

/// A file format the bench writes a report in; each renders the whole report at once, so a file is
/// complete or not written.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// `report.json`: everything, histograms and time series included.
    case json
    /// `report.csv`: one flat row per scenario, units in the column names; `timeseries.csv`, one
    /// row per interval, when the run has load scenarios; and `requests.csv`, one row per named
    /// request, when one sent a mix.
    case csv
    /// `summary.md`: the summary table, for people and pull-request comments.
    case markdown = "md"
    /// `latency.hlog`: the load scenarios' interval histograms as an HdrHistogram interval log.
    case hlog
    /// `report.html`: a self-contained page with charts and their tables, to open in any browser.
    case html
    /// `report.bmf.json`: every result's figures in Bencher Metric Format, for `bencher run`.
    case bmf
    /// `report.github-benchmark.json`: the smaller-is-better figures as github-action-benchmark's
    /// `customSmallerIsBetter` input.
    case githubBenchmark = "github"
    /// `junit.xml`: a JUnit test case per scenario (in error when it failed to run) and per metric
    /// its comparison with a baseline judged (failed on a regression), for CI systems' test reports.
    case junit

    /// The formats a run writes when not told which: the exports and JUnit are left out, since they
    /// only repeat `report.json`'s figures for a service and most runs feed none.
    public static let defaults: [ReportFormat] = [.json, .csv, .markdown, .hlog, .html]

    /// The formats' names as `--format` takes them, `json, csv, …`.
    public static var names: String {
        allCases.map(\.rawValue).joined(separator: ", ")
    }

    /// The file the format is written to inside a run directory (its first, for `csv`).
    public var fileName: String {
        switch self {
        case .json: "report.json"
        case .csv: "report.csv"
        case .markdown: "summary.md"
        case .hlog: "latency.hlog"
        case .html: "report.html"
        case .bmf: "report.bmf.json"
        case .githubBenchmark: "report.github-benchmark.json"
        case .junit: "junit.xml"
        }
    }

    /// The files of `report` in this format, by name: none for a time-series format when the report
    /// has no time series.
    public func files(for report: Report) throws -> [ReportFile] {
        switch self {
        case .json: [ReportFile(name: fileName, data: try JSONReportWriter.render(report))]
        case .csv:
            [ReportFile(name: fileName, data: Data(CSVReportWriter.render(report).utf8))]
                + (TimeSeriesCSVWriter.render(report).map { [ReportFile(name: "timeseries.csv", data: Data($0.utf8))] } ?? [])
                + (RequestsCSVWriter.render(report).map { [ReportFile(name: "requests.csv", data: Data($0.utf8))] } ?? [])
                + (ChecksCSVWriter.render(report).map { [ReportFile(name: "checks.csv", data: Data($0.utf8))] } ?? [])
        case .markdown: [ReportFile(name: fileName, data: Data(SummaryTable(report).markdown().utf8))]
        case .hlog: IntervalLogWriter.render(report).map { [ReportFile(name: fileName, data: Data($0.utf8))] } ?? []
        case .html: [ReportFile(name: fileName, data: Data(HTMLReportWriter.render(report).utf8))]
        case .bmf: [ReportFile(name: fileName, data: try BencherMetricFormatWriter.render(report))]
        case .githubBenchmark: [ReportFile(name: fileName, data: try GitHubBenchmarkWriter.render(report))]
        case .junit: [ReportFile(name: fileName, data: Data(JUnitReport(run: report).xml().utf8))]
        }
    }
}

/// One file of a run's reports, rendered in full and not yet written: its name inside the run
/// directory and its bytes.
public struct ReportFile: Sendable, Equatable {
    /// The file's name inside the run directory, such as `report.json`.
    public var name: String
    /// Everything the file holds.
    public var data: Data

    /// The file `name` holding `data`.
    public init(name: String, data: Data) {
        self.name = name
        self.data = data
    }
}
