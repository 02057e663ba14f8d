/// A command line the bench cannot run: the message says what is wrong, the usage how to do it.
/// Every command throws it for bad input, before any work starts; it ends the process with
/// ``BenchExitCode/usage`` (64).
public struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, in one sentence.
    public let message: String
    /// The usage text of the command that was being parsed.
    public let usage: String

    /// An error saying `message`, followed by `usage`.
    public init(message: String, usage: String) {
        self.message = message
        self.usage = usage
    }

    /// `error: <message>`, a blank line, and the usage.
    public var description: String {
        "error: \(message)\n\n\(usage)"
    }
}

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
