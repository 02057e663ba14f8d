import Foundation

/// The Universal Scalability Law fitted to the steps of a sweep or a search: each step's throughput
/// against its concurrency, the coefficients with confidence intervals, where throughput peaks, and
/// the curve — measured range and prediction beyond it told apart.
///
/// A sweep's step is at the concurrency of its closed loop; a rate search's at the concurrency it
/// really had, by Little's law (its throughput × its mean latency from each request's actual send).
/// Steps in which the generator did not keep up are left out: their throughput is the generator's.
///
/// The intervals come from a bootstrap over the steps' measured intervals: each resample draws, for
/// every step, as many of its intervals as it has, with replacement, refits, and the interval is the
/// middle ``confidence`` of the refits. The draws are seeded, so the same steps give the same report.
public struct ScalabilityFit: Codable, Sendable, Equatable {
    /// One step the law was fitted to.
    public struct Point: Codable, Sendable, Equatable {
        /// The step's number.
        public var step: Int
        /// Requests in flight: the sweep's workers, or by Little's law.
        public var concurrency: Double
        /// Requests answered successfully per second over the measured part.
        public var throughput: Double
    }

    /// A range a figure lies in with the fit's confidence; `upper` is `nil` when it is unbounded
    /// (a peak that some resamples never reach).
    public struct Bounds: Codable, Sendable, Equatable {
        /// The lower end.
        public var lower: Double
        /// The upper end; `nil` when unbounded.
        @ExplicitNull public var upper: Double? = nil

        /// Bounds from `lower` to `upper`.
        public init(lower: Double, upper: Double?) {
            self.lower = lower
            self.upper = upper
        }
    }

    /// One point of the fitted curve.
    public struct CurvePoint: Codable, Sendable, Equatable {
        /// Requests in flight.
        public var concurrency: Double
        /// The fitted throughput there, requests per second.
        public var throughput: Double
        /// Where the throughput lies with the fit's confidence.
        public var bounds: Bounds
        /// Whether the point lies outside the concurrencies measured, beyond the highest (or, by
        /// Little's law, below the lowest): a prediction, not a measurement.
        public var isPrediction: Bool
    }

    /// Where throughput stopped growing and stayed flat: a fixed capacity (a pool of workers, a
    /// rate limit) rather than contention or coherency.
    public struct Saturation: Codable, Sendable, Equatable {
        /// The concurrency from which throughput is flat.
        public var concurrency: Double
        /// The flat throughput, the mean of the steps from there on, requests per second.
        public var throughput: Double
        /// Where it lies with the fit's confidence.
        public var bounds: Bounds
    }

    /// The steps fitted, in order of concurrency.
    public var points: [Point]
    /// The steps left out, by number: the generator did not keep up, or nothing succeeded.
    public var excludedSteps: [Int]
    /// The law fitted to ``points`` — with a ``saturation``, to those below it, where throughput
    /// still grows (and its first step, when fewer than three are below). The curve follows the
    /// law until it reaches the saturation's level, and the level from there on.
    public var law: UniversalScalabilityLaw
    /// Where throughput stayed flat over the last steps, when it did: at least three steps over a
    /// fourfold range of concurrency, each within 5% of their mean. Beyond it the curve is flat.
    @ExplicitNull public var saturation: Saturation? = nil
    /// ``UniversalScalabilityLaw/peakConcurrency`` of the law: `N*`, where throughput peaks; `nil`
    /// when it never does.
    @ExplicitNull public var peakConcurrency: Double? = nil
    /// The most throughput the law allows, requests per second; `nil` when it grows without bound.
    @ExplicitNull public var peakThroughput: Double? = nil
    /// How much of the throughput's variation across the steps the law explains (R²).
    public var determination: Double
    /// The confidence of the intervals, such as 0.95.
    public var confidence: Double
    /// The bootstrap's resamples that could be fitted (of 500 unless asked otherwise).
    public var resamples: Int
    /// The interval of `α`.
    public var contentionBounds: Bounds
    /// The interval of `β`.
    public var coherencyBounds: Bounds
    /// The interval of `γ`, requests per second.
    public var throughputAtOneBounds: Bounds
    /// The interval of `N*`; its upper end unbounded when some resamples have no peak; `nil`
    /// without a peak.
    @ExplicitNull public var peakConcurrencyBounds: Bounds? = nil
    /// The interval of the peak throughput, or of a saturation's level; `nil` when it is unbounded.
    @ExplicitNull public var peakThroughputBounds: Bounds? = nil
    /// The fitted curve from 1 (or the lowest concurrency measured, when below 1) to beyond the
    /// highest concurrency measured.
    public var curve: [CurvePoint]

    /// The lowest and highest concurrency measured.
    public var measuredConcurrency: ClosedRange<Double> {
        (points.first?.concurrency ?? 0)...(points.last?.concurrency ?? 0)
    }
}

extension ScalabilityFit {
    /// The fit of `steps`, with `resamples` bootstrap resamples drawn from `seed`; `nil` when fewer
    /// than three of them, at distinct concurrencies, can be fitted.
    public init?(steps: [CapacityStep], confidence: Double = 0.95, resamples: Int = 500, seed: UInt64 = 0x5CA1_AB1E) {
        var samples: [StepSample] = []
        var excluded: [Int] = []
        for step in steps {
            guard step.generatorCheck?.keptUp ?? true, let sample = StepSample(step), sample.throughput > 0 else {
                excluded.append(step.number)
                continue
            }
            samples.append(sample)
        }
        samples.sort { ($0.concurrency, $0.step) < ($1.concurrency, $1.step) }
        let observations = samples.map(\.observation)
        // With a plateau, the law is fitted to where throughput grows, the steps below it; with too
        // few of them for three coefficients, to those and its first step (which sits at the pool's
        // size when the levels hit it exactly); with fewer still, to every step (a plateau from the
        // start fits as α = 1). A step already on the plateau bends the law as coherency would.
        let plateau = Self.plateauStart(observations)
        let fittable = { (steps: ArraySlice<StepSample>) in Set(steps.map(\.concurrency)).count >= 3 ? Array(steps) : nil }
        let scaling = plateau.flatMap { fittable(samples[..<$0]) ?? fittable(samples[...$0]) } ?? samples
        guard let law = UniversalScalabilityLaw(fittedTo: scaling.map(\.observation)) else { return nil }

        var random = SeededGenerator(seed: seed)
        var laws: [UniversalScalabilityLaw] = []
        var levels: [Double] = []
        for _ in 0..<max(0, resamples) {
            if let refit = UniversalScalabilityLaw(fittedTo: scaling.map { $0.resampled(using: &random) }) { laws.append(refit) }
            if let plateau {
                let flat = samples[plateau...].map { $0.resampled(using: &random).throughput }
                levels.append(flat.reduce(0, +) / Double(flat.count))
            }
        }
        let tail = (1 - confidence) / 2
        // A resample without a peak counts as an infinite N*: it widens the upper end to unbounded
        // (`nil`); the report never holds an infinity.
        func bounds(_ values: [Double]) -> Bounds {
            let sorted = values.filter { !$0.isNaN }.sorted()
            guard let largestFinite = sorted.last(where: \.isFinite) else { return Bounds(lower: 0, upper: nil) }
            let quantile = { (share: Double) in sorted[min(sorted.count - 1, max(0, Int((share * Double(sorted.count)).rounded(.down))))] }
            let (lower, upper) = (quantile(tail), quantile(1 - tail))
            return Bounds(lower: lower.isFinite ? lower : largestFinite, upper: upper.isFinite ? upper : nil)
        }

        let saturation = plateau.map { start in
            let flat = observations[start...].map(\.throughput)
            return Saturation(
                concurrency: observations[start].concurrency, throughput: flat.reduce(0, +) / Double(flat.count), bounds: bounds(levels))
        }
        let measured = observations.last?.concurrency ?? 1
        let peak = saturation == nil ? law.peakConcurrency : nil
        let end = max(measured * 2, min(peak.map { $0 * 1.5 } ?? 0, measured * 4))
        /// The model at `concurrency`, and its bounds: the law, or beyond a saturation its level.
        func modelled(_ concurrency: Double) -> (throughput: Double, bounds: () -> Bounds) {
            if let saturation, concurrency > saturation.concurrency || law.throughput(atConcurrency: concurrency) > saturation.throughput {
                return (saturation.throughput, { saturation.bounds })
            }
            return (law.throughput(atConcurrency: concurrency), { bounds(laws.map { $0.throughput(atConcurrency: concurrency) }) })
        }
        let lowest = observations.first?.concurrency ?? 1
        let curve = Self.curveConcurrencies(from: min(1, lowest), to: end).map { concurrency in
            let model = modelled(concurrency)
            return CurvePoint(
                concurrency: concurrency, throughput: model.throughput, bounds: model.bounds(),
                isPrediction: concurrency > measured || concurrency < lowest)
        }
        let mean = observations.reduce(0) { $0 + $1.throughput } / Double(observations.count)
        let total = observations.reduce(0) { $0 + ($1.throughput - mean) * ($1.throughput - mean) }
        let residual = observations.reduce(0) {
            let error = $1.throughput - modelled($1.concurrency).throughput
            return $0 + error * error
        }
        let peakThroughput = saturation?.throughput ?? law.peakThroughput
        self.init(
            points: samples.map { Point(step: $0.step, concurrency: $0.concurrency, throughput: $0.throughput) },
            excludedSteps: excluded, law: law, saturation: saturation, peakConcurrency: peak,
            peakThroughput: peakThroughput.isFinite ? peakThroughput : nil,
            determination: total > 0 ? 1 - residual / total : 1, confidence: confidence, resamples: laws.count,
            contentionBounds: bounds(laws.map(\.contention)), coherencyBounds: bounds(laws.map(\.coherency)),
            throughputAtOneBounds: bounds(laws.map(\.throughputAtOne)),
            peakConcurrencyBounds: peak == nil ? nil : bounds(laws.map { $0.peakConcurrency ?? .infinity }),
            peakThroughputBounds: saturation?.bounds ?? (law.peakThroughput.isFinite ? bounds(laws.map(\.peakThroughput)) : nil),
            curve: curve
        )
    }

    /// The first of the last steps (in order of concurrency) over which throughput is flat: at least
    /// three, over at least a fourfold range of concurrency, each within 5% of their mean, after at
    /// least one step below it. A smooth peak is not flat over a fourfold range, and a law that
    /// levels off slowly (Amdahl's) still grows by more than 5% every doubling.
    static func plateauStart(_ observations: [UniversalScalabilityLaw.Observation]) -> Int? {
        guard observations.count >= 4, let last = observations.last else { return nil }
        for start in 1...(observations.count - 3) where last.concurrency >= 4 * observations[start].concurrency {
            let flat = observations[start...].map(\.throughput)
            let level = flat.reduce(0, +) / Double(flat.count)
            if level > 0, flat.allSatisfy({ abs($0 - level) <= 0.05 * level }) { return start }
        }
        return nil
    }

    /// `start` to `end`, evenly on a logarithmic scale, 64 points.
    private static func curveConcurrencies(from start: Double, to end: Double) -> [Double] {
        let count = 64
        guard start > 0, end > start else { return [max(start, end)] }
        return (0..<count).map { index in start * exp(log(end / start) * Double(index) / Double(count - 1)) }
    }
}

/// One step's measured intervals, as a bootstrap draws from them.
private struct StepSample {
    /// One interval: its successes, its length, and the latency of its requests added up.
    struct Interval {
        var succeeded: Double
        var seconds: Double
        var latencyTotal: Double
    }

    let step: Int
    /// The closed loop's workers; `nil` to take the concurrency by Little's law.
    let workers: Double?
    let intervals: [Interval]
    let throughput: Double
    let concurrency: Double

    init?(_ step: CapacityStep) {
        let measured = (step.timeSeries?.intervals ?? []).filter { $0.startSeconds >= step.warmupSeconds - 1e-9 }
        let intervals = measured.map { interval in
            let latency = (interval.uncorrectedLatency ?? interval.latency).summary
            return Interval(
                succeeded: Double(interval.outcomes.succeeded), seconds: interval.durationSeconds,
                latencyTotal: latency.mean * Double(latency.count))
        }
        guard !intervals.isEmpty else { return nil }
        self.init(step: step.number, workers: step.concurrency.map(Double.init), intervals: intervals)
    }

    init(step: Int, workers: Double?, intervals: [Interval]) {
        self.step = step
        self.workers = workers
        self.intervals = intervals
        let seconds = intervals.reduce(0) { $0 + $1.seconds }
        throughput = seconds > 0 ? intervals.reduce(0) { $0 + $1.succeeded } / seconds : 0
        // Little's law over every request that completed, failed ones too, as they were in flight
        // as long: the time spent in flight, added up, per second.
        concurrency = workers ?? (seconds > 0 ? intervals.reduce(0) { $0 + $1.latencyTotal } / 1e9 / seconds : 0)
    }

    /// The step's concurrency and throughput.
    var observation: UniversalScalabilityLaw.Observation {
        UniversalScalabilityLaw.Observation(concurrency: concurrency, throughput: throughput)
    }

    /// The step's figures from as many of its intervals, drawn with replacement.
    func resampled(using random: inout SeededGenerator) -> UniversalScalabilityLaw.Observation {
        let drawn = intervals.indices.map { _ in intervals[random.index(below: intervals.count)] }
        return StepSample(step: step, workers: workers, intervals: drawn).observation
    }
}
