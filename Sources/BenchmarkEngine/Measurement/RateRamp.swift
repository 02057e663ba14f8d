/// The rate of an open loop over time, as straight segments, and the exact time each request is due.
///
/// Request `k` (from 0) is due at the first moment the integral of the rate, the number of requests
/// due so far, exceeds `k`. Within a segment whose rate moves from `a` to `b` over `T` seconds, the
/// integral is `a·s + (b − a)/T · s²/2`, so the due time solves a quadratic, taken in the form that
/// loses no precision when the rate barely changes. Every due time comes from the slot's index alone:
/// nothing is summed from one request to the next, so nothing drifts, and a shard of the schedule is
/// a filter on the index. A segment whose rate is 0 throughout holds no request and is never divided by.
struct RateRamp: Sendable {
    /// One straight piece of the rate.
    struct Segment: Sendable, Equatable {
        /// Nanoseconds from the run's start to the segment's.
        let start: Double
        /// Nanoseconds the segment lasts.
        let length: Double
        /// Requests per second at its start and at its end.
        let startRate: Double
        let endRate: Double
        /// Requests due before it starts (the integral up to `start`).
        let dueBefore: Double

        /// Requests due by its end.
        var dueAfter: Double {
            dueBefore + (startRate + endRate) / 2 * length / 1e9
        }
    }

    let segments: [Segment]
    /// Requests due over the whole duration (the integral of the rate), not rounded.
    let totalDue: Double

    /// The rate `startRate` ramped through `stages`, held at the last stage's target after it and
    /// cut at `durationNanoseconds`. Rates that are not positive finite numbers count as 0.
    init(startRate: Double, stages: [LoadStage], durationNanoseconds: UInt64) {
        func clean(_ rate: Double) -> Double { rate.isFinite && rate > 0 ? rate : 0 }
        let duration = Double(durationNanoseconds)
        var segments: [Segment] = []
        var start = 0.0
        var rate = clean(startRate)
        var due = 0.0
        for stage in stages where start < duration {
            let target = clean(stage.targetRate)
            let planned = Double(stage.durationNanoseconds)
            guard planned > 0 else {
                rate = target
                continue
            }
            // A stage cut by the duration ends at the rate it has reached by then.
            let length = min(planned, duration - start)
            let end = rate + (target - rate) * (length / planned)
            let segment = Segment(start: start, length: length, startRate: rate, endRate: end, dueBefore: due)
            segments.append(segment)
            due = segment.dueAfter
            start += length
            rate = end
        }
        if start < duration {
            let hold = Segment(start: start, length: duration - start, startRate: rate, endRate: rate, dueBefore: due)
            segments.append(hold)
            due = hold.dueAfter
        }
        self.segments = segments
        totalDue = due
    }

    /// Nanoseconds from the start at which request `index` is due, or `nil` when the integral never
    /// reaches it.
    func offset(ofSlot index: Int) -> Double? {
        let k = Double(index)
        // The first segment by whose end more than k requests are due; empty segments never qualify.
        var low = 0
        var high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].dueAfter > k { high = middle } else { low = middle + 1 }
        }
        guard low < segments.count else { return nil }
        let segment = segments[low]
        let remaining = max(0, k - segment.dueBefore)
        guard remaining > 0 else { return segment.start }
        let seconds: Double
        if segment.startRate == segment.endRate {
            seconds = remaining / segment.startRate
        } else {
            // r·s + c·s²/2 = remaining with c the slope; 2Δ / (r + √(r² + 2cΔ)) avoids the
            // cancellation of (√(r² + 2cΔ) − r) / c when c is small. The radicand is the rate
            // squared at the due time, never negative but for rounding.
            let slope = (segment.endRate - segment.startRate) / (segment.length / 1e9)
            let rateThen = max(0, segment.startRate * segment.startRate + 2 * slope * remaining).squareRoot()
            seconds = 2 * remaining / (segment.startRate + rateThen)
        }
        return segment.start + min(seconds * 1e9, segment.length)
    }
}
