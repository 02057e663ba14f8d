import Foundation

/// A CSV file of one kind of row: named columns, each a function of the row. A header, then one
/// line per row, lines ending in `\n`; a figure that does not apply is an empty cell, and cells are
/// quoted as RFC 4180 says.
struct CSVTable<Row>: Sendable {
    /// Each column's name (units in the name) and how a row fills it.
    let columns: [(name: String, cell: @Sendable (Row) -> String?)]

    /// The CSV text of `rows`, then of `sparseRows`: lines that are not of the table's kind (a
    /// scenario that failed) and fill only the columns they name, by name.
    func render(_ rows: [Row], then sparseRows: [[String: String]] = []) -> String {
        var lines = [columns.map(\.name).joined(separator: ",")]
        for row in rows {
            lines.append(columns.map { Self.escape($0.cell(row) ?? "") }.joined(separator: ","))
        }
        for cells in sparseRows {
            lines.append(columns.map { Self.escape(cells[$0.name] ?? "") }.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A number with three decimals; empty when it is not finite.
    static func format(_ value: Double) -> String {
        value.isFinite ? String(format: "%.3f", value) : ""
    }

    /// Error classes and their counts, `badStatus(503)=2;timeout=1`.
    static func errors(_ errors: [String: Int]) -> String {
        errors.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";")
    }

    /// Quotes a cell that holds a comma, a quote or a line break, doubling its quotes.
    static func escape(_ cell: String) -> String {
        guard cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return cell }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
