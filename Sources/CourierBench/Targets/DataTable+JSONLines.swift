import Courier
import Foundation

extension DataTable {
    /// A JSON Lines file's table: each line an object whose keys are the columns, every line with the
    /// same keys as the first. Strings are taken as they are, numbers as JSON writes them (`7`, `2.5`),
    /// booleans as `true` and `false`; `null`, arrays and objects are errors. Blank lines are skipped;
    /// a line may end with CRLF.
    static func jsonLines(_ bytes: [UInt8], file: String) throws(TargetsFileError) -> DataTable {
        var columns: [String] = []
        var rows: [[String]] = []
        var lines: [Int] = []
        for (index, content) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            guard content.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { continue }
            guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(content)), case .object(let object) = value else {
                throw .malformedData(file: file, line: line, reason: "not a JSON object")
            }
            if rows.isEmpty { columns = object.keys.sorted() }
            var row: [String] = []
            row.reserveCapacity(columns.count)
            for column in columns {
                guard let member = object[column] else {
                    throw .malformedData(file: file, line: line, reason: "no '\(column)', which line \(lines.first ?? line) has")
                }
                guard let text = member.templateText else {
                    throw .malformedData(file: file, line: line, reason: "'\(column)' is not a string, number or boolean")
                }
                row.append(text)
            }
            if let extra = object.keys.sorted().first(where: { !columns.contains($0) }) {
                throw .malformedData(file: file, line: line, reason: "the key '\(extra)' is not on line \(lines.first ?? line)")
            }
            rows.append(row)
            lines.append(line)
        }
        return DataTable(file: file, columns: columns, rows: rows, lines: lines)
    }
}
