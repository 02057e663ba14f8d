import Foundation

/// Writes a run's reports into `<directory>/<run-id>/` and points `<directory>/latest` at it.
///
/// Every format is rendered in memory before anything touches the disk, and each file is written
/// atomically, so an interrupted or failed run leaves complete files or none.
public struct ReportStore: Sendable {
    /// The directory runs are written under, `Reports/` by default.
    public let directory: URL

    /// A store under `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// Writes `report` in each of `formats` and returns the run directory.
    @discardableResult
    public func write(_ report: Report, formats: [ReportFormat]) throws -> URL {
        try write(formats.flatMap { try $0.files(for: report) }, runID: report.runID)
    }

    /// Writes `files`, rendered in full beforehand, into the directory of run `runID`, points
    /// `latest` at it and returns it.
    @discardableResult
    public func write(_ rendered: [ReportFile], runID: String) throws -> URL {
        let runDirectory = directory.appendingPathComponent(runID, isDirectory: true)
        do {
            try Platform.makeDirectories(runDirectory)
        } catch {
            throw ReportError.cannotWrite(path: runDirectory.path, reason: error.reason)
        }
        for file in rendered {
            try Platform.writeAtomically(file.data, to: runDirectory.appendingPathComponent(file.name))
        }
        try Platform.pointLink(directory.appendingPathComponent("latest"), at: runID)
        return runDirectory
    }

    /// Makes sure a run's reports can be written here: creates the directory if need be and creates,
    /// then removes, an empty file in it. Run before measuring, so that a run whose results would be
    /// lost fails before it sends anything.
    public func checkWritable() throws(ReportError) {
        do {
            try Platform.makeDirectories(directory)
            try Platform.checkCanCreateFiles(in: directory)
        } catch {
            throw ReportError.cannotWrite(path: directory.path, reason: error.reason)
        }
    }

    /// A new run identifier: the UTC start time, sortable, plus the process id against collisions.
    public static func makeRunID(startedAt date: Date, processID: Int32 = ProcessInfo.processInfo.processIdentifier) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d%02d%02d-%02d%02d%02d-%d",
            parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, processID
        )
    }
}
