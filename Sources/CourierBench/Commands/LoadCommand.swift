import BenchmarkEngine
import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `load`: the client driven against one URL, reported like any scenario.
public struct LoadCommand: BenchCommand, Equatable {
    public static let name = "load"
    public static let abstract = "Drives the client against any URL and writes reports."
    public static let synopsis = "load --url <url> [<options>]"

    let options: LoadOptions

    public static func help(in suite: BenchSuite) -> String {
        LoadOptions.usage(in: suite)
    }

    public static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> LoadCommand {
        LoadCommand(options: try LoadOptions.parse(arguments, in: suite))
    }

    /// The scenario name the run is reported under: `load/url/urlsession` or `load/url/curl`.
    var scenarioName: String {
        "load/url/\(options.transport.name)"
    }

    /// Runs the load and writes its report.
    public func run(in context: CommandContext) async throws -> ExitCode {
        var body: Data?
        if let file = options.bodyFile {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw UsageError(message: "cannot read the '--body' file '\(file)'", usage: Self.help(in: context.suite))
            }
            body = data
        }
        do {
            try ReportStore(directory: URL(fileURLWithPath: options.outputDirectory)).checkWritable()
        } catch {
            Platform.writeToStandardError("error: \(error); no request was sent\n")
            return .failure
        }
        let decoder = if case .model(let model) = options.decode { model.decoder(options.decoder) } else { options.decoder.make() }
        // A shard runs its share of the workers; the schedule, rate and limit stay the whole run's.
        let workers = options.shard.share(of: options.concurrency)
        let transport = try options.transport.make(TransportSettings(
            connections: workers, timeoutSeconds: options.timeoutSeconds, threads: options.reactors
        ))
        let client = transport.client(baseURL: options.url, decoder: decoder)
        let scenarioName = self.scenarioName
        let endpoint = URLEndpoint(options, body: body)
        var configuration = LoadConfiguration(
            concurrency: workers,
            rate: options.rate,
            maximumRequests: options.requests,
            durationNanoseconds: LoadConfiguration.nanoseconds(options.durationSeconds),
            requestTimeoutNanoseconds: LoadConfiguration.nanoseconds(options.timeoutSeconds)
        )
        configuration.shard = options.shard
        let startedAt = Date()
        let counter = AllocationCounter.shared
        let environment = Report.Environment.current(toolVersion: context.suite.version, allocator: counter?.backend)
        var scheduleStartedAt = Date()
        var lateStart: Double?
        if let start = options.startAt {
            Platform.writeToStandardError("Shard \(options.shard) waits until \(start.rfc3339) to start.\n")
            do {
                try await start.wait(usage: Self.help(in: context.suite))
            } catch {
                await transport.shutDown()
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
        let console = Console()
        let ticker = console.showProgress(of: scenarioName, progress)
        let result: ScenarioResult
        let decode = options.decode
        if options.startAt == nil { scheduleStartedAt = Date() }
        do {
            let context = ScenarioContext(name: scenarioName, isQuick: false, allocations: counter, progress: progress)
            result = try await LoadRunner.run(in: context, configuration: configuration) {
                await outcome { try await Self.send(endpoint, with: client, decode: decode) }
            }
        } catch {
            await ticker.stop()
            await transport.shutDown()
            throw error
        }
        await ticker.stop()
        await transport.shutDown()

        let published = ReportPublisher.publish(
            [result], commandLine: context.commandLine, startedAt: startedAt, environment: environment, isQuick: false,
            directory: options.outputDirectory, formats: ReportFormat.allCases, suite: context.suite,
            load: plan(startedAt: scheduleStartedAt, lateBy: lateStart)
        )
        guard published != nil else { return .failure }
        if let outcomes = result.outcomes, outcomes.sent > 0, outcomes.succeeded == 0 {
            let classes = outcomes.errors.sorted { $0.value > $1.value }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
            Platform.writeToStandardError("error: not one of \(outcomes.sent) requests to \(Redaction.url(options.url.absoluteString)) succeeded (\(classes))\n")
            return .failure
        }
        return .success
    }

    /// What this run was asked to do, as its report records it for `merge`.
    private func plan(startedAt: Date, lateBy lateStart: Double?) -> LoadPlan {
        let decode = switch options.decode {
        case .none: "none"
        case .json: "json"
        case .model(let model): model.name
        }
        var plan = LoadPlan(
            runLabel: options.runLabel, shard: options.shard, url: Redaction.url(options.url.absoluteString), method: options.method,
            rate: options.rate, concurrency: options.concurrency, durationSeconds: options.durationSeconds,
            timeoutSeconds: options.timeoutSeconds, requests: options.requests, transport: options.transport.name, decode: decode,
            startAt: options.startAt?.rfc3339, scheduleStartedAt: startedAt.timeIntervalSince1970
        )
        plan.lateStartSeconds = lateStart
        return plan
    }

    private static func send(_ endpoint: URLEndpoint, with client: APIClient, decode: LoadOptions.Decode) async throws -> Int {
        let body = try await client.send(endpoint)
        switch decode {
        case .none: return body.count
        case .json:
            _ = try client.decode(JSONValue.self, from: body)
            return 1
        case .model(let model):
            try model.decode(body, with: client)
            return 1
        }
    }
}
