import CourierFixtures
import Foundation

/// Series of one figure over runs with Gaussian noise and level shifts where asked, reproducible by seed.
enum SyntheticHistory {
    /// `count` points around 1000 with noise of coefficient of variation `variation`, each step
    /// multiplying the level by 1 + its change from its index on.
    static func series(seed: UInt64, count: Int = 60, variation: Double = 0.03, steps: [(index: Int, change: Double)] = []) -> [Double] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in
            let level = steps.filter { index >= $0.index }.reduce(1000.0) { $0 * (1 + $1.change) }
            return level * (1 + variation * gaussian(using: &random))
        }
    }

    /// A standard normal deviate (Box–Muller).
    private static func gaussian(using random: inout SplitMix64) -> Double {
        let u = Double.random(in: Double.ulpOfOne..<1, using: &random)
        let v = Double.random(in: 0..<1, using: &random)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}
