import Foundation

/// Student's two-sample t-test with pooled variance, the significance test Otava (Hunter) applies to
/// each change-point candidate: are the means on either side of a split different?
struct StudentTTest: Sendable, Equatable {
    /// The two sides' means.
    var meanBefore: Double
    var meanAfter: Double
    /// The difference of the means divided by its standard error.
    var t: Double
    /// The degrees of freedom, the two sides' counts less two.
    var degreesOfFreedom: Double
    /// The standard error of the difference of the means.
    var standardError: Double
    /// The two-sided p-value: how likely a difference this large is when both sides share one mean.
    var pValue: Double

    /// The test of `before` against `after`; `nil` when there are too few points for a variance
    /// (fewer than three in all, or an empty side).
    init?(_ before: ArraySlice<Double>, _ after: ArraySlice<Double>) {
        let left = Moments(before)
        let right = Moments(after)
        guard left.count > 0, right.count > 0, left.count + right.count > 2 else { return nil }
        meanBefore = left.mean
        meanAfter = right.mean
        degreesOfFreedom = Double(left.count + right.count - 2)
        let pooledVariance = (left.squaredDeviations + right.squaredDeviations) / degreesOfFreedom
        standardError = (pooledVariance * (1 / Double(left.count) + 1 / Double(right.count))).squareRoot()
        let difference = meanAfter - meanBefore
        if standardError > 0 {
            t = difference / standardError
            pValue = Self.twoSidedPValue(t: t, degreesOfFreedom: degreesOfFreedom)
        } else {
            // Both sides constant: any difference at all is certain, none is no evidence.
            t = difference == 0 ? 0 : (difference > 0 ? .infinity : -.infinity)
            pValue = difference == 0 ? 1 : 0
        }
    }

    /// The half-width of the two-sided confidence interval of the difference of the means at
    /// confidence `1 - pValue`.
    func confidenceHalfWidth(pValue: Double) -> Double {
        standardError * Self.criticalValue(pValue: pValue, degreesOfFreedom: degreesOfFreedom)
    }

    /// P(|T| ≥ |t|) for Student's t with `degreesOfFreedom`: the regularized incomplete beta function
    /// I_x(ν/2, 1/2) at x = ν / (ν + t²).
    static func twoSidedPValue(t: Double, degreesOfFreedom ν: Double) -> Double {
        guard t.isFinite else { return 0 }
        return regularizedIncompleteBeta(ν / (ν + t * t), a: ν / 2, b: 0.5)
    }

    /// The |t| whose two-sided p-value is `pValue`, by bisection: the p-value falls as |t| grows.
    static func criticalValue(pValue: Double, degreesOfFreedom: Double) -> Double {
        var low = 0.0
        var high = 1e6
        for _ in 0..<200 {
            if high - low <= 1e-9 * high { break }
            let middle = (low + high) / 2
            if twoSidedPValue(t: middle, degreesOfFreedom: degreesOfFreedom) > pValue { low = middle } else { high = middle }
        }
        return high
    }

    /// I_x(a, b), by the continued fraction that converges fast for x < (a + 1) / (a + b + 2) and
    /// the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) elsewhere (modified Lentz's method).
    static func regularizedIncompleteBeta(_ x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if x > (a + 1) / (a + b + 2) { return 1 - regularizedIncompleteBeta(1 - x, a: b, b: a) }
        let logBeta: Double = lgamma(a) + lgamma(b) - lgamma(a + b)
        let logFront: Double = a * log(x) + b * log(1 - x) - logBeta
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        d = 1 / (abs(d) < tiny ? tiny : d)
        var fraction = d
        for m in 1...300 {
            let m = Double(m)
            let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 + even * d
            d = 1 / (abs(d) < tiny ? tiny : d)
            c = 1 + even / c
            c = abs(c) < tiny ? tiny : c
            fraction *= d * c
            let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 + odd * d
            d = 1 / (abs(d) < tiny ? tiny : d)
            c = 1 + odd / c
            c = abs(c) < tiny ? tiny : c
            let step = d * c
            fraction *= step
            if abs(step - 1) < 1e-15 { break }
        }
        return min(1, max(0, exp(logFront) * fraction / a))
    }
}

/// Count, mean and sum of squared deviations of some points, in one pass (Welford's method).
struct Moments: Sendable, Equatable {
    var count = 0
    var mean = 0.0
    var squaredDeviations = 0.0

    init(_ values: ArraySlice<Double>) {
        for value in values {
            count += 1
            let delta = value - mean
            mean += delta / Double(count)
            squaredDeviations += delta * (value - mean)
        }
    }
}
