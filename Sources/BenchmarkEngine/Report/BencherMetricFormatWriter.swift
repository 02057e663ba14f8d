import Foundation

/// Renders `report.bmf.json`, Bencher Metric Format: an object keyed by result name, each an object
/// of measures (``ExportedMeasure``) with a `value` and, where the result has a spread, its
/// `lower_value` and `upper_value`; for `bencher run --adapter json --file report.bmf.json`.
///
/// A failed scenario has no figures, so it has no entry: the format has no way to say "failed", and
/// a made-up value would be tracked as a measurement. The run's exit status and `report.json` say it.
public enum BencherMetricFormatWriter {
    /// One measure's figures, under BMF's key names.
    struct Metric: Codable, Equatable {
        var value: Double
        var lowerValue: Double?
        var upperValue: Double?

        private enum CodingKeys: String, CodingKey {
            case value
            case lowerValue = "lower_value"
            case upperValue = "upper_value"
        }
    }

    /// The JSON, pretty-printed with sorted keys like `report.json`.
    public static func render(_ report: Report) throws -> Data {
        try JSONReportWriter.render(value: metrics(of: report))
    }

    /// Each result's measures by name; results whose names repeat keep the first's, as BMF keys must
    /// be unique.
    static func metrics(of report: Report) -> [String: [String: Metric]] {
        var benchmarks: [String: [String: Metric]] = [:]
        for result in report.scenarios where benchmarks[result.name] == nil {
            benchmarks[result.name] = Dictionary(
                uniqueKeysWithValues: ExportedMeasure.readings(of: result).map { measure, reading in
                    (measure.name, Metric(value: reading.value, lowerValue: reading.lower, upperValue: reading.upper))
                })
        }
        return benchmarks
    }
}
