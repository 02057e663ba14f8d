import BenchmarkEngine
import Foundation
import Testing

/// A report or baseline that cannot be read is named, with what is wrong with it, in one line:
/// never a Swift debug dump of a `DecodingError`.
@Suite struct ReportErrorTests {
    private static let validReport: String = {
        let environment = Report.Environment(
            toolVersion: "0.2.0", gitCommit: nil, swiftVersion: "6.3", operatingSystem: "Linux", cpuModel: nil, cpuCount: 2,
            jemallocLinked: false, allocator: nil, buildConfiguration: "release"
        )
        let report = Report(
            runID: "r", startedAt: "2026-11-30T00:00:00Z", environment: environment, commandLine: ["bench"], isQuick: true,
            scenarios: [
                ScenarioResult(name: "load/x", kind: .load, operations: 1, warmupOperations: 0, durationSeconds: 1)
            ])
        return String(decoding: (try? JSONReportWriter.render(report)) ?? Data(), as: UTF8.self)
    }()

    @Test(arguments: [
        ("", "empty file, not a bench report"),
        ("{\"a\": 1,\n\n  \"b\": x}", "invalid JSON at line 3, column 8"),
        ("[1, 2]", "not a bench report (the top level is not a JSON object)"),
        (#"{"name": "package.json", "version": "1.0.0"}"#, "not a bench report (missing key 'schemaVersion')"),
        (
            validReport.replacingOccurrences(of: #""operations" : 1"#, with: #""operations" : "one""#),
            "wrong type at scenarios[0].operations (expected an integer)"
        ),
        (
            validReport.replacingOccurrences(of: #""kind" : "load""#, with: #""kind" : "mikro""#),
            "invalid value at scenarios[0].kind: Cannot initialize Kind from invalid String value mikro"
        ),
        (
            validReport.replacingOccurrences(of: #""schemaVersion" : 1"#, with: #""schemaVersion" : null"#),
            "null at schemaVersion (expected an integer)"
        ),
        (
            validReport.replacingOccurrences(of: #""schemaVersion" : 1"#, with: #""schemaVersion" : 99"#),
            "report schema version 99 is not supported (this build reads version 1)"
        ),
        (
            validReport.replacingOccurrences(of: #""operationsPerSecond" : 1,"#, with: ""),
            "missing key 'operationsPerSecond' at scenarios[0]"
        ),
    ])
    func aBadFileIsNamedWithWhatIsWrong(contents: String, problem: String) throws {
        let path = "Reports/baselines/x.json"
        #expect(throws: ReportError.unreadable(path: path, reason: problem)) {
            try JSONReportWriter.read(Data(contents.utf8), from: path)
        }
        let error = try #require(throws: ReportError.self) { try JSONReportWriter.read(Data(contents.utf8), from: path) }
        #expect(error.description == "\(path): \(problem)")
        #expect(!error.description.contains("\n") && !error.description.contains("CodingKeys"))
    }

    @Test func aValidReportReadsWhateverItsPath() throws {
        #expect(try JSONReportWriter.read(Data(Self.validReport.utf8), from: "r.json").runID == "r")
    }

    /// `capacity.json` is read back (for `bench report`) with the same one-line errors.
    @Test func aCapacityReportIsReadWithTheSameErrors() throws {
        let path = "Reports/x/capacity.json"
        #expect(throws: ReportError.unreadable(path: path, reason: "not a bench report (missing key 'runID')")) {
            try JSONReportWriter.readCapacity(Data(#"{"schemaVersion": 1}"#.utf8), from: path)
        }
        #expect(throws: ReportError.unreadable(path: path, reason: "invalid JSON at line 1, column 2")) {
            try JSONReportWriter.readCapacity(Data("{x".utf8), from: path)
        }
    }
}
