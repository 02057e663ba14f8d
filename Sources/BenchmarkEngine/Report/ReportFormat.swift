import Foundation

/// A file format the bench writes a report in; each renders the whole report at once, so a file is
/// complete or not written.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// `report.json`: everything, histograms included.
    case json
    /// `report.csv`: one flat row per scenario, units in the column names.
    case csv
    /// `summary.md`: the summary table, for people and pull-request comments.
    case markdown = "md"
    /// `report.html`: a self-contained page with charts and their tables, to open in any browser.
    case html

    /// The file the format is written to inside a run directory.
    public var fileName: String {
        switch self {
        case .json: "report.json"
        case .csv: "report.csv"
        case .markdown: "summary.md"
        case .html: "report.html"
        }
    }

    /// The report in this format.
    public func render(_ report: Report) throws -> Data {
        switch self {
        case .json: try JSONReportWriter.render(report)
        case .csv: Data(CSVReportWriter.render(report).utf8)
        case .markdown: Data(SummaryTable(report).markdown().utf8)
        case .html: Data(HTMLReportWriter.render(report).utf8)
        }
    }
}
