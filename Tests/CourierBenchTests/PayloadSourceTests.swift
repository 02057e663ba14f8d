import CourierBench
import Foundation
import Testing

@Suite struct PayloadSourceTests {
    @Test func aResourceIsFoundInItsDirectoryOfTheBundle() throws {
        let payload = PayloadSource.resource("Fixtures/tickets.json", in: .module)
        #expect(payload.description == "tickets.json")
        #expect(try JSONDecoder.tickets.decode([Ticket].self, from: payload.data()).count == 2)
    }

    @Test func aMissingResourceOrFileIsMissingInputNamingIt() {
        #expect {
            _ = try PayloadSource.resource("Fixtures/nope.json", in: .module).data()
        } throws: { error in
            error is MissingInput && "\(error)".hasPrefix("no resource 'Fixtures/nope.json' in ")
        }
        #expect {
            _ = try PayloadSource.file("/nonexistent/issues.json").data()
        } throws: { error in
            error is MissingInput && "\(error)".hasPrefix("cannot read the payload file '/nonexistent/issues.json'")
        }
    }

    @Test func aFileIsReadWhenTheScenarioRunsNotWhenItIsDeclared() throws {
        let file = temporaryDirectory("payload").appendingPathExtension("json")
        let payload = PayloadSource.file(file.path)
        try Data("[]".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try payload.data() == Data("[]".utf8))
        #expect(payload.description == file.lastPathComponent)
    }

    @Test func bytesAndGeneratedPayloads() throws {
        #expect(try PayloadSource.bytes(Data("1".utf8), label: "one").data() == Data("1".utf8))
        #expect(try PayloadSource.generated("two") { Data("2".utf8) }.data() == Data("2".utf8))
    }
}
