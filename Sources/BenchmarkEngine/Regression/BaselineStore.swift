import Foundation

/// Named baselines, one report each, under `Reports/baselines/<name>.json` — committed to git, so a
/// pull request can be compared with main.
public struct BaselineStore: Sendable {
    /// The directory holding the baselines.
    public let directory: URL

    /// A store in `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// Saves `report` as the baseline `name`, replacing any of that name.
    @discardableResult
    public func save(_ report: Report, as name: String) throws -> URL {
        try Self.validate(name)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ReportError.cannotWrite(path: directory.path, reason: error.localizedDescription)
        }
        let file = directory.appendingPathComponent("\(name).json")
        try Platform.writeAtomically(try JSONReportWriter.render(report), to: file)
        return file
    }

    /// The baseline `name`.
    public func load(_ name: String) throws -> Report {
        try Self.validate(name)
        let file = directory.appendingPathComponent("\(name).json")
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw BaselineError.missing(name: name, available: (try? list()) ?? [])
        }
        return try JSONReportWriter.read(data, from: file.path)
    }

    /// The names of the saved baselines, sorted: the `.json` files whose names are valid baseline names.
    public func list() throws -> [String] {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") }
            .map { String($0.dropLast(5)) }
            .filter(Self.isValidName)
            .sorted()
    }

    /// Whether `name` can name a baseline: letters, digits, `.`, `_` and `-`, not starting with `.`,
    /// so that it is a plain file name.
    public static func isValidName(_ name: String) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        return !name.isEmpty && !name.hasPrefix(".") && name.allSatisfy(allowed.contains)
    }

    private static func validate(_ name: String) throws {
        guard isValidName(name) else { throw BaselineError.invalidName(name) }
    }
}

/// Why a baseline could not be used.
public enum BaselineError: Error, Equatable, CustomStringConvertible {
    /// No baseline of that name; the ones there are.
    case missing(name: String, available: [String])
    /// A name that is not a plain file name.
    case invalidName(String)

    /// A sentence for the console.
    public var description: String {
        switch self {
        case .missing(let name, let available):
            "no baseline named '\(name)'"
                + (available.isEmpty ? " (none saved yet: bench baseline save NAME)" : " (saved: \(available.joined(separator: ", ")))")
        case .invalidName(let name):
            "'\(name)' is not a valid baseline name (letters, digits, '.', '_' and '-', not starting with '.')"
        }
    }
}
