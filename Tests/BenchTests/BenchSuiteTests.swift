import BenchmarkEngine
import CourierBench
import Foundation
import Testing

@testable import bench

/// The bench's own suite: its names are the ones its committed baselines and CI compare against.
@Suite struct BenchSuiteTests {
    @Test func theSuiteIsValidAndKeepsTheNamesItsBaselinesUse() throws {
        #expect(Bench.suite.validate() == nil)
        let baseline = try JSONReportWriter.read(Data(contentsOf: baselineURL("ci-linux-x86_64-2cpu")))
        let names = Bench.suite.scenarios.map(\.name)
        // A build without libcurl has no curl rows; the baseline, made with libcurl, has.
        let hasCurl = Bench.suite.transports.contains { $0.name == "curl" }
        // Each result is a scenario's, or one of its partners: `decode/list100 (CourierJSONDecoder)`.
        for result in baseline.scenarios where hasCurl || !result.name.contains("-curl/") {
            #expect(
                names.contains { result.name == $0 || result.name.hasPrefix($0 + " (") },
                "\(result.name) is in the CI baseline but no longer in the suite")
        }
    }

    @Test func theLoadCommandKnowsEveryFixtureModel() throws {
        #expect(
            Bench.suite.models.map(\.name) == [
                "tinyObject", "list100", "list10k", "deeplyNested", "stringHeavy", "numberHeavy", "iso8601Dates",
            ])
    }

    private func baselineURL(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Reports/baselines/\(name).json")
    }
}
