import BenchmarkEngine
import Courier
import CourierJSON
import Foundation

/// `decode --file`: whether a JSON file is valid, by the strict parser, and how fast the client
/// reads it without a model — the parse alone and a whole `JSONValue` tree, each measured and
/// labelled — and the shape of the document: a first look at a captured payload before writing its
/// model.
public struct DecodeCommand: BenchCommand, Equatable {
    public static let name = "decode"
    public static let abstract = "Checks a JSON file strictly, measures parsing it (schema-less) and shows its shape."
    public static let synopsis = "decode --file <path> [--quick]"

    let file: String
    let isQuick: Bool

    static let fileOption = OptionDeclaration(
        "file", value: .file, valueName: "<path>", help: "The JSON file, such as one 'capture' wrote.")
    static let quick = OptionDeclaration(flag: "quick", help: "Short measurements.")

    public static func declaration(in suite: BenchSuite) -> CommandDeclaration {
        CommandDeclaration(
            overview: """
                Checks a JSON file against RFC 8259 with CourierJSON's strict parser, then times, as the micro-benchmarks are, two ways of reading it without a model, each a row:
                  parse   the strict parser alone: every byte checked and indexed, no value built
                  tree    the client's decode path building a JSONValue tree with Foundation's
                          JSONDecoder, as 'load --decode json' does
                Each row shows MB/s and allocations per read. Then how deep and wide the document is.
                """,
            usage: [synopsis], options: [fileOption, quick],
            discussion: """
                A file that does not exist or cannot be read exits 66. One that is not JSON (a trailing comma included) exits 65 with the rule it breaks and where, such as "Unescaped control character byte 0x09 in a string, at line 8, column 20 (byte 143)".
                """
        )
    }

    public static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> DecodeCommand {
        let parsed = try declaration(in: suite).parser(tool: suite.tool).parse(arguments)
        guard let file = try parsed.value(of: fileOption) else { throw UsageError(message: "missing '--file <path>'", usage: parsed.usage) }
        return DecodeCommand(file: file, isQuick: try parsed.value(of: quick))
    }

    public func run(in context: CommandContext) async throws -> BenchExitCode {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw MissingInput(
                "cannot read '\(file)': \(FileManager.default.fileExists(atPath: file) ? "permission denied or not a file" : "no such file")"
            )
        }
        let document = try Self.document(data, file: file)
        let client = APIClient.decodingOnly(with: JSONDecoder())
        let treeFailure: String?
        do {
            _ = try client.decode(JSONValue.self, from: data)
            treeFailure = nil
        } catch {
            treeFailure = Self.reason(error)
        }
        let outcomes = await ScenarioExecution.runHere(scenarios(data, client: client, tree: treeFailure == nil), isQuick: isQuick)
        let results = outcomes.compactMap(\.results).flatMap { $0 }
        guard results.count == outcomes.count else { return .failure }
        let environment = Report.Environment.current(toolVersion: context.suite.version, allocator: AllocationCounter.shared?.backend)
        let report = Report(
            runID: "", startedAt: "", environment: environment, commandLine: context.commandLine, isQuick: isQuick, scenarios: results)
        print(SummaryTable(report).markdown())
        print("parse: CourierJSON's strict parser alone, every byte checked and indexed, no value built.")
        if let treeFailure {
            print("tree: not measured; Foundation's JSONDecoder refuses this valid document (\(treeFailure)).")
        } else {
            print("tree: the client's decode path building a JSONValue tree with Foundation's JSONDecoder.")
        }
        print()
        print(DocumentShape(document).description(bytes: data.count))
        return .success
    }

    /// The document `data` holds, read by the strict parser, or the input error that names the
    /// broken rule and where: what decides the exit status before anything is measured.
    static func document(_ data: Data, file: String) throws(InvalidInput) -> JSONValue {
        do {
            try CourierJSONDecoder.validate(data)
            // The strict decoder reads every valid document; Foundation's refuses a few (`0e1`).
            return try CourierJSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw InvalidInput("'\(file)' is not JSON: \(Self.reason(error))")
        }
    }

    /// The strict parse alone, then, when Foundation reads the document, the `JSONValue` tree.
    func scenarios(_ data: Data, client: APIClient, tree: Bool) -> [Scenario] {
        let name = "decode --file \(URL(fileURLWithPath: file).lastPathComponent)"
        let parse = Scenario("\(name): parse", summary: "CourierJSON's strict parser alone over \(file)") { context in
            try await [Self.measure(data, in: context) { try CourierJSONDecoder.validate(data) }]
        }
        guard tree else { return [parse] }
        let build = Scenario("\(name): tree", summary: "JSONValue from \(file) through the client's decode path") { context in
            try await [Self.measure(data, in: context) { blackHole(try client.decode(JSONValue.self, from: data)) }]
        }
        return [parse, build]
    }

    /// `read` timed as the micro-benchmarks are, its throughput counted in `data`'s bytes.
    private static func measure(_ data: Data, in context: ScenarioContext, _ read: @escaping () throws -> Void) async throws
        -> ScenarioResult
    {
        var result = try await MicroRunner.measure(in: context) { iterations in
            for _ in 0..<iterations { try read() }
        }
        result.payloadBytesPerOperation = data.count
        return result
    }

    /// Why `error` stopped a read, in one line: the strict parser's rule and place, or a decoding
    /// error's summary.
    private static func reason(_ error: any Error) -> String {
        if let error = error as? JSONSyntaxError { return "\(error)" }
        if let error = error as? DecodingError { return error.summary }
        if let error = (error as? APIError)?.underlyingError as? DecodingError { return error.summary }
        return "\(error)"
    }
}
