import Courier

/// Keeps secrets out of reports: a report stores the command line that produced it, and a load
/// command line may carry credentials in headers or in the URL. What counts as a secret is the
/// client's own ``Redaction`` rule, the one its logs follow.
enum CommandLineRedaction {
    /// `arguments` with the values of sensitive `--header` fields and the secrets of `--url`
    /// (user information, sensitive query values) replaced by ``Redaction/placeholder``.
    static func redact(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var pending: String?
        for argument in arguments {
            if let option = pending {
                result.append(redact(argument, of: option))
                pending = nil
            } else if argument == "--header" || argument == "--url" {
                result.append(argument)
                pending = argument
            } else if let option = ["--header=", "--url="].first(where: argument.hasPrefix) {
                result.append(option + redact(String(argument.dropFirst(option.count)), of: String(option.dropLast())))
            } else {
                result.append(argument)
            }
        }
        return result
    }

    /// The header field `Name: value` as a report may show it: the value replaced when the name
    /// is a sensitive one.
    static func header(_ field: String) -> String {
        let name = field.prefix { $0 != ":" }
        return Redaction.isSensitive(headerName: name.trimmingCharacters(in: .whitespaces)) ? "\(name): \(Redaction.placeholder)" : field
    }

    private static func redact(_ value: String, of option: String) -> String {
        option == "--header" ? header(value) : Redaction.url(value)
    }
}
