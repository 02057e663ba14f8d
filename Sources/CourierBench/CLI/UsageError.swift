/// A command line the bench cannot run: the message says what is wrong, the usage how to do it.
struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, in one sentence.
    let message: String
    /// The usage text of the command that was being parsed.
    let usage: String

    var description: String {
        "error: \(message)\n\n\(usage)"
    }
}
