import BenchmarkEngine
import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `bench load`: the client driven against one URL, reported like any scenario.
enum LoadCommand {
    /// The scenario name the run is reported under: `load/url/urlsession` or `load/url/curl`.
    static func scenarioName(_ options: LoadOptions) -> String {
        "load/url/\(options.transport.rawValue)"
    }

    /// Runs the load and writes its report; returns the exit code.
    static func run(_ options: LoadOptions, arguments: [String]) async -> Int32 {
        var body: Data?
        if let file = options.bodyFile {
            guard let data = FileManager.default.contents(atPath: file) else {
                Platform.writeToStandardError("\(UsageError(message: "cannot read the '--body' file '\(file)'", usage: LoadOptions.usage))\n")
                return BenchApp.ExitCode.usage
            }
            body = data
        }
        let decoder = if case .model(let shape) = options.decode { shape.makeDecoder() } else { JSONDecoder() }
        let transport: RunTransport
        do {
            transport = try options.transport.make(connections: options.concurrency, timeoutSeconds: options.timeoutSeconds, reactors: options.reactors)
        } catch {
            Platform.writeToStandardError("error: \(error)\n")
            return BenchApp.ExitCode.failure
        }
        let client = APIClient(baseURL: options.url, transport: transport.transport, decoder: decoder)
        let scenarioName = scenarioName(options)
        let endpoint = URLEndpoint(options, body: body)
        let configuration = LoadConfiguration(
            concurrency: options.concurrency,
            rate: options.rate,
            maximumRequests: options.requests,
            durationNanoseconds: UInt64(options.durationSeconds * 1e9)
        )
        let startedAt = Date()
        let counter = AllocationCounter.shared
        let environment = Report.Environment.current(toolVersion: BenchApp.version, allocator: counter?.backend)
        let progress = ProgressMeter()
        let console = Console()
        let ticker = console.showProgress(of: scenarioName, progress)
        let result: ScenarioResult
        do {
            let context = ScenarioContext(name: scenarioName, isQuick: false, allocations: counter, progress: progress)
            result = try await LoadRunner.run(in: context, configuration: configuration) {
                await outcome { try await send(endpoint, with: client, decode: options.decode) }
            }
        } catch {
            await ticker.stop()
            await transport.shutDown()
            Platform.writeToStandardError("error: \(error)\n")
            return BenchApp.ExitCode.failure
        }
        await ticker.stop()
        await transport.shutDown()

        let published = BenchApp.publish(
            [result], commandLine: ["bench"] + arguments, startedAt: startedAt, environment: environment, isQuick: false,
            directory: options.outputDirectory, formats: ReportFormat.allCases
        )
        guard published != nil else { return BenchApp.ExitCode.failure }
        if let outcomes = result.outcomes, outcomes.sent > 0, outcomes.succeeded == 0 {
            let classes = outcomes.errors.sorted { $0.value > $1.value }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
            Platform.writeToStandardError("error: not one of \(outcomes.sent) requests to \(Redaction.url(options.url.absoluteString)) succeeded (\(classes))\n")
            return BenchApp.ExitCode.failure
        }
        return BenchApp.ExitCode.success
    }

    private static func send(_ endpoint: URLEndpoint, with client: APIClient, decode: LoadOptions.Decode) async throws -> Int {
        let body = try await client.send(endpoint)
        switch decode {
        case .none: return body.count
        case .json:
            _ = try client.decode(JSONValue.self, from: body)
            return 1
        case .model(let shape): return try shape.accept(ClientDecode(client: client, body: body))
        }
    }
}
