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

    @Test func aMissingFileExits66AndAFileThatIsNotJSONExits65() async throws {
        #expect(await testSuite.status(["decode", "--file", "/nonexistent/payload.json"]) == 66)
        let file = temporaryDirectory("decode").appendingPathExtension("json")
        try Data("{\"a\": [1, 2".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(await testSuite.status(["decode", "--file", file.path]) == 65)
        let command = try #require(try testSuite.command(["decode", "--file", file.path], as: DecodeCommand.self))
        await #expect {
            _ = try await command.run(in: CommandContext(suite: testSuite, commandLine: [], execution: .inProcess))
        } throws: { error in
            "\(error)".hasPrefix("'\(file.path)' is not JSON: ") && !"\(error)".contains("\n") && error is InvalidInput
        }
    }

    @Test func theShapeSaysHowDeepAndWideAndWhatOf() throws {
        let document = try JSONDecoder().decode(JSONValue.self, from: Data("""
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
