/// A run as a page of several shows it: its report, under the label that tells it apart from the
/// others (`before`, `curl`).
public struct LabeledReport: Sendable {
    /// What the page calls the run.
    public var label: String
    /// The run.
    public var report: Report

    /// `report` under `label`.
    public init(label: String, report: Report) {
        self.label = label
        self.report = report
    }
}
