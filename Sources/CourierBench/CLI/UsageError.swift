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
