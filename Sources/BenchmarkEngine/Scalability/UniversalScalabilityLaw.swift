import Foundation

/// Gunther's Universal Scalability Law: how throughput grows with the load in flight,
/// `X(N) = γN / (1 + α(N − 1) + βN(N − 1))`.
///
/// `α` (contention) is the share of the work that queues for something shared, `β` (coherency) the
/// cost of keeping every pair of requests in agreement; with `β > 0` throughput peaks at
/// `N* = √((1 − α) / β)` and falls beyond it, with `β = 0` it levels off towards `γ / α` (Amdahl's
/// law), and with both 0 it grows in a straight line.
///
/// ```swift
/// let law = UniversalScalabilityLaw(contention: 0.05, coherency: 0.002, throughputAtOne: 100)
/// law.throughput(atConcurrency: 8)  // 547 requests a second
/// law.peakConcurrency               // 21.8
/// ```
public struct UniversalScalabilityLaw: Codable, Sendable, Equatable {
    /// `α`: the share of the work serialised on something shared, 0 to 1.
    public var contention: Double
    /// `β`: the cost of coherency between every two requests in flight, at least 0.
    public var coherency: Double
    /// `γ`: the throughput with one request in flight, requests per second.
    public var throughputAtOne: Double

    /// A law with these coefficients.
    public init(contention: Double, coherency: Double, throughputAtOne: Double) {
        self.contention = contention
        self.coherency = coherency
        self.throughputAtOne = throughputAtOne
    }

    /// The throughput with `concurrency` requests in flight, requests per second.
    public func throughput(atConcurrency concurrency: Double) -> Double {
        throughputAtOne * Self.scaling(concurrency, contention: contention, coherency: coherency)
    }

    /// `N / (1 + α(N − 1) + βN(N − 1))`: the throughput at `N` in units of the throughput at one.
    /// Below one request in flight (Little's law of a light open loop) a large `α` and `β` can
    /// take the denominator to 0 or below, where the law says nothing: 0 there.
    static func scaling(_ concurrency: Double, contention: Double, coherency: Double) -> Double {
        let denominator = 1 + contention * (concurrency - 1) + coherency * concurrency * (concurrency - 1)
        return denominator > 0 ? concurrency / denominator : 0
    }

    /// Where throughput peaks, `√((1 − α) / β)` and at least 1; `nil` when it never does (`β = 0`).
    public var peakConcurrency: Double? {
        guard coherency > 0 else { return nil }
        return max(1, ((1 - contention) / coherency).squareRoot())
    }

    /// The most throughput the law allows: at ``peakConcurrency``, or the level it approaches,
    /// `γ / α`, when it never peaks (infinite when it grows in a straight line).
    public var peakThroughput: Double {
        if let peak = peakConcurrency { return throughput(atConcurrency: peak) }
        return contention > 0 ? throughputAtOne / contention : .infinity
    }
}

extension UniversalScalabilityLaw {
    /// One measurement the law is fitted to: a load in flight and the throughput it gave.
    public struct Observation: Codable, Sendable, Equatable {
        /// Requests in flight.
        public var concurrency: Double
        /// Requests completed per second.
        public var throughput: Double

        /// An observation of `throughput` at `concurrency`.
        public init(concurrency: Double, throughput: Double) {
            self.concurrency = concurrency
            self.throughput = throughput
        }
    }

    /// The law closest to `observations` in least squares (throughput residuals), with `α` in 0…1
    /// and `β` at least 0; `nil` with fewer than three distinct concurrencies, which cannot fix
    /// three coefficients.
    ///
    /// For given `α` and `β` the best `γ` has a closed form (a linear least-squares slope), so only
    /// `α` and `β` are searched: a coarse grid over both for a start that is not a local minimum,
    /// then a Nelder–Mead simplex from there, restarted once from its own answer.
    public init?(fittedTo observations: [Observation]) {
        let points = observations.filter { $0.concurrency > 0 && $0.throughput.isFinite && $0.throughput >= 0 }
        guard Set(points.map(\.concurrency)).count >= 3, points.contains(where: { $0.throughput > 0 }) else { return nil }
        // β is searched as the square of a free number, so that it never goes below 0.
        func law(_ coordinates: SIMD2<Double>) -> UniversalScalabilityLaw {
            let contention = min(max(coordinates.x, 0), 1)
            let coherency = coordinates.y * coordinates.y
            var scaled = (product: 0.0, square: 0.0)
            for point in points {
                let scaling = Self.scaling(point.concurrency, contention: contention, coherency: coherency)
                scaled.product += point.throughput * scaling
                scaled.square += scaling * scaling
            }
            return UniversalScalabilityLaw(
                contention: contention, coherency: coherency, throughputAtOne: scaled.square > 0 ? scaled.product / scaled.square : 0)
        }
        func squaredError(_ coordinates: SIMD2<Double>) -> Double {
            let candidate = law(coordinates)
            // Outside the bounds the error grows with the distance, so the simplex walks back.
            let outside = max(0, -coordinates.x) + max(0, coordinates.x - 1)
            return points.reduce(0) { error, point in
                let residual = point.throughput - candidate.throughput(atConcurrency: point.concurrency)
                return error + residual * residual
            } * (1 + outside)
        }
        var start = SIMD2<Double>(0, 0)
        var lowest = squaredError(start)
        for contention in [0, 0.001, 0.003, 0.01, 0.03, 0.1, 0.2, 0.4, 0.6, 0.8, 0.95] {
            for coherency in [0, 1e-6, 1e-5, 1e-4, 3e-4, 1e-3, 3e-3, 1e-2, 3e-2, 0.1, 0.3] {
                let candidate = SIMD2(contention, coherency.squareRoot())
                let error = squaredError(candidate)
                if error < lowest { (start, lowest) = (candidate, error) }
            }
        }
        var best = NelderMead.minimum(of: squaredError, from: start, steps: SIMD2(0.05, max(0.01, start.y / 2)))
        best = NelderMead.minimum(of: squaredError, from: best, steps: SIMD2(0.01, max(0.001, best.y / 4)))
        // The search never lands on β = 0 exactly, and a β of 1e-10 would put a peak at N ≈ 10⁵
        // that nothing measured suggests. So the best law without coherency (Amdahl's) is fitted
        // too, and kept unless coherency explains a tenth of its error or more.
        let withoutCoherency = { (coordinates: SIMD2<Double>) in squaredError(SIMD2(coordinates.x, 0)) }
        var amdahl = NelderMead.minimum(of: withoutCoherency, from: SIMD2(best.x, 0), steps: SIMD2(0.05, 0.01))
        amdahl.y = 0
        let scale = points.reduce(0) { $0 + $1.throughput * $1.throughput }
        if squaredError(amdahl) <= 1.1 * squaredError(best) + 1e-12 * scale { best = amdahl }
        self = law(best)
    }
}

/// The Nelder–Mead simplex method in two dimensions, with the usual coefficients (reflection 1,
/// expansion 2, contraction ½, shrink ½).
enum NelderMead {
    /// The point near `start` where `function` is least, from a first simplex `steps` wide.
    static func minimum(of function: (SIMD2<Double>) -> Double, from start: SIMD2<Double>, steps: SIMD2<Double>) -> SIMD2<Double> {
        var simplex = [start, start + SIMD2(steps.x, 0), start + SIMD2(0, steps.y)].map { (point: $0, value: function($0)) }
        for _ in 0..<500 {
            simplex.sort { $0.value < $1.value }
            let (best, worst) = (simplex[0], simplex[2])
            if abs(worst.value - best.value) <= 1e-14 * (abs(best.value) + 1e-300) { break }
            let centroid = (simplex[0].point + simplex[1].point) / 2
            let reflected = centroid + (centroid - worst.point)
            let reflectedValue = function(reflected)
            if reflectedValue < best.value {
                let expanded = centroid + 2 * (centroid - worst.point)
                let expandedValue = function(expanded)
                simplex[2] = expandedValue < reflectedValue ? (expanded, expandedValue) : (reflected, reflectedValue)
            } else if reflectedValue < simplex[1].value {
                simplex[2] = (reflected, reflectedValue)
            } else {
                let contracted = centroid + (worst.point - centroid) / 2
                let contractedValue = function(contracted)
                if contractedValue < worst.value {
                    simplex[2] = (contracted, contractedValue)
                } else {
                    for index in 1...2 {
                        let shrunk = best.point + (simplex[index].point - best.point) / 2
                        simplex[index] = (shrunk, function(shrunk))
                    }
                }
            }
        }
        return simplex.min { $0.value < $1.value }?.point ?? start
    }
}
