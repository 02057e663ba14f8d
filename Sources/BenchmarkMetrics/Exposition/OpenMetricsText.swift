/// The OpenMetrics 1.0 text exposition of metric families: what `/metrics` serves.
///
/// ```
/// # TYPE courier_bench_requests counter
/// # HELP courier_bench_requests Requests sent, by how each ended.
/// courier_bench_requests_total{run_id="…",outcome="success"} 1200
/// # EOF
/// ```
public enum OpenMetricsText {
    /// The media type it is served as.
    public static let contentType = "application/openmetrics-text; version=1.0.0; charset=utf-8"

    /// `families` as one exposition, ending in `# EOF`. A family without series is left out.
    public static func render(_ families: [MetricFamily]) -> String {
        var text = ""
        for family in families where !family.series.isEmpty {
            text += "# TYPE \(family.name) \(family.kind.rawValue)\n"
            if let unit = family.unit { text += "# UNIT \(family.name) \(unit)\n" }
            text += "# HELP \(family.name) \(escape(family.help, quoting: false))\n"
            for series in family.series {
                switch series.value {
                case .number(let value):
                    let suffix = family.kind == .counter ? "_total" : ""
                    text += sample(family.name + suffix, series.labels, value: number(value))
                case .distribution(let distribution):
                    let counts = LatencyBuckets.cumulativeCounts(of: distribution)
                    for (bound, count) in zip(LatencyBuckets.bounds, counts) {
                        text += sample(family.name + "_bucket", series.labels + [MetricLabel("le", number(bound))], value: "\(count)")
                    }
                    text += sample(family.name + "_bucket", series.labels + [MetricLabel("le", "+Inf")], value: "\(distribution.count)")
                    text += sample(family.name + "_count", series.labels, value: "\(distribution.count)")
                    text += sample(family.name + "_sum", series.labels, value: number(distribution.sumSeconds))
                }
            }
        }
        return text + "# EOF\n"
    }

    private static func sample(_ name: String, _ labels: [MetricLabel], value: String) -> String {
        guard !labels.isEmpty else { return "\(name) \(value)\n" }
        let written = labels.map { "\($0.name)=\"\(escape($0.value, quoting: true))\"" }.joined(separator: ",")
        return "\(name){\(written)} \(value)\n"
    }

    /// A number as OpenMetrics writes it: integers without a fraction, the rest as Swift's
    /// shortest round-tripping text (which Prometheus' parser reads back exactly).
    static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// `text` with backslashes and line feeds escaped, and double quotes too in a label's value.
    private static func escape(_ text: String, quoting: Bool) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\"" where quoting: escaped += "\\\""
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
