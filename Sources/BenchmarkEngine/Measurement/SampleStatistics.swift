/// Order statistics of a small set of samples, computed exactly from the sorted values.
///
/// Micro-benchmarks take tens of samples, each the mean time of a batch of operations; with so few,
/// exact order statistics are cheaper and more precise than a histogram.
public struct SampleStatistics: Codable, Sendable, Equatable {
    /// The samples in the order they were taken, kept so that two runs can be compared later.
    public var samples: [Double]
    /// How many samples.
    public var count: Int
    /// The smallest sample.
    public var min: Double
    /// The first quartile.
    public var p25: Double
    /// The median: the figure to compare, robust to the odd slow sample.
    public var median: Double
    /// The third quartile.
    public var p75: Double
    /// The 90th percentile.
    public var p90: Double
    /// The largest sample.
    public var max: Double
    /// The mean.
    public var mean: Double
    /// The sample standard deviation.
    public var standardDeviation: Double

    /// The statistics of `samples`; `nil` when there are none.
    public init?(_ samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        self.samples = samples
        let sorted = samples.sorted()
        count = sorted.count
        min = sorted[0]
        max = sorted[sorted.count - 1]
        p25 = Self.percentile(25, of: sorted)
        median = Self.percentile(50, of: sorted)
        p75 = Self.percentile(75, of: sorted)
        p90 = Self.percentile(90, of: sorted)
        let mean = sorted.reduce(0, +) / Double(sorted.count)
        self.mean = mean
        let squares = sorted.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        standardDeviation = sorted.count > 1 ? (squares / Double(sorted.count - 1)).squareRoot() : 0
    }

    /// The interquartile range relative to the median, a scale-free measure of noise.
    public var relativeSpread: Double {
        median > 0 ? (p75 - p25) / median : 0
    }

    private enum CodingKeys: String, CodingKey {
        case samples, count, min, p25, median, p75, p90, max, mean, standardDeviation
    }

    /// Reads statistics back; reports written before samples were kept have none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        samples = try container.decodeIfPresent([Double].self, forKey: .samples) ?? []
        count = try container.decode(Int.self, forKey: .count)
        min = try container.decode(Double.self, forKey: .min)
        p25 = try container.decode(Double.self, forKey: .p25)
        median = try container.decode(Double.self, forKey: .median)
        p75 = try container.decode(Double.self, forKey: .p75)
        p90 = try container.decode(Double.self, forKey: .p90)
        max = try container.decode(Double.self, forKey: .max)
        mean = try container.decode(Double.self, forKey: .mean)
        standardDeviation = try container.decode(Double.self, forKey: .standardDeviation)
    }

    /// An approximate 95% confidence interval of the median: median ± 1.57 × IQR / √n, the "notch"
    /// of a box plot (McGill, Tukey and Larsen, 1978). Two runs whose intervals do not overlap differ
    /// by more than their noise.
    public var medianInterval: ClosedRange<Double> {
        let halfWidth = 1.57 * (p75 - p25) / Double(count).squareRoot()
        return (median - halfWidth)...(median + halfWidth)
    }

    /// Linear interpolation between the closest ranks.
    private static func percentile(_ percent: Double, of sorted: [Double]) -> Double {
        let rank = percent / 100 * Double(sorted.count - 1)
        let lower = Int(rank.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (rank - Double(lower))
    }
}
