/// A file a command was asked to read that is there but is not what it must be (not JSON, say);
/// ends the command with ``BenchExitCode/badInput`` (65).
public struct InvalidInput: Error, Equatable, CustomStringConvertible {
    /// Which file and what is wrong with it, in one line.
    public let description: String

    /// An error that says `description`.
    public init(_ description: String) {
        self.description = description
    }
}
