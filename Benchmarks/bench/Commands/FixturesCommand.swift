import BenchmarkEngine
import CourierBench
import CourierFixtures
import Foundation

/// `bench fixtures`: the payloads as files, laid out as the fixture server serves them, so that a
/// static server (nginx in CI) answers the same paths with the same bytes.
struct FixturesCommand: BenchCommand, Equatable {
    static let name = "fixtures"
    static let abstract = "Writes the fixture payloads as files, for nginx and friends."
    static let synopsis = "fixtures --out <dir>"

    let directory: String

    static let out = OptionDeclaration("out", value: .directory, valueName: "<dir>", help: "The directory to write the files into.")

    static func declaration(in suite: BenchSuite) -> CommandDeclaration {
        CommandDeclaration(
            overview:
                "Writes each fixture payload to <dir>/fixtures/<shape> and the movie routes to <dir>/movies/index and <dir>/movies/1, the paths the fixture server serves them at.",
            usage: [synopsis], options: [out]
        )
    }

    static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> FixturesCommand {
        let parsed = try declaration(in: suite).parser(tool: suite.tool).parse(arguments)
        guard let directory = try parsed.value(of: out) else { throw UsageError(message: "missing '--out <dir>'", usage: parsed.usage) }
        return FixturesCommand(directory: directory)
    }

    func run(in context: CommandContext) async throws -> BenchExitCode {
        let root = URL(fileURLWithPath: directory)
        var files: [(path: String, data: Data)] = PayloadShape.allCases.map { ("fixtures/\($0.rawValue)", Payload.make($0).json) }
        files.append(("movies/1", Payload.make(.tinyObject).json))
        files.append(("movies/index", Payload.make(.list100).json))
        for file in files {
            let url = root.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Platform.writeAtomically(file.data, to: url)
        }
        print("Wrote \(files.count) fixture files to \(root.path)")
        return .success
    }
}
