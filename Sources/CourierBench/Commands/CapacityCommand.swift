import BenchmarkEngine
import BenchmarkMetrics
import Courier
import Foundation

/// `capacity`: the highest rate a URL sustains within its service-level objectives, found by a
/// search of open-loop steps — or how its throughput scales with the requests in flight, by a sweep
/// of closed loops — shown as a table while it runs and written as `capacity.json`, `capacity.csv`,
/// `scalability.csv`, `summary.md` and `report.html`.
public struct CapacityCommand: BenchCommand, Equatable {
    public static let name = "capacity"
    public static let abstract = "Finds the highest rate a URL sustains within its objectives, or how its throughput scales."
    public static let synopsis = "capacity --url <url> --slo <objective>... [<options>]"

    let options: CapacityOptions

    public static func declaration(in suite: BenchSuite) -> CommandDeclaration {
        CapacityOptions.declaration(in: suite)
    }

    public static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> CapacityCommand {
        CapacityCommand(options: try CapacityOptions.parse(arguments, in: suite))
    }

    /// The scenario name each step runs under: `capacity/url/urlsession` or `capacity/url/curl`, and
    /// `capacity/targets/…` for a targets file's mix.
    var scenarioName: String {
        "capacity/\(options.request.targets == nil ? "url" : "targets")/\(options.request.transport.name)"
    }

    /// Searches, printing each step as it completes, then writes the reports of every step
    /// completed, whatever stopped the search.
    public func run(in context: CommandContext) async throws -> BenchExitCode {
        Console.warnIfDebug()
        let usage = Self.help(in: context.suite)
        let store = ReportStore(directory: URL(fileURLWithPath: options.outputDirectory))
        do {
            try store.checkWritable()
        } catch {
            Platform.writeToStandardError("error: \(error); no request was sent\n")
            return .failure
        }
        let startedAt = Date()
        let runID = ReportStore.makeRunID(startedAt: startedAt)
        let live: LiveExport?
        do {
            let transport = options.request.transport.name
            live = try options.metrics.start(labels: RunLabels(runID: runID, scenario: scenarioName, transport: transport, shard: "0/1"))
        } catch {
            Platform.writeToStandardError("error: \(error); no request was sent\n")
            return .failure
        }
        let target = try RequestTarget.open(options.request, concurrency: options.sweepLevels.max() ?? options.concurrency, usage: usage)
        let environment = Report.Environment.current(toolVersion: context.suite.version, allocator: AllocationCounter.shared?.backend)
        let console = Console()
        let progress = ProgressMeter()
        var checks: (@Sendable () -> [ScenarioResult.Check])?
        if let tallies = target.checks, !tallies.names.isEmpty { checks = { tallies.figures } }
        var runner = LoadStepRunner(
            name: scenarioName, progress: progress, executors: target.transport.executors, mix: target.mix, checks: checks)
        runner.observer = live?.metrics
        let search = options.search
        let sweep = options.sweep == .concurrency ? options.concurrencySweep : nil
        print(CapacitySummary.terminalHeader)
        let ticker = console.showProgress(of: "step", progress)
        let server = options.server.map { options in
            ServerWatch(source: PrometheusFigures(options: options), objectives: self.options.objectives.serverObjectives)
        }
        let searching = Task {
            let printStep = { (step: CapacityStep) in
                console.printLine(CapacitySummary.terminalLine(step))
                if let figures = CapacitySummary.serverLine(step) { console.printLine("      \(figures)") }
            }
            if let sweep { return await sweep.run(with: runner, watching: server, stepCompleted: printStep) }
            return await search.run(with: runner, watching: server, stepCompleted: printStep)
        }
        // Ctrl-C ends the search after the step in flight, which is discarded; a second one ends
        // the process.
        let interrupts = Platform.onFirstInterrupt { searching.cancel() }
        let outcome = await searching.value
        interrupts.stop()
        await ticker.stop()
        let connections = target.transport.connectionCounts?()
        await target.transport.shutDown()

        var report = CapacityReport(
            runID: runID,
            startedAt: ISO8601DateFormatter().string(from: startedAt),
            environment: environment,
            commandLine: CommandLineRedaction.redact(context.commandLine),
            target: Redaction.url(options.request.url.absoluteString),
            settings: sweep.map { CapacitySettings($0, transport: options.request.transport.name) }
                ?? CapacitySettings(search, transport: options.request.transport.name),
            steps: outcome.steps,
            result: outcome.result
        )
        report.insecure = options.request.trust.allowsInsecureConnections ? true : nil
        report.tlsVersions = options.request.trust.tlsVersionsRecorded
        report.connections = connections
        if let server = options.server {
            report.serverMetrics = ServerQueries(url: server.redactedURL, queries: server.queries)
            report.settings.objectives += options.objectives.serverObjectives.map(\.description)
        }
        print("")
        print(CapacitySummary.headline(report))
        for line in CapacitySummary.findings(report) { print("- \(line)") }
        do {
            let written = try store.write(try report.files(), runID: report.runID)
            print("Reports: \(written.path)")
        } catch {
            await MetricsOptions.close(live, graceSeconds: options.metrics.graceSeconds)
            Platform.writeToStandardError("error: \(error)\n")
            return .failure
        }
        await MetricsOptions.close(live, graceSeconds: options.metrics.graceSeconds)
        // A sweep of which not one measured request succeeded has nothing to fit or plan with: a dead
        // or hostile server, as `load` says of one.
        var sent = ScenarioResult.Outcomes(sent: 0, succeeded: 0, errors: [:])
        for step in outcome.steps { sent.add(step.outcomes) }
        if options.sweep == .concurrency, sent.sent > 0, sent.succeeded == 0 {
            Platform.writeToStandardError(
                "error: \(NothingSucceeded(outcomes: sent, target: Redaction.url(options.request.url.absoluteString)))\n")
            return .failure
        }
        // A sweep with objectives, ended by its levels or its time, in which no level met every one.
        let sweepMissed =
            options.sweep == .concurrency && !options.objectives.objectives.isEmpty
            && outcome.result.largestPassingConcurrency == nil
        switch outcome.result.stopReason {
        case .stepFailed: return .failure
        case .failedAtMinimumRate, .aborted: return .objectiveBreached
        case .interrupted: return .interrupted
        case .converged, .maximumRateSustained: return .success
        case .timeLimit, .swept: return sweepMissed ? .objectiveBreached : .success
        }
    }
}
