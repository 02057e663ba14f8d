import Foundation

extension Duration {
    /// The duration in seconds, for arithmetic with `Date`s.
    var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
