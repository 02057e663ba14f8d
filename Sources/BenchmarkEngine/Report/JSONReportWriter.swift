import Foundation

/// Renders and reads back `report.json`.
public enum JSONReportWriter {
    /// The report as pretty-printed JSON with sorted keys, so two runs diff line by line.
    public static func render(_ report: Report) throws -> Data {
        try render(value: report)
    }

    /// Any part of a report (a comparison, say) in the same JSON style.
    public static func render(value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        var data = try encoder.encode(value)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// Reads a report back, refusing a schema version this build does not know.
    public static func read(_ data: Data) throws -> Report {
        let report = try decoder().decode(Report.self, from: data)
        guard report.schemaVersion == Report.currentSchemaVersion else {
            throw ReportError.unsupportedSchemaVersion(
                report.schemaVersion, readable: Report.currentSchemaVersion...Report.currentSchemaVersion)
        }
        return report
    }

    /// A decoder that reads the infinities and NaNs ``render(value:)`` writes as strings.
    private static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }

    /// Reads the report in the file at `path`, whose contents are `data`; anything wrong with it is
    /// a ``ReportError/unreadable(path:reason:)`` that names the file and says what is wrong in one line.
    public static func read(_ data: Data, from path: String) throws(ReportError) -> Report {
        try naming(path, data) { try read(data) }
    }

    /// Reads a capacity search's `capacity.json` back from the file at `path`, whose contents are
    /// `data`, refusing a schema version this build does not know; errors as for a report.
    public static func readCapacity(_ data: Data, from path: String) throws(ReportError) -> CapacityReport {
        try naming(path, data) {
            let report = try decoder().decode(CapacityReport.self, from: data)
            guard CapacityReport.readableSchemaVersions.contains(report.schemaVersion) else {
                throw ReportError.unsupportedSchemaVersion(report.schemaVersion, readable: CapacityReport.readableSchemaVersions)
            }
            return report
        }
    }

    /// `read`'s value, with any error it throws said in one line that names the file.
    private static func naming<Value>(_ path: String, _ data: Data, _ read: () throws -> Value) throws(ReportError) -> Value {
        do {
            return try read()
        } catch let error as DecodingError {
            throw .unreadable(path: path, reason: ReportError.problem(with: data, error))
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
    }
}

/// Why a report could not be read or written.
public enum ReportError: Error, Equatable, CustomStringConvertible {
    /// The report was written by a build with another schema; this build reads the `readable` ones.
    case unsupportedSchemaVersion(Int, readable: ClosedRange<Int>)
    /// The output directory could not be created or written.
    case cannotWrite(path: String, reason: String)
    /// The file at `path` is not a report this build can read, for `reason`.
    case unreadable(path: String, reason: String)

    /// A sentence for the console.
    public var description: String {
        switch self {
        case .unsupportedSchemaVersion(let version, let readable):
            "report schema version \(version) is not supported (this build reads "
                + (readable.count == 1 ? "version \(readable.lowerBound))" : "versions \(readable.lowerBound) to \(readable.upperBound))")
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason)"
        case .unreadable(let path, let reason):
            "\(path): \(reason)"
        }
    }
}
