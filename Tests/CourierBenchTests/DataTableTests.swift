import Testing

@testable import CourierBench

@Suite struct DataTableTests {
    private func csv(_ text: String) throws -> DataTable {
        try DataTable.csv(Array(text.utf8), file: "d.csv")
    }

    private func jsonLines(_ text: String) throws -> DataTable {
        try DataTable.jsonLines(Array(text.utf8), file: "d.jsonl")
    }

    @Test func csvQuotedFieldsHoldCommasQuotesAndLineBreaks() throws {
        let table = try csv("id,title\r\n1,\"a, b\"\r\n2,\"say \"\"hi\"\"\"\r\n3,\"two\nlines\"\r\n4,\"\"\r\n5,plain \"quote\"")
        #expect(table.columns == ["id", "title"])
        #expect(table.rows == [["1", "a, b"], ["2", "say \"hi\""], ["3", "two\nlines"], ["4", ""], ["5", "plain \"quote\""]])
        #expect(table.lines == [2, 3, 4, 6, 7])
    }

    @Test func csvSkipsBlankLinesAndAByteOrderMarkAndKeepsEmptyFields() throws {
        let table = try DataTable.csv([0xEF, 0xBB, 0xBF] + Array("a,b\n\n1,\n\n,2\n\n".utf8), file: "d.csv")
        #expect(table.columns == ["a", "b"])
        #expect(table.rows == [["1", ""], ["", "2"]])
        #expect(table.lines == [3, 5])
    }

    @Test func aQuotedEmptyFieldIsARowNotABlankLine() throws {
        let table = try csv("note\r\n\"\"\r\n\r\nx\r\n")
        #expect(table.rows == [[""], ["x"]])
        #expect(table.lines == [2, 4])
    }

    @Test func csvRowWithTheWrongNumberOfFieldsNamesItsLine() {
        #expect(throws: TargetsFileError.malformedData(file: "d.csv", line: 4, reason: "3 fields where the header row has 2")) {
            try csv("a,b\n\"x\ny\",1\n1,2,3\n")
        }
    }

    @Test func csvUnterminatedQuoteNamesTheLineItOpensOn() {
        #expect(throws: TargetsFileError.malformedData(file: "d.csv", line: 3, reason: "a quoted field is never closed")) {
            try csv("a,b\n1,2\n3,\"open\n4,5\n")
        }
    }

    @Test func csvTextAfterAClosingQuoteIsAnError() {
        #expect(throws: TargetsFileError.malformedData(file: "d.csv", line: 2, reason: "a character after the closing quote of a field")) {
            try csv("a\n\"x\"y\n")
        }
    }

    @Test func csvHeaderErrors() {
        #expect(throws: TargetsFileError.duplicateColumn(file: "d.csv", line: 1, column: "id")) { try csv("id,name,id\n1,2,3\n") }
        #expect(throws: TargetsFileError.malformedData(file: "d.csv", line: 1, reason: "a column has no name")) { try csv("id,\n1,2\n") }
        #expect(throws: TargetsFileError.emptyDataFile(file: "d.csv")) { try csv("") }
        #expect(
            TargetsFileError.duplicateColumn(file: "d.csv", line: 1, column: "id").description == "d.csv:1: the column 'id' is named twice")
    }

    @Test func aFileWithAHeaderAndNoRowsHasNoRows() throws {
        let directory = try targetsDirectory(["h.csv": "id\n", "e.jsonl": "\n\n"])
        #expect(throws: TargetsFileError.emptyDataFile(file: directory.appendingPathComponent("h.csv").path)) {
            try DataTable.read(directory.appendingPathComponent("h.csv").path, format: .csv)
        }
        #expect(throws: TargetsFileError.emptyDataFile(file: directory.appendingPathComponent("e.jsonl").path)) {
            try DataTable.read(directory.appendingPathComponent("e.jsonl").path, format: .jsonLines)
        }
        #expect(TargetsFileError.emptyDataFile(file: "h.csv").description == "the data file 'h.csv' has no rows")
    }

    @Test func jsonLinesValuesBecomeText() throws {
        let table = try jsonLines(
            "{\"id\": 7, \"ratio\": 2.5, \"title\": \"a b\", \"open\": true}\r\n\n  \n{\"id\": -1, \"ratio\": 0, \"title\": \"\", \"open\": false}"
        )
        #expect(table.columns == ["id", "open", "ratio", "title"])
        #expect(table.rows == [["7", "true", "2.5", "a b"], ["-1", "false", "0", ""]])
        #expect(table.lines == [1, 4])
    }

    @Test func jsonLinesErrorsNameTheirLine() {
        #expect(throws: TargetsFileError.malformedData(file: "d.jsonl", line: 3, reason: "not a JSON object")) {
            try jsonLines("{\"id\": 1}\n\n{\"id\": \n")
        }
        #expect(throws: TargetsFileError.malformedData(file: "d.jsonl", line: 2, reason: "not a JSON object")) {
            try jsonLines("{\"id\": 1}\n\"id\"\n")
        }
        #expect(throws: TargetsFileError.malformedData(file: "d.jsonl", line: 2, reason: "no 'id', which line 1 has")) {
            try jsonLines("{\"id\": 1}\n{\"name\": 1}\n")
        }
        #expect(throws: TargetsFileError.malformedData(file: "d.jsonl", line: 2, reason: "the key 'x' is not on line 1")) {
            try jsonLines("{\"id\": 1}\n{\"id\": 2, \"x\": 1}\n")
        }
        #expect(throws: TargetsFileError.malformedData(file: "d.jsonl", line: 1, reason: "'id' is not a string, number or boolean")) {
            try jsonLines("{\"id\": null}\n")
        }
        #expect(
            TargetsFileError.malformedData(file: "d.jsonl", line: 3, reason: "not a JSON object").description
                == "d.jsonl:3: not a JSON object")
    }

    @Test func theFormatFollowsTheExtension() {
        #expect(DataFormat(extension: "CSV") == .csv)
        #expect(DataFormat(extension: "jsonl") == .jsonLines)
        #expect(DataFormat(extension: "ndjson") == .jsonLines)
        #expect(DataFormat(extension: "json") == nil)
    }
}
