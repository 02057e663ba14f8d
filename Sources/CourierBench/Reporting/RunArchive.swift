import BenchmarkEngine
import Foundation

/// Reads runs and baselines back, and writes comparisons beside the run they compare.
enum RunArchive {
    /// Whether a baseline argument names a run directory or report file rather than a saved baseline.
    static func isPath(_ nameOrPath: String) -> Bool {
        nameOrPath.contains("/") || nameOrPath.hasSuffix(".json")
    }

    /// A saved baseline by name, or a report by path when the argument looks like one.
    static func loadBaseline(_ nameOrPath: String, reportsDirectory: URL) throws -> Report {
        if isPath(nameOrPath) {
            return try loadRun(URL(fileURLWithPath: nameOrPath)).report
        }
        return try BaselineStore(directory: reportsDirectory.appendingPathComponent("baselines")).load(nameOrPath)
    }

    /// A run's report and the directory it is in, from a run directory, a `report.json` path, or a
    /// reports directory (its `latest` run).
    static func loadRun(_ location: URL) throws -> (report: Report, directory: URL) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: location.path, isDirectory: &isDirectory) else {
            throw missingRun(location.path)
        }
        var file = isDirectory.boolValue ? location.appendingPathComponent("report.json") : location
        let latest = location.appendingPathComponent("latest/report.json")
        if isDirectory.boolValue, !FileManager.default.fileExists(atPath: file.path), FileManager.default.fileExists(atPath: latest.path) {
            file = latest
        }
        guard let data = FileManager.default.contents(atPath: file.path) else { throw missingRun(file.path) }
        return (try JSONReportWriter.read(data, from: file.path), file.deletingLastPathComponent().resolvingSymlinksInPath())
    }

    /// A capacity search's report and the directory it is in, when `location` is one: a directory
    /// with `capacity.json` and no `report.json`, or a `capacity.json` path. `nil` otherwise.
    static func loadCapacity(_ location: URL) throws -> (report: CapacityReport, directory: URL)? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: location.path, isDirectory: &isDirectory) else { return nil }
        let file = isDirectory.boolValue ? location.appendingPathComponent("capacity.json") : location
        guard file.lastPathComponent == "capacity.json",
            !FileManager.default.fileExists(atPath: file.deletingLastPathComponent().appendingPathComponent("report.json").path),
            let data = FileManager.default.contents(atPath: file.path)
        else { return nil }
        return (try JSONReportWriter.readCapacity(data, from: file.path), file.deletingLastPathComponent().resolvingSymlinksInPath())
    }

    /// Writes `comparison.md` (the pull-request comment), `comparison.json` and `comparison.junit.xml`
    /// (a test case per judged metric) into the directory of `report`, the run compared, each
    /// rendered before any is written; then appends the table of what changed to `stepSummary`, the
    /// file GitHub Actions shows as the job's summary (`GITHUB_STEP_SUMMARY`), when there is one.
    static func write(_ comparison: RunComparison, of report: Report, into directory: URL, stepSummary: URL? = nil) throws {
        let files = [
            ("comparison.json", try JSONReportWriter.render(value: comparison)),
            ("comparison.md", Data(comparison.markdown(all: true).utf8)),
            ("comparison.junit.xml", Data(JUnitReport(comparison: comparison, of: report).xml().utf8)),
        ]
        for (name, data) in files { try Platform.writeAtomically(data, to: directory.appendingPathComponent(name)) }
        if let stepSummary { try append(comparison.markdown() + "\n", to: stepSummary) }
    }

    /// Adds `text` at the end of `file`, creating it if need be: a job summary gathers what each
    /// step appends. One write of the whole text, so that a step's table is never cut in two.
    static func append(_ text: String, to file: URL) throws {
        if !FileManager.default.fileExists(atPath: file.path) {
            try Platform.writeAtomically(Data(), to: file)
        }
        guard let handle = FileHandle(forWritingAtPath: file.path) else {
            throw ReportError.cannotWrite(path: file.path, reason: "it cannot be opened for writing")
        }
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// Writes the run's `report.html` again, now with `comparison` on it, so that the page beside
    /// `comparison.json` shows it.
    static func writePage(of report: Report, comparedAs comparison: RunComparison, into directory: URL) throws {
        var compared = report
        compared.baselineComparison = comparison
        try writePage(of: compared, trends: [], into: directory)
    }

    /// Writes the run's `report.html` again, now with `trends` (its scenarios' in the history it
    /// was appended to) on it.
    static func writePage(of report: Report, trends: [ScenarioTrend], into directory: URL) throws {
        try Platform.writeAtomically(
            Data(HTMLReportWriter.render(report, trends: trends).utf8), to: directory.appendingPathComponent(ReportFormat.html.fileName))
    }

    /// A run directory or report file that is not there.
    private static func missingRun(_ path: String) -> MissingInput {
        MissingInput("no report at '\(path)' (run the suite first, or name a run directory or report.json)")
    }
}
