extension CapacityResult.Knee {
    /// The knee of `steps`' p99 over the load each offered (the last step of each load, its workers
    /// in a sweep, its rate otherwise): Kneedle's point of a convex, increasing curve, the largest
    /// `load − p99` once both are scaled to 0…1 (lowest to highest). `nil` with fewer than three
    /// loads with a latency measured, or when p99 nowhere lies below the diagonal of that square
    /// (it does not bend upwards).
    init?(in steps: [CapacityStep]) {
        var byLoad: [Double: CapacityStep] = [:]
        for step in steps where step.latency.summary.count > 0 { byLoad[step.offeredLoad] = step }
        let points = byLoad.sorted { $0.key < $1.key }.map { (load: $0.key, step: $0.value, p99: Double($0.value.latency.summary.p99)) }
        guard points.count >= 3, let first = points.first, let last = points.last, last.load > first.load else { return nil }
        let p99s = points.map(\.p99)
        guard let lowest = p99s.min(), let highest = p99s.max(), highest > lowest else { return nil }
        let differences = points.map { point in
            (point.load - first.load) / (last.load - first.load) - (point.p99 - lowest) / (highest - lowest)
        }
        guard let best = differences.indices.max(by: { differences[$0] < differences[$1] }), differences[best] > 1e-9 else { return nil }
        let step = points[best].step
        self.init(
            rate: step.concurrency == nil ? step.targetRate : step.throughput, concurrency: step.concurrency,
            p99Nanoseconds: step.latency.summary.p99, difference: differences[best])
    }
}
