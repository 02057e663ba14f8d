import Courier
import Foundation
import Testing

@testable import CourierBench

@Suite struct DecodeCommandTests {
    @Test func aJSONFileIsMeasuredAndExits0() async throws {
        let file = temporaryDirectory("decode").appendingPathExtension("json")
        try ticketsJSON.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(await testSuite.status(["decode", "--file", file.path, "--quick"]) == 0)
    }

    @Test func aMissingFileExits66() async {
        #expect(await testSuite.status(["decode", "--file", "/nonexistent/payload.json"]) == 66)
    }

    /// Issue 19, item 10: the strict parser judges the file, so a trailing comma, which
    /// Foundation's `JSONDecoder` accepts, exits 65, and the one-line message names the rule and
    /// its place.
    @Test(arguments: [
        ("{\"a\": [1, 2", "Unexpected end of data (expected ',' or ']' after an array element), at line 1, column 12 (byte 11)"),
        ("{\n \"a\": [\n  1,\n  2,\n ],\n}\n", "Trailing comma before ']' (JSON allows none), at line 4, column 4 (byte 18)"),
        ("{\"a\": 1,}", "Trailing comma before '}' (JSON allows none), at line 1, column 8 (byte 7)"),
        (
            "[\n1,\n2,\n3,\n4,\n5,\n6,\n{\"title\": \"tab\there\"}]",
            "Unescaped control character byte 0x09 in a string, at line 8, column 15 (byte 34)"
        ),
    ])
    func invalidJSONExits65NamingTheRuleLineAndColumn(json: String, reason: String) async throws {
        let file = temporaryDirectory("decode").appendingPathExtension("json")
        try Data(json.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(await testSuite.status(["decode", "--file", file.path]) == 65)
        let error = try await failure(decoding: file.path)
        #expect(error is InvalidInput && error.map { "\($0)" } == "'\(file.path)' is not JSON: \(reason)")
    }

    /// Every `n_` file of JSONTestSuite exits 65 with a line and column; every `y_` file passes the
    /// check that decides the exit status, and a few, `y_number_0e1.json` (which Foundation refuses)
    /// among them, are measured and exit 0. (Measuring all 95 would hold the test pool's threads for
    /// seconds on end, and the measuring is the same for any of them.)
    @Test(arguments: Self.corpusFiles(prefix: "n_"))
    func everyCorpusFileThatIsNotJSONExits65WithWhere(name: String) async throws {
        let path = try #require(Self.corpus).appendingPathComponent(name).path
        let error = try #require(try await failure(decoding: path))
        #expect(BenchExitCode(for: error) == .badInput)
        #expect(
            "\(error)".range(of: #"is not JSON: [^\n]+, at line \d+, column \d+ \(byte \d+\)$"#, options: .regularExpression) != nil,
            "\(error)")
    }

    @Test(arguments: Self.corpusFiles(prefix: "y_"))
    func everyCorpusFileThatIsJSONPassesTheCheck(name: String) throws {
        let path = try #require(Self.corpus).appendingPathComponent(name).path
        _ = try DecodeCommand.document(try Data(contentsOf: URL(fileURLWithPath: path)), file: path)
    }

    // Named files taken from the corpus found, so that without it there are no cases, as above.
    @Test(
        arguments: Self.corpusFiles(prefix: "y_").filter {
            ["y_number_0e1.json", "y_structure_lonely_string.json", "y_object_duplicated_key.json", "y_string_unicode_2.json"].contains($0)
        })
    func corpusFilesThatAreJSONAreMeasuredAndExit0(name: String) async throws {
        let path = try #require(Self.corpus).appendingPathComponent(name).path
        #expect(await testSuite.status(["decode", "--file", path, "--quick"]) == 0)
    }

    /// Each row says what it measures: the strict parse alone, then the `JSONValue` tree, which is
    /// left out when Foundation cannot read the document.
    @Test func theRowsAreTheParseAloneAndTheTree() throws {
        let command = try #require(try testSuite.command(["decode", "--file", "/tmp/p.json"], as: DecodeCommand.self))
        let client = APIClient.decodingOnly(with: JSONDecoder())
        #expect(
            command.scenarios(ticketsJSON, client: client, tree: true).map(\.name) == [
                "decode --file p.json: parse", "decode --file p.json: tree",
            ])
        #expect(command.scenarios(ticketsJSON, client: client, tree: false).map(\.name) == ["decode --file p.json: parse"])
        let help = DecodeCommand.help(in: testSuite)
        #expect(
            help.contains("parse   the strict parser alone") && help.contains("tree    the client's decode path building a JSONValue tree"))
    }

    /// The error `decode --file path` ends with, `nil` when it succeeds.
    private func failure(decoding path: String) async throws -> (any Error)? {
        let command = try #require(try testSuite.command(["decode", "--file", path], as: DecodeCommand.self))
        do {
            _ = try await command.run(in: CommandContext(suite: testSuite, commandLine: [], execution: .inProcess))
            return nil
        } catch {
            return error
        }
    }

    /// JSONTestSuite's parsing corpus, beside the repository as CI lays it out, or where
    /// `COURIER_JSON_TEST_SUITE` points; the corpus tests have no cases without it.
    private static let corpus: URL? = {
        let beside = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../shared/json-test-suite/test_parsing")
        let directory =
            ProcessInfo.processInfo.environment["COURIER_JSON_TEST_SUITE"].map(URL.init(fileURLWithPath:)) ?? beside.standardizedFileURL
        return FileManager.default.fileExists(atPath: directory.path) ? directory : nil
    }()

    private static func corpusFiles(prefix: String) -> [String] {
        let names = corpus.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.path) } ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    @Test func theShapeSaysHowDeepAndWideAndWhatOf() throws {
        let document = try JSONDecoder().decode(
            JSONValue.self,
            from: Data(
                """
                {"items": [{"id": 1, "tags": ["a", "b", "c"], "owner": {"name": "x", "team": {"id": null}}}, {"id": 2, "done": true}]}
                """.utf8))
        let shape = DocumentShape(document)
        #expect(shape.depth == 5)
        #expect(shape.deepestPath == ".items[0].owner.team")
        #expect(shape.width == 3)
        #expect(shape.widestPath == ".items[0]", "the first of the widest")
        #expect(shape.counts == ["object": 5, "array": 2, "number": 2, "string": 4, "boolean": 1, "null": 1])
        #expect(shape.description(bytes: 10).contains("depth: 5 (deepest container at items[0].owner.team)"))
        #expect(DocumentShape(.number(1)).description(bytes: 1).contains("depth: 0 (deepest container at the top level)"))
    }
}
