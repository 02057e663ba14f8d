/// Whether the generator itself kept up with a step: sent what it planned, had the CPUs it needed,
/// and added little of its own waiting to the latencies it measured. A step in which it did not
/// says nothing about the server's limit.
///
/// Three signs, each with a limit in ``CapacityStep/Limits``:
/// - **Send rate** (open loops, as Envoy's Nighthawk checks every step): requests sent ÷ requests
///   planned over the measured part. Falling short while workers were free is the generator's
///   doing; with every worker busy it is the server holding them, and not counted against the
///   generator.
/// - **Starvation**: the bench's threads waited for a CPU at least as long as they ran (run-queue
///   wait ÷ runnable time), and that wait, spread over the requests, is a material part of their
///   mean latency. A busy neighbour does this; a lightly loaded bench on a busy machine is not
///   starved, as its threads are woken ahead of the neighbour's.
/// - **CPU**: the bench used nearly every CPU of the machine.
public struct GeneratorCheck: Codable, Sendable, Equatable {
    /// Open loop: requests sent ÷ requests planned over the measured part; `nil` in a closed loop,
    /// whose plan is a number in flight rather than a rate.
    @ExplicitNull public var sendRateShare: Double? = nil
    /// The generator's run-queue wait per request ÷ the mean latency measured, over the whole step;
    /// `nil` where the system does not say.
    @ExplicitNull public var waitShareOfLatency: Double? = nil
    /// Whether the generator kept up by every sign.
    public var keptUp: Bool
    /// Whether an open loop sent too little of its plan with workers free: then even a step whose
    /// objectives held did not offer the server the rate it is judged at.
    public var fellBehindSchedule = false
    /// What it fell short by, a sentence each; empty when it kept up.
    public var findings: [String]

    /// A check with these figures.
    public init(sendRateShare: Double?, waitShareOfLatency: Double?, keptUp: Bool, findings: [String]) {
        self.sendRateShare = sendRateShare
        self.waitShareOfLatency = waitShareOfLatency
        self.keptUp = keptUp
        self.findings = findings
    }

    /// Checks a step whose measured part planned `planned` requests (`nil` in a closed loop) and
    /// sent `sent`, at most `concurrency` at once, using `cpuShare` of the CPUs, with `generator`'s
    /// figures over the whole step, in which `requests` were sent with a mean latency of
    /// `meanLatencyNanoseconds`.
    ///
    /// The run-queue wait is the whole step's, warm-up included, spread over the whole step's
    /// requests: the kernel counts it per thread since the thread began, not per interval.
    init(
        planned: Int?, sent: Int, concurrency: Int, cpuShare: Double?, generator: GeneratorLoad?, requests: Int,
        meanLatencyNanoseconds: Double, limits: CapacityStep.Limits
    ) {
        var findings: [String] = []
        let sendRateShare = planned.flatMap { $0 > 0 ? Double(sent) / Double($0) : nil }
        var fellBehind = false
        // Workers free: never all of them in flight at once. Once an overloaded server holds every
        // worker, slots go unsent because of it; an open loop's queue builds through the step, so
        // the peak, not the mean, says whether it ever did.
        let workersFree = (generator?.peakInFlight ?? 0) < concurrency
        if let share = sendRateShare, share < limits.sendRateShare, workersFree {
            fellBehind = true
            findings.append(
                "fell behind its schedule: sent \(Self.percent(share)) of the requests planned "
                    + "(below \(Self.percent(limits.sendRateShare))) with workers free")
        }
        var waitShareOfLatency: Double?
        if let wait = generator?.runQueueWaitSeconds, let share = generator?.runQueueWaitShare, requests > 0, meanLatencyNanoseconds > 0 {
            let ofLatency = wait * 1e9 / Double(requests) / meanLatencyNanoseconds
            waitShareOfLatency = ofLatency
            if share >= limits.generatorWaitShare, ofLatency >= limits.generatorWaitOfLatency {
                let load = generator?.machineCPUShare.map { ", the machine's CPUs \(Self.percent($0)) busy" } ?? ""
                findings.append(
                    "starved of CPUs: the generator's threads waited for one \(Self.percent(share)) of the time they could run, "
                        + "\(Self.percent(ofLatency)) of the mean latency per request\(load)")
            }
        }
        if let cpu = cpuShare ?? generator?.cpuShare, cpu >= limits.generatorCPUShare {
            findings.append("saturated: the generator used \(Self.percent(cpu)) of the CPUs")
        }
        self.init(sendRateShare: sendRateShare, waitShareOfLatency: waitShareOfLatency, keptUp: findings.isEmpty, findings: findings)
        fellBehindSchedule = fellBehind
    }

    private static func percent(_ share: Double) -> String {
        share >= 0.995 && share < 1 ? String(format: "%.1f%%", share * 100) : String(format: "%.0f%%", share * 100)
    }
}
