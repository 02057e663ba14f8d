/// Hides credentials before anything is logged: whole header fields that carry them, and the values
/// of query parameters whose names say they are secrets.
///
/// ``LogEvent`` applies it in its initialiser, so no sink can ever see what it hides.
public enum Redaction {
    /// What a hidden value is replaced with; plain ASCII, so a redacted URL stays a valid URL.
    public static let placeholder = "REDACTED"

    /// Header fields whose values are always hidden (compared without regard to case).
    public static let sensitiveHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-auth-token",
    ]

    /// Query parameter names that are always hidden, besides any name containing one of
    /// ``sensitiveQueryFragments``.
    public static let sensitiveQueryNames: Set<String> = [
        "key", "apikey", "api_key", "sig", "signature", "code", "auth", "session", "sessionid", "jwt",
    ]

    /// Parts of a query parameter or header name that mark it as a secret: `access_token`,
    /// `client_secret`, `X-Session-Token`, ….
    public static let sensitiveQueryFragments = ["token", "secret", "password", "passwd", "credential"]

    /// `headers` with the value of every sensitive field replaced.
    public static func headers(_ headers: HTTPHeaders) -> HTTPHeaders {
        var redacted = HTTPHeaders()
        for field in headers {
            redacted.add(name: field.name, value: isSensitive(headerName: field.name) ? placeholder : field.value)
        }
        return redacted
    }

    /// Whether a header field of this name holds a secret: one of ``sensitiveHeaders``, or a name
    /// containing one of ``sensitiveQueryFragments``.
    public static func isSensitive(headerName: String) -> Bool {
        let name = headerName.lowercased()
        return sensitiveHeaders.contains(name) || sensitiveQueryFragments.contains { name.contains($0) }
    }

    /// `url` with the value of every sensitive query parameter replaced, and any user and password
    /// before the host hidden too.
    public static func url(_ url: String) -> String {
        var result = hidingUserInfo(url)
        guard let questionMark = result.firstIndex(of: "?") else { return result }
        let fragmentStart = result[questionMark...].firstIndex(of: "#") ?? result.endIndex
        let pairs = result[result.index(after: questionMark)..<fragmentStart].split(separator: "&", omittingEmptySubsequences: false)
        let query = pairs.map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let name = pair[..<equals]
            return isSensitive(queryName: String(name)) ? "\(name)=\(placeholder)" : String(pair)
        }
        result.replaceSubrange(result.index(after: questionMark)..<fragmentStart, with: query.joined(separator: "&"))
        return result
    }

    /// Whether a query parameter of this name (percent-encoded or not) holds a secret.
    public static func isSensitive(queryName: String) -> Bool {
        let name = (queryName.removingPercentEncoding ?? queryName).lowercased()
        return sensitiveQueryNames.contains(name) || sensitiveQueryFragments.contains { name.contains($0) }
    }

    private static func hidingUserInfo(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return url }
        let authorityEnd = url[schemeEnd.upperBound...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? url.endIndex
        guard let at = url[schemeEnd.upperBound..<authorityEnd].lastIndex(of: "@") else { return url }
        return url.replacingCharacters(in: schemeEnd.upperBound..<at, with: placeholder)
    }
}
