import Testing

@testable import BenchmarkEngine

/// Whether the generator kept up. A generator starved by real busy neighbours is checked in CI
/// (`.ci/run`, beside busy loops on every core), with nothing else running: here the neighbours
/// would starve every test running beside this one.
@Suite struct GeneratorCheckTests {
    /// The kernel's figures for this process: threads that ran, the machine's CPU ticks, and the
    /// differences between two readings.
    @Test func schedulerTimesAddUpThreadsAndSurviveOnesThatCameAndWent() {
        let before = Platform.threadSchedulerTimes()
        #expect(!before.isEmpty)
        #expect(Platform.machineCPUTicks().map { $0.busy <= $0.total } == true)
        let earlier = [1: SchedulerTimes(running: 100, waiting: 10), 2: SchedulerTimes(running: 50, waiting: 50)]
        let later = [
            1: SchedulerTimes(running: 300, waiting: 30),  // ran on
            3: SchedulerTimes(running: 40, waiting: 60),  // new: counted from its start
        ]
        let elapsed = SchedulerTimes.elapsed(from: earlier, to: later)
        #expect(elapsed == SchedulerTimes(running: 240, waiting: 80), "thread 2 is gone and lost")
        #expect(elapsed.waitingShare == 0.25)
        #expect(SchedulerTimes(running: 0, waiting: 0).waitingShare == nil)
        let reused = SchedulerTimes.elapsed(
            from: [5: SchedulerTimes(running: 900, waiting: 900)], to: [5: SchedulerTimes(running: 7, waiting: 3)])
        #expect(reused == SchedulerTimes(running: 7, waiting: 3), "a reused thread ID reads as a new thread")
    }

    /// An open loop that sent fewer than 99% of its requests with workers free is the generator's,
    /// and even a step whose objectives held is not passed at a rate it did not send; once every
    /// worker was held at some point it is the server holding them.
    @Test(arguments: [(peakInFlight: 3, keptUp: false), (peakInFlight: 8, keptUp: true)])
    func aShortSendRateIsTheGeneratorsOnlyWithWorkersFree(peakInFlight: Int, keptUp: Bool) {
        let generator = GeneratorLoad(
            cpuSeconds: 0.1, cpuShare: 0.1, meanInFlight: 2, peakInFlight: peakInFlight, lateStarts: 0, wakeLateness: nil)
        let check = GeneratorCheck(
            planned: 1_000, sent: 950, concurrency: 8, cpuShare: nil, generator: generator, requests: 950, meanLatencyNanoseconds: 1e6,
            limits: CapacityStep.Limits())
        #expect(check.sendRateShare == 0.95)
        #expect(check.keptUp == keptUp && check.fellBehindSchedule == !keptUp)
        #expect(
            (check.findings.first?.hasPrefix("fell behind its schedule: sent 95% of the requests planned (below 99%) with workers free")
                ?? false) == !keptUp)
    }
}
