/// What Courier treats as a secret, and how it hides one: whole header fields whose names say they
/// carry a credential, the values of query parameters whose names say so, and any user and password
/// before a URL's host.
///
/// One rule, ``isSecret(name:)``, serves header fields and query parameters alike, and everything that
/// must keep a secret in: ``LogEvent`` applies it in its initialiser, so no sink can ever see what it
/// hides; ``Redirects`` drops every field it names when a redirect leaves the origin; `bench` applies
/// it to its reports, its console and the head `capture` saves.
///
/// A name is secret when, ignoring case and after percent-decoding:
/// - it contains one of ``secretNameFragments`` anywhere: `Authorization`, `X-Amz-Security-Token`,
///   `Stripe-Signature`, `X-Session-Id`, `Set-Cookie`, `client_secret`, …;
/// - or a word of it ends in `key` (a word ends before a character that is not a letter, at the end of
///   the name, or before a capital in camel case): `Api-Key`, `X-Goog-Api-Key`, `apikey`, `apiKey`,
///   `Ocp-Apim-Subscription-Key`, `DD-API-KEY`; but not `Keep-Alive`, `keyword` or `keys`;
/// - or it is one of ``secretNames``, secrets too short to look for inside other names (`code`, `sig`).
///
/// The fragments are matched inside words on purpose, so some fields that hold no secret are hidden
/// too (`WWW-Authenticate`, `Access-Control-Allow-Credentials`, `Sec-WebSocket-Key`): a value hidden
/// needlessly costs a log line a detail, and a credential shown cannot be taken back.
public enum Redaction {
    /// What a hidden value is replaced with; plain ASCII, so a redacted URL stays a valid URL.
    public static let placeholder = "REDACTED"

    /// Parts of a header or query parameter name that mark it as a secret wherever they stand in it
    /// (compared without regard to case).
    public static let secretNameFragments = [
        "auth", "token", "secret", "password", "passwd", "session", "cookie", "signature", "credential", "jwt",
    ]

    /// Whole names that are secrets although they contain none of ``secretNameFragments`` (compared
    /// without regard to case): OAuth's authorization `code`, a shared-access `sig`, a session `sid`,
    /// a `pwd` or `pass` password.
    public static let secretNames: Set<String> = ["code", "sig", "sid", "pwd", "pass"]

    /// Whether a header field or query parameter of this name (percent-encoded or not) holds a secret,
    /// by the rule described on ``Redaction``.
    public static func isSecret(name: String) -> Bool {
        let decoded = name.removingPercentEncoding ?? name
        let lowercased = decoded.lowercased()
        return secretNames.contains(lowercased)
            || secretNameFragments.contains { lowercased.contains($0) }
            || hasWordEndingInKey(decoded)
    }

    /// `headers` with the value of every secret field replaced.
    public static func headers(_ headers: HTTPHeaders) -> HTTPHeaders {
        var redacted = HTTPHeaders()
        for field in headers {
            redacted.add(name: field.name, value: isSecret(name: field.name) ? placeholder : field.value)
        }
        return redacted
    }

    /// `url` with the value of every secret query parameter replaced, and any user and password
    /// before the host hidden too.
    public static func url(_ url: String) -> String {
        var result = hidingUserInfo(url)
        guard let questionMark = result.firstIndex(of: "?") else { return result }
        let fragmentStart = result[questionMark...].firstIndex(of: "#") ?? result.endIndex
        let pairs = result[result.index(after: questionMark)..<fragmentStart].split(separator: "&", omittingEmptySubsequences: false)
        let query = pairs.map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let name = pair[..<equals]
            return isSecret(name: String(name)) ? "\(name)=\(placeholder)" : String(pair)
        }
        result.replaceSubrange(result.index(after: questionMark)..<fragmentStart, with: query.joined(separator: "&"))
        return result
    }

    /// Whether `key`, in any case, ends a word of `name`. Anywhere in a name, `key` would also hide
    /// `keyword` or `keys`, which carry no secret.
    private static func hasWordEndingInKey(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        // Setting 0x20 lowers an ASCII capital, and maps nothing else onto `k`, `e` or `y`.
        for last in bytes.indices.dropFirst(2) where bytes[(last - 2)...last].elementsEqual("key".utf8, by: { $0 | 0x20 == $1 }) {
            guard last + 1 < bytes.count else { return true }
            let next = bytes[last + 1]
            // Bytes of non-ASCII letters count as letters: the word goes on.
            let isLetter = (0x61...0x7A).contains(next | 0x20) || next >= 0x80
            let startsCamelCaseWord = (0x41...0x5A).contains(next) && bytes[last] == UInt8(ascii: "y")
            if !isLetter || startsCamelCaseWord { return true }
        }
        return false
    }

    private static func hidingUserInfo(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return url }
        let authorityEnd = url[schemeEnd.upperBound...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? url.endIndex
        guard let at = url[schemeEnd.upperBound..<authorityEnd].lastIndex(of: "@") else { return url }
        return url.replacingCharacters(in: schemeEnd.upperBound..<at, with: placeholder)
    }
}
