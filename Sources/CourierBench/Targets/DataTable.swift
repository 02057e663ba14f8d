import Foundation

/// The rows of one data file, read whole when the targets file is loaded: named columns, and every
/// row's value for each, as text.
///
/// Values are kept in column order, so a template variable is bound once, at load time, to a column
/// index, and filling it is an array subscript.
struct DataTable: Sendable, Equatable {
    /// The file's path, for errors.
    let file: String
    /// The column names, in the file's order (CSV) or sorted (JSON Lines).
    let columns: [String]
    /// Each row's values, in the order of ``columns``.
    let rows: [[String]]
    /// The line of the file each row starts on, for errors about its values.
    let lines: [Int]

    /// The index of the column `name`, if the table has it.
    func column(named name: String) -> Int? {
        columns.firstIndex(of: name)
    }

    /// Reads `file` in `format`: a missing or unreadable file, a malformed line, a file without rows
    /// are errors naming the file, and the line where there is one.
    static func read(_ file: String, format: DataFormat) throws(TargetsFileError) -> DataTable {
        guard let data = FileManager.default.contents(atPath: file) else { throw .unreadable(file: file, role: .data) }
        let table =
            switch format {
            case .csv: try csv(Array(data), file: file)
            case .jsonLines: try jsonLines(Array(data), file: file)
            }
        guard !table.rows.isEmpty else { throw .emptyDataFile(file: file) }
        return table
    }
}

/// How a data file is written: by its extension (`.csv`; `.jsonl`, `.ndjson`) or the data source's
/// `format` key (`"csv"`, `"jsonl"`).
enum DataFormat: String, Sendable, CaseIterable {
    /// RFC 4180 comma-separated values, a header row naming the columns.
    case csv
    /// JSON Lines: one object a line, its keys the columns.
    case jsonLines = "jsonl"

    /// The format a file's extension says, if it says one.
    init?(extension: String) {
        switch `extension`.lowercased() {
        case "csv": self = .csv
        case "jsonl", "ndjson": self = .jsonLines
        default: return nil
        }
    }
}
