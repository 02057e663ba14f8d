import Courier

/// Keeps secrets out of reports, messages and help's promises: a report stores the command line that
/// produced it, and a load command line may carry credentials in headers or in the URL. What counts
/// as a secret is the client's own rule, ``Redaction/isSecret(name:)``, the one its logs and its
/// redirects follow.
enum CommandLineRedaction {
    /// `arguments` with the values of secret `--header` and `--metrics-header` fields and the
    /// secrets of `--url`, `--metrics-remote-write` and `--otlp` (user information, secret query values)
    /// replaced by ``Redaction/placeholder``.
    static func redact(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var pending: String?
        for argument in arguments {
            if let option = pending {
                result.append(redact(argument, of: option))
                pending = nil
            } else if headerOptions.contains(argument) || urlOptions.contains(argument) {
                result.append(argument)
                pending = argument
            } else if let option = (headerOptions + urlOptions).map({ $0 + "=" }).first(where: argument.hasPrefix) {
                result.append(option + redact(String(argument.dropFirst(option.count)), of: String(option.dropLast())))
            } else {
                result.append(argument)
            }
        }
        return result
    }

    /// The header field `Name: value` as a report may show it: the value replaced when the name
    /// is a secret one.
    static func header(_ field: String) -> String {
        let name = field.prefix { $0 != ":" }
        return Redaction.isSecret(name: name.trimmingCharacters(in: .whitespaces)) ? "\(name): \(Redaction.placeholder)" : field
    }

    /// A stray argument as an error message may quote it: a URL's or a header field's secrets
    /// replaced, for the option before it was forgotten.
    static func argument(_ argument: String) -> String {
        argument.contains("://") ? Redaction.url(argument) : argument.contains(":") ? header(argument) : argument
    }

    /// What is hidden, in the words of the help of every command that takes `--header`; made of
    /// ``Redaction``'s own lists, so the help cannot promise more or less than the rule keeps.
    static let rule: String = {
        let fragments = Redaction.secretNameFragments
        let names = Redaction.secretNames.sorted()
        return "the value of every header field and query parameter whose name, ignoring case, contains "
            + "\(fragments.dropLast().joined(separator: ", ")) or \(fragments.last ?? "")"
            + ", has a word ending in key (Api-Key, X-Goog-Api-Key, apikey; not Keep-Alive or keyword), or is "
            + "\(names.dropLast().joined(separator: ", ")) or \(names.last ?? ""); and for a URL's user and password"
    }()

    /// The options whose value is a header field, and those whose value is a URL.
    private static let headerOptions = ["--header", "--metrics-header"]
    private static let urlOptions = ["--url", "--metrics-remote-write", "--otlp"]

    private static func redact(_ value: String, of option: String) -> String {
        headerOptions.contains(option) ? header(value) : Redaction.url(value)
    }
}
