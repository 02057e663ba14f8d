import BenchmarkEngine
import Courier
import Foundation

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
        "load/url/\(options.request.transport.name)"
    }

    /// Runs the load, judges it against its objectives and writes its report.
    public func run(in context: CommandContext) async throws -> ExitCode {
        let usage = Self.help(in: context.suite)
        do {
            try ReportStore(directory: URL(fileURLWithPath: options.outputDirectory)).checkWritable()
        } catch {
            Platform.writeToStandardError("error: \(error); no request was sent\n")
            return .failure
        }
        let target = try RequestTarget.open(options.request, connections: options.concurrency, usage: usage)
        let startedAt = Date()
        let counter = AllocationCounter.shared
        let environment = Report.Environment.current(toolVersion: context.suite.version, allocator: counter?.backend)
        let progress = ProgressMeter()
        let ticker = Console().showProgress(of: scenarioName, progress)
        var result: ScenarioResult
        do {
            let scenario = ScenarioContext(name: scenarioName, isQuick: false, allocations: counter, progress: progress)
            result = try await LoadRunner.run(in: scenario, configuration: options.configuration, target.operation)
        } catch {
            await ticker.stop()
            await target.transport.shutDown()
            throw error
        }
        await ticker.stop()
        await target.transport.shutDown()
        result.serviceLevel = try options.objectives.verdict(on: result)

        let published = ReportPublisher.publish(
            [result], commandLine: context.commandLine, startedAt: startedAt, environment: environment, isQuick: false,
            directory: options.outputDirectory, formats: ReportFormat.allCases, suite: context.suite
        )
        guard published != nil else { return .failure }
        if let outcomes = result.outcomes, outcomes.sent > 0, outcomes.succeeded == 0 {
            let classes = outcomes.errors.sorted { $0.value > $1.value }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
            Platform.writeToStandardError("error: not one of \(outcomes.sent) requests to \(Redaction.url(options.request.url.absoluteString)) succeeded (\(classes))\n")
            return .failure
        }
        return ExitCode(judging: [result])
    }
}
