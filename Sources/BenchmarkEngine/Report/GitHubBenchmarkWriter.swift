import Foundation

/// Renders `report.github-benchmark.json` for github-action-benchmark's `customSmallerIsBetter` tool:
/// an array of entries `{name, unit, value, range?, extra?}`, one per result and measure, named
/// `<result> - <measure>`.
///
/// That tool judges every entry of a file as smaller-is-better, so only those measures are here;
/// throughput and the paired baseline's speedup are in `report.bmf.json`. `range` is `± ` half the
/// interquartile range, where the result has one. A failed scenario has no entry, as in BMF.
public enum GitHubBenchmarkWriter {
    /// One entry of the array.
    struct Entry: Codable, Equatable {
        var name: String
        var unit: String
        var value: Double
        var range: String?
        var extra: String?
    }

    /// The JSON, pretty-printed with sorted keys like `report.json`.
    public static func render(_ report: Report) throws -> Data {
        try JSONReportWriter.render(value: entries(of: report))
    }

    /// The entries, in the report's order of results and ``ExportedMeasure/all``'s order of measures.
    static func entries(of report: Report) -> [Entry] {
        report.scenarios.flatMap { result in
            ExportedMeasure.readings(of: result).filter(\.measure.isSmallerBetter).map { measure, reading in
                Entry(
                    name: "\(result.name) - \(measure.name)", unit: measure.unit, value: reading.value,
                    range: halfSpread(reading).map { String(format: "± %.3f", $0) },
                    extra: "\(result.operations) operations"
                )
            }
        }
    }

    private static func halfSpread(_ reading: ExportedMeasure.Reading) -> Double? {
        guard let lower = reading.lower, let upper = reading.upper else { return nil }
        return (upper - lower) / 2
    }
}
