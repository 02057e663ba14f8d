import Foundation

/// Keeps secrets out of reports: a report stores the command line that produced it, and a load
/// command line may carry credentials in headers or in the URL.
enum Redaction {
    static let placeholder = "<redacted>"

    /// `arguments` with the values of secret-looking headers, URL passwords and secret-looking query
    /// parameters replaced by ``placeholder``.
    static func commandLine(_ arguments: [String]) -> [String] {
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

    /// Whether a header or query parameter of this name likely holds a credential.
    static func isSecret(_ name: String) -> Bool {
        let name = name.lowercased()
        return ["authorization", "cookie", "token", "secret", "password", "passwd", "key", "session", "signature", "credential", "auth"]
            .contains { name.contains($0) }
    }

    private static func redact(_ value: String, of option: String) -> String {
        option == "--header" ? header(value) : url(value)
    }

    private static func header(_ field: String) -> String {
        let name = field.prefix { $0 != ":" }
        return isSecret(String(name).trimmingCharacters(in: .whitespaces)) ? "\(name): \(placeholder)" : field
    }

    private static func url(_ text: String) -> String {
        guard var components = URLComponents(string: text) else { return text }
        if components.password != nil { components.password = placeholder }
        components.queryItems = components.queryItems?.map { item in
            isSecret(item.name) && item.value != nil ? URLQueryItem(name: item.name, value: placeholder) : item
        }
        return components.string ?? text
    }
}
