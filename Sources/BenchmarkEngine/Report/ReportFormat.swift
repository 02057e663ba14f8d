import Foundation

/// A file format the bench writes a report in; each renders the whole report at once, so a file is
/// complete or not written.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// `report.json`: everything, histograms and time series included.
    case json
    /// `report.csv`: one flat row per scenario, units in the column names; and `timeseries.csv`, one
    /// row per interval, when the run has load scenarios.
    case csv
    /// `summary.md`: the summary table, for people and pull-request comments.
    case markdown = "md"
    /// `latency.hlog`: the load scenarios' interval histograms as an HdrHistogram interval log.
    case hlog

    /// The file the format is written to inside a run directory (its first, for `csv`).
    public var fileName: String {
        switch self {
        case .json: "report.json"
        case .csv: "report.csv"
        case .markdown: "summary.md"
        case .hlog: "latency.hlog"
        }
    }

    /// The files of `report` in this format, by name: none for a time-series format when the report
    /// has no time series.
    public func files(for report: Report) throws -> [(name: String, data: Data)] {
        switch self {
        case .json: [(fileName, try JSONReportWriter.render(report))]
        case .csv:
            [(fileName, Data(CSVReportWriter.render(report).utf8))]
                + (TimeSeriesCSVWriter.render(report).map { [("timeseries.csv", Data($0.utf8))] } ?? [])
        case .markdown: [(fileName, Data(SummaryTable(report).markdown().utf8))]
        case .hlog: IntervalLogWriter.render(report).map { [(fileName, Data($0.utf8))] } ?? []
        }
    }
}
