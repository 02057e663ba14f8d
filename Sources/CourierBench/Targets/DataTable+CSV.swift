extension DataTable {
    /// A CSV file's table, by RFC 4180: the first record names the columns; a field in double quotes
    /// may hold commas, line breaks and `""` for a quote; records end with CRLF or LF. Blank lines
    /// are skipped, a UTF-8 byte order mark ignored; a quote inside an unquoted field is an ordinary
    /// character, as most writers produce it.
    static func csv(_ bytes: [UInt8], file: String) throws(TargetsFileError) -> DataTable {
        var reader = CSVReader(bytes: bytes, file: file)
        guard let header = try reader.record() else { throw .emptyDataFile(file: file) }
        var seen: Set<String> = []
        for column in header.fields {
            guard !column.isEmpty else { throw .malformedData(file: file, line: header.line, reason: "a column has no name") }
            guard seen.insert(column).inserted else { throw .duplicateColumn(file: file, line: header.line, column: column) }
        }
        var rows: [[String]] = []
        var lines: [Int] = []
        while let record = try reader.record() {
            guard record.fields.count == header.fields.count else {
                throw .malformedData(
                    file: file, line: record.line,
                    reason: "\(record.fields.count) fields where the header row has \(header.fields.count)")
            }
            rows.append(record.fields)
            lines.append(record.line)
        }
        return DataTable(file: file, columns: header.fields, rows: rows, lines: lines)
    }
}

/// Reads CSV records one at a time, counting lines so that every error can say where.
private struct CSVReader {
    let bytes: [UInt8]
    let file: String
    private var offset = 0
    private var line = 1

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    /// The next record that is not a blank line, with the line it starts on; `nil` at the end.
    mutating func record() throws(TargetsFileError) -> (fields: [String], line: Int)? {
        while offset < bytes.count {
            if bytes[offset] == UInt8(ascii: "\n") {
                offset += 1
                line += 1
            } else if bytes[offset] == UInt8(ascii: "\r"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "\n") {
                offset += 2
                line += 1
            } else {
                let start = line
                return (try fields(), start)
            }
        }
        return nil
    }

    /// The fields up to the end of the record, consuming its line break.
    private mutating func fields() throws(TargetsFileError) -> [String] {
        var fields: [String] = []
        var field: [UInt8] = []
        while true {
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") && field.isEmpty {
                field = try quoted()
            }
            guard offset < bytes.count else {
                fields.append(String(decoding: field, as: UTF8.self))
                return fields
            }
            let byte = bytes[offset]
            offset += 1
            switch byte {
            case UInt8(ascii: ","):
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
            case UInt8(ascii: "\n"):
                line += 1
                fields.append(String(decoding: field, as: UTF8.self))
                return fields
            case UInt8(ascii: "\r") where offset < bytes.count && bytes[offset] == UInt8(ascii: "\n"):
                offset += 1
                line += 1
                fields.append(String(decoding: field, as: UTF8.self))
                return fields
            default:
                field.append(byte)
            }
        }
    }

    /// A quoted field's content, from its opening quote to just after its closing one, which must
    /// end the field.
    private mutating func quoted() throws(TargetsFileError) -> [UInt8] {
        let opened = line
        var content: [UInt8] = []
        offset += 1
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            if byte == UInt8(ascii: "\"") {
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") {
                    content.append(byte)
                    offset += 1
                    continue
                }
                guard offset == bytes.count || [UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[offset]) else {
                    throw .malformedData(file: file, line: line, reason: "a character after the closing quote of a field")
                }
                return content
            }
            if byte == UInt8(ascii: "\n") { line += 1 }
            content.append(byte)
        }
        throw .malformedData(file: file, line: opened, reason: "a quoted field is never closed")
    }
}
