import BenchmarkEngine
import BenchmarkMetrics
import Courier
import Foundation

/// `load`: the client driven against one URL, reported like any scenario.
public struct LoadCommand: BenchCommand, Equatable {
    public static let name = "load"
    public static let abstract = "Drives the client against any URL and writes reports."
    public static let synopsis = "load --url <url> [<options>]"

    let options: LoadOptions

    public static func declaration(in suite: BenchSuite) -> CommandDeclaration {
        LoadOptions.declaration(in: suite)
    }

    public static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> LoadCommand {
        LoadCommand(options: try LoadOptions.parse(arguments, in: suite))
    }

    /// The scenario name the run is reported under: `load/url/urlsession` or `load/url/curl`, and
    /// `load/targets/…` for a targets file's mix.
    var scenarioName: String {
        "load/\(options.request.targets == nil ? "url" : "targets")/\(options.request.transport.name)"
    }

    /// Runs the load, judges it against its objectives and writes its report.
    public func run(in context: CommandContext) async throws -> BenchExitCode {
        Console.warnIfDebug()
        let usage = Self.help(in: context.suite)
        do {
            try ReportStore(directory: URL(fileURLWithPath: options.outputDirectory)).checkWritable()
        } catch {
            Platform.writeToStandardError("error: \(error); no request was sent\n")
            return .failure
        }
        var request = options.request
        request.connection = request.connection.shared(by: options.shard)
        let startedAt = Date()
        let runID = ReportStore.makeRunID(startedAt: startedAt)
        let live: LiveExport?
        do {
            live = try options.metrics.start(
                labels: RunLabels(runID: runID, scenario: scenarioName, transport: request.transport.name, shard: options.shard.description)
            )
        } catch {
            Platform.writeToStandardError("error: \(error); no request was sent\n")
            return .failure
        }
        let target = try RequestTarget.open(request, concurrency: options.workers, usage: usage)
        let counter = AllocationCounter.shared
        let environment = Report.Environment.current(toolVersion: context.suite.version, allocator: counter?.backend)
        var configuration = options.configuration
        var scheduleStartedAt: Date?
        var lateStart: Double?
        if let start = options.startAt {
            Platform.writeToStandardError("Shard \(options.shard) waits until \(start.rfc3339) to start.\n")
            do {
                try await start.wait(usage: usage)
            } catch {
                await target.transport.shutDown()
                throw error
            }
            // The shared instant on this process's monotonic clock, read together with the wall clock:
            // the schedule starts there, not when the workers get going.
            let (now, monotonic) = (Date(), Platform.monotonicNanoseconds())
            let late = max(0, now.timeIntervalSince(start.date))
            configuration.startNanoseconds = monotonic &- LoadConfiguration.nanoseconds(late)
            scheduleStartedAt = start.date
            lateStart = late
        }
        let progress = ProgressMeter()
        let ticker = Console().showProgress(of: scenarioName, progress)
        var result: ScenarioResult
        let plan = self.plan(startedAt: scheduleStartedAt ?? Date(), lateBy: lateStart)
        do {
            var scenario = ScenarioContext(name: scenarioName, isQuick: false, allocations: counter, progress: progress)
            scenario.observer = live?.metrics
            result = try await LoadRunner.run(
                in: scenario, configuration: configuration, executors: target.transport.executors, mix: target.mix)
        } catch {
            await ticker.stop()
            await target.transport.shutDown()
            live?.listener?.stop()
            throw error
        }
        await ticker.stop()
        result.connections = target.transport.connectionCounts?()
        if let checks = target.checks, !checks.names.isEmpty { result.checks = checks.figures }
        await target.transport.shutDown()
        result.serviceLevel = try options.objectives.verdict(on: result)

        let published = ReportPublisher.publish(
            [result], runID: runID, commandLine: context.commandLine, startedAt: startedAt, environment: environment, isQuick: false,
            directory: options.outputDirectory, formats: ReportFormat.defaults, suite: context.suite, load: plan
        )
        await MetricsOptions.close(live, graceSeconds: options.metrics.graceSeconds)
        guard published != nil else { return .failure }
        if let outcomes = result.outcomes, outcomes.sent > 0, outcomes.succeeded == 0 {
            let failure = NothingSucceeded(outcomes: outcomes, target: Redaction.url(options.request.url.absoluteString))
            Platform.writeToStandardError("error: \(failure)\n")
            return .failure
        }
        return BenchExitCode(judging: [result])
    }

    /// What this run was asked to do, as its report records it for `merge`.
    private func plan(startedAt: Date, lateBy lateStart: Double?) -> LoadPlan {
        let request = options.request
        let decode =
            switch request.decode {
            case .none: "none"
            case .json: "json"
            case .model(let model): model.name
            }
        var plan = LoadPlan(
            runLabel: options.runLabel, shard: options.shard, url: Redaction.url(request.url.absoluteString), method: request.method,
            rate: options.rate, concurrency: options.concurrency, durationSeconds: options.durationSeconds,
            timeoutSeconds: request.timeoutSeconds, requests: options.requests, transport: request.transport.name, decode: decode,
            startAt: options.startAt?.rfc3339, scheduleStartedAt: startedAt.timeIntervalSince1970
        )
        plan.lateStartSeconds = lateStart
        plan.maximumBodyBytes = request.maximumBodySize
        plan.headers = request.headers.map { CommandLineRedaction.header("\($0.name): \($0.value)") }
        plan.stages = options.stages.isEmpty ? nil : options.stages
        plan.intervalSeconds = options.intervalSeconds
        plan.http = request.connection.httpVersion?.rawValue
        plan.connections = request.connection.connections
        plan.insecure = request.trust.allowsInsecureConnections ? true : nil
        plan.tlsVersions = request.trust.tlsVersionsRecorded
        plan.targets = request.targets.map { URL(fileURLWithPath: $0.file).lastPathComponent }
        return plan
    }
}
