import Foundation

/// One file of a run's reports, rendered in full and not yet written: its name inside the run
/// directory and its bytes.
public struct ReportFile: Sendable, Equatable {
    /// The file's name inside the run directory, such as `report.json`.
    public var name: String
    /// Everything the file holds.
    public var data: Data

    /// The file `name` holding `data`.
    public init(name: String, data: Data) {
        self.name = name
        self.data = data
    }
}
