import BenchmarkEngine

/// Requests by how they ended and their latency, added up from intervals or from finished runs.
struct OutcomeCounts: Sendable {
    var succeeded = 0
    var missed = 0
    var errors: [String: Int] = [:]
    var latency: Histogram?

    /// Adds an interval's figures.
    mutating func add(_ figures: IntervalFigures) {
        add(succeeded: figures.succeeded, missed: figures.missed, errors: figures.errors, latency: figures.latency)
    }

    /// Adds a finished run's, or a name's, whole figures; a histogram that does not decode leaves
    /// the latency as it was (the counts still count).
    mutating func add(_ outcomes: ScenarioResult.Outcomes, latency: ScenarioResult.Latency?) {
        let histogram = latency.flatMap { try? Histogram(encoded: $0.histogram) }
        add(succeeded: outcomes.succeeded, missed: outcomes.missed, errors: outcomes.errors, latency: histogram)
    }

    private mutating func add(succeeded: Int, missed: Int, errors: [String: Int], latency histogram: Histogram?) {
        self.succeeded += succeeded
        self.missed += missed
        self.errors.merge(errors, uniquingKeysWith: +)
        guard let histogram else { return }
        if latency == nil {
            latency = histogram
        } else {
            // Every run's histograms share one layout; one that did not would be left out, not guessed at.
            try? latency?.merge(histogram)
        }
    }

    /// These counts and `other`'s.
    func adding(_ other: OutcomeCounts) -> OutcomeCounts {
        var sum = self
        sum.add(succeeded: other.succeeded, missed: other.missed, errors: other.errors, latency: other.latency)
        return sum
    }

    /// The counts by outcome: `success` first, then each error class in order.
    var byOutcome: [(outcome: String, count: Int)] {
        [("success", succeeded)] + errors.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
