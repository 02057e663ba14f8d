import BenchmarkEngine
import Courier
import Foundation

/// `decode --file`: how fast the client parses a JSON file without a model (`JSONValue`), and the
/// shape of the document — a first look at a captured payload before writing its model.
public struct DecodeCommand: BenchCommand, Equatable {
    public static let name = "decode"
    public static let abstract = "Measures parsing a JSON file (schema-less) and shows its shape."
    public static let synopsis = "decode --file <payload.json> [--quick]"

    let file: String
    let isQuick: Bool

    public static func help(in suite: BenchSuite) -> String {
        """
        OVERVIEW: Decodes a JSON file through the client's decode path as JSONValue (any JSON, no
        model), timed as the micro-benchmarks are, and shows MB/s, allocations, and how deep and wide
        the document is.

        USAGE: \(suite.tool) decode --file <payload.json> [--quick]

        OPTIONS:
          --file <path>           The JSON file, such as one 'capture' wrote.
          --quick                 Short measurements.
          -h, --help              Shows this help.

        A file that does not exist or cannot be read exits 66; one that is not JSON exits 65.
        """
    }

    public static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> DecodeCommand {
        let usage = help(in: suite)
        let parsed = try ArgumentParser(options: [.value("file"), .flag("quick")], usage: usage).parse(arguments)
        guard let file = parsed["file"] else { throw UsageError(message: "missing '--file <path>'", usage: usage) }
        return DecodeCommand(file: file, isQuick: parsed["quick"] != nil)
    }

    public func run(in context: CommandContext) async throws -> ExitCode {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw MissingInput("cannot read '\(file)': \(FileManager.default.fileExists(atPath: file) ? "permission denied or not a file" : "no such file")")
        }
        let document: JSONValue
        do {
            document = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw InvalidInput("'\(file)' is not JSON: \((error as? DecodingError)?.summary ?? "\(error)")")
        }
        let client = APIClient.decodingOnly(with: JSONDecoder())
        let name = "decode --file \(URL(fileURLWithPath: file).lastPathComponent)"
        let scenario = Scenario(name, summary: "JSONValue from \(file)") { context in
            var result = try await MicroRunner.measure(in: context) { iterations in
                for _ in 0..<iterations { blackHole(try client.decode(JSONValue.self, from: data)) }
            }
            result.payloadBytesPerOperation = data.count
            return [result]
        }
        let outcomes = await ScenarioExecution.runHere([scenario], isQuick: isQuick)
        guard let results = outcomes.first?.results else { return .failure }
        let environment = Report.Environment.current(toolVersion: context.suite.version, allocator: AllocationCounter.shared?.backend)
        let report = Report(runID: "", startedAt: "", environment: environment, commandLine: context.commandLine, isQuick: isQuick, scenarios: results)
        print(SummaryTable(report).markdown())
        print(DocumentShape(document).description(bytes: data.count))
        return .success
    }
}
