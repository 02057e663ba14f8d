/// One metric as every exporter sees it: its name, what kind it is, what it means, and its series,
/// one per set of labels. The OpenMetrics text, remote write and an exporter of a team's own are
/// all written from these values.
public struct MetricFamily: Sendable, Equatable {
    /// What kind of figure a family holds, in OpenMetrics' words.
    public enum Kind: String, Sendable, Equatable {
        /// Only ever grows while the process lives; exposed with the `_total` suffix.
        case counter
        /// Goes up and down.
        case gauge
        /// A latency distribution: cumulative buckets, a count and a sum.
        case histogram
    }

    /// The name without a counter's `_total`: `courier_bench_requests`.
    public var name: String
    /// Its kind.
    public var kind: Kind
    /// One line on what it measures.
    public var help: String
    /// The unit its name ends in (`seconds`), if any.
    public var unit: String?
    /// Its series; a family without any is left out of an exposition.
    public var series: [MetricSeries]

    /// A family with these parts.
    public init(name: String, kind: Kind, help: String, unit: String? = nil, series: [MetricSeries]) {
        self.name = name
        self.kind = kind
        self.help = help
        self.unit = unit
        self.series = series
    }
}

/// One series of a family: its labels and its value.
public struct MetricSeries: Sendable, Equatable {
    /// The labels in the order they are written; the run's own come first.
    public var labels: [MetricLabel]
    /// A number for a counter or a gauge, a distribution for a histogram.
    public var value: MetricValue

    /// A series with these labels and this value.
    public init(labels: [MetricLabel], value: MetricValue) {
        self.labels = labels
        self.value = value
    }
}

/// A label's name and value.
public struct MetricLabel: Sendable, Equatable {
    /// A name of letters, digits and underscores.
    public var name: String
    /// Any text.
    public var value: String

    /// The label `name="value"`.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// What a series holds.
public enum MetricValue: Sendable, Equatable {
    /// A counter's or a gauge's value.
    case number(Double)
    /// A histogram's distribution.
    case distribution(LatencyDistribution)
}

/// Everything one exporter pushes at once: every family, read at one instant.
public struct MetricsSnapshot: Sendable, Equatable {
    /// The families, in the order an exposition writes them.
    public var families: [MetricFamily]
    /// When they were read, in milliseconds since 1970 (remote write's and OTLP's timestamps).
    public var unixMilliseconds: Int64

    /// A snapshot of `families` read at `unixMilliseconds`.
    public init(families: [MetricFamily], unixMilliseconds: Int64) {
        self.families = families
        self.unixMilliseconds = unixMilliseconds
    }

    /// How many samples it holds as remote write sends it: one per counter and gauge, and a
    /// histogram's buckets, count and sum (classic) or one histogram sample (native).
    public func sampleCount(nativeHistograms: Bool) -> Int {
        families.reduce(0) { total, family in
            total
                + family.series.reduce(0) { count, series in
                    switch series.value {
                    case .number: count + 1
                    case .distribution: count + (nativeHistograms ? 1 : LatencyBuckets.bounds.count + 3)
                    }
                }
        }
    }
}
