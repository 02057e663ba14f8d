import Foundation

/// Splits a header field's value into the values it holds, so that a field sent twice and the same
/// field joined into one line (as RFC 9110 §5.3 allows, and URLSession does) give the same values.
///
/// Three grammars, by field name:
/// - lists (RFC 9110 §5.6.1), the default: split at commas outside quoted strings, blanks trimmed,
///   empty members dropped;
/// - `WWW-Authenticate` and `Proxy-Authenticate`: one value per challenge, whose parameters are
///   separated by commas too (`Digest realm="x", qop="auth"` is one challenge);
/// - `Set-Cookie`: one value per cookie, split only where a comma starts a new `name=`, since an
///   `Expires` date holds a comma (`Expires=Wed, 21 Oct 2037 07:28:00 GMT`).
///
/// Fields that hold one value whose grammar allows bare commas (dates, URLs, product comments) are
/// never split.
enum FieldValueList {
    /// The values of one field line (or of several joined with commas).
    static func values(of value: String, field name: String) -> [String] {
        if HTTPHeaders.sameName(name, "Set-Cookie") { return cookies(in: value) }
        if singletons.contains(where: { HTTPHeaders.sameName($0, name) }) { return [trimmed(Substring(value))].filter { !$0.isEmpty } }
        let members = listMembers(of: value)
        let challenges = ["WWW-Authenticate", "Proxy-Authenticate"]
        return challenges.contains(where: { HTTPHeaders.sameName($0, name) }) ? grouped(challenges: members) : members
    }

    /// Fields with a single value in which a comma does not separate values.
    private static let singletons = [
        "Date", "Expires", "Last-Modified", "If-Modified-Since", "If-Unmodified-Since", "Retry-After",
        "Location", "Content-Location", "Referer", "User-Agent", "Server",
    ]

    /// The members of a comma-separated list: commas inside a quoted string (with its backslash
    /// escapes) do not separate.
    static func listMembers(of value: String) -> [String] {
        var members: [String] = []
        var start = value.utf8.startIndex
        var inQuotes = false
        var escaped = false
        var index = start
        while index != value.utf8.endIndex {
            let byte = value.utf8[index]
            if escaped {
                escaped = false
            } else if inQuotes, byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inQuotes.toggle()
            } else if byte == UInt8(ascii: ","), !inQuotes {
                members.append(trimmed(value[start..<index]))
                start = value.utf8.index(after: index)
            }
            index = value.utf8.index(after: index)
        }
        members.append(trimmed(value[start...]))
        return members.filter { !$0.isEmpty }
    }

    /// List members regrouped into challenges: a member that is an auth parameter (`name=value`)
    /// belongs to the challenge before it; any other member (`Scheme`, `Scheme name=value`,
    /// `Scheme token68`) starts a challenge.
    private static func grouped(challenges members: [String]) -> [String] {
        var challenges: [String] = []
        for member in members {
            if isAuthParameter(member), let last = challenges.popLast() {
                challenges.append(last + ", " + member)
            } else {
                challenges.append(member)
            }
        }
        return challenges
    }

    /// Whether a list member is `token BWS "=" …`: a token, optional blanks, then `=`.
    private static func isAuthParameter(_ member: String) -> Bool {
        let token = member.prefix { $0 != "=" && $0 != " " && $0 != "\t" }
        guard !token.isEmpty else { return false }
        return member[token.endIndex...].drop { $0 == " " || $0 == "\t" }.first == "="
    }

    /// The cookies of a `Set-Cookie` value, split at each comma followed by a cookie name and `=`.
    private static func cookies(in value: String) -> [String] {
        var cookies: [String] = []
        var start = value.startIndex
        var index = value.startIndex
        while let comma = value[index...].firstIndex(of: ",") {
            let next = value.index(after: comma)
            if startsCookie(value[next...]) {
                cookies.append(trimmed(value[start..<comma]))
                start = next
            }
            index = next
        }
        cookies.append(trimmed(value[start...]))
        return cookies.filter { !$0.isEmpty }
    }

    /// Whether `text` begins, after blanks, with `name=` where the name holds no blank, `;` or `,`.
    private static func startsCookie(_ text: Substring) -> Bool {
        let rest = text.drop { $0 == " " || $0 == "\t" }
        let name = rest.prefix { !" \t;,=".contains($0) }
        return !name.isEmpty && rest[name.endIndex...].first == "="
    }

    private static func trimmed(_ text: Substring) -> String {
        let isBlank = { (character: Character) in character == " " || character == "\t" }
        guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(text[first...last])
    }
}

/// HTTP-dates (RFC 9110 §5.6.7): the IMF-fixdate form servers send, and the two obsolete forms
/// recipients must still accept.
enum HTTPDate {
    private static let formats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz",  // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
        "EEEE, dd-MMM-yy HH:mm:ss zzz",  // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
        "EEE MMM d HH:mm:ss yyyy",  // asctime: Sun Nov  6 08:49:37 1994
    ]

    /// The date `text` names, or `nil`.
    static func parse(_ text: String) -> Date? {
        // DateFormatter is not Sendable and cheap enough per call at retry and cache rates.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        let collapsed = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        for format in formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: collapsed) { return date }
        }
        return nil
    }
}
