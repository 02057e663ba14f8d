/// A file, run or baseline a command was asked to read that is not there; ends the command with
/// ``BenchExitCode/missingInput`` (66).
public struct MissingInput: Error, Equatable, CustomStringConvertible {
    /// What is missing and what to do about it, in one line.
    public let description: String

    /// An error that says `description`.
    public init(_ description: String) {
        self.description = description
    }
}
