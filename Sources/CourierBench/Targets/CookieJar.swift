import Foundation

/// One session's cookies, by RFC 6265's rules: a `Set-Cookie` is stored for its domain (the host
/// alone without `Domain`, the domain and its subdomains with one that covers the host) and its
/// path (by default the request's directory), until `Max-Age` or `Expires` says it ends (a date in
/// the past deletes it); a `Secure` cookie goes back over `https` only. `Cookie` carries those that
/// match, longest paths first.
///
/// Each session of a journey has its own, so users never share cookies; the transports' own cookie
/// handling is off in load runs.
struct CookieJar: Sendable {
    private struct Cookie: Sendable, Equatable {
        var name: String
        var value: String
        var domain: String
        var hostOnly: Bool
        var path: String
        /// Seconds since 1970; `nil` for a session cookie.
        var expires: Double?
        var secure: Bool
        var created: Int
    }

    private var cookies: [Cookie] = []
    private var created = 0

    /// Whether the jar holds no cookie.
    var isEmpty: Bool { cookies.isEmpty }

    /// Stores the cookies of the `Set-Cookie` fields `fields` of the answer to `url`, received at
    /// `now` (seconds since 1970).
    mutating func store(_ fields: [String], from url: URL, now: Double) {
        guard let host = url.host?.lowercased() else { return }
        for field in fields {
            guard var cookie = Self.parse(field, host: host, requestPath: url.path, now: now) else { continue }
            cookies.removeAll { $0.name == cookie.name && $0.domain == cookie.domain && $0.path == cookie.path }
            if let expires = cookie.expires, expires <= now { continue }
            created += 1
            cookie.created = created
            cookies.append(cookie)
        }
    }

    /// The `Cookie` field for a request to `url` at `now`, or `nil` when no cookie matches.
    mutating func header(for url: URL, now: Double) -> String? {
        cookies.removeAll { $0.expires.map { $0 <= now } ?? false }
        guard let host = url.host?.lowercased() else { return nil }
        let path = url.path.isEmpty ? "/" : url.path
        let secure = url.scheme?.lowercased() == "https"
        let matching =
            cookies
            .filter { cookie in
                (cookie.hostOnly ? host == cookie.domain : Self.domain(host, matches: cookie.domain))
                    && Self.path(path, matches: cookie.path) && (secure || !cookie.secure)
            }
            .sorted { $0.path.count != $1.path.count ? $0.path.count > $1.path.count : $0.created < $1.created }
        guard !matching.isEmpty else { return nil }
        return matching.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// RFC 6265 §5.2: the cookie a `Set-Cookie` value sets, or `nil` when it is to be ignored.
    private static func parse(_ field: String, host: String, requestPath: String, now: Double) -> Cookie? {
        let parts = field.split(separator: ";", omittingEmptySubsequences: false)
        guard let pair = parts.first, let equals = pair.firstIndex(of: "=") else { return nil }
        let name = pair[..<equals].trimmingCharacters(in: .whitespaces)
        let value = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return nil }
        var cookie = Cookie(
            name: name, value: value, domain: host, hostOnly: true, path: defaultPath(requestPath), expires: nil, secure: false,
            created: 0)
        var maxAge: Double?
        var expires: Double?
        for attribute in parts.dropFirst() {
            let key = attribute.prefix { $0 != "=" }.trimmingCharacters(in: .whitespaces).lowercased()
            let value = attribute.drop { $0 != "=" }.dropFirst().trimmingCharacters(in: .whitespaces)
            switch key {
            case "max-age":
                // §5.2.2: a leading digit or `-`, then digits; zero or less expires at once.
                guard let seconds = Int(value) else { continue }
                maxAge = seconds <= 0 ? -Double.infinity : now + Double(seconds)
            case "expires":
                if let date = CookieDate.parse(value) { expires = date }
            case "domain":
                var domain = value.lowercased()
                if domain.hasPrefix(".") { domain.removeFirst() }
                guard !domain.isEmpty else { continue }
                // §5.3 step 6: a domain that does not cover the host makes the whole cookie ignored.
                guard Self.domain(host, matches: domain) else { return nil }
                cookie.domain = domain
                cookie.hostOnly = false
            case "path":
                if value.hasPrefix("/") { cookie.path = value }
            case "secure":
                cookie.secure = true
            default:
                continue
            }
        }
        // §5.3 step 3: Max-Age wins over Expires.
        cookie.expires = maxAge ?? expires
        return cookie
    }

    /// §5.1.4: the directory of the request's path.
    private static func defaultPath(_ path: String) -> String {
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// §5.1.3: the host is the domain, or ends with `.` and the domain (not for an IP address).
    static func domain(_ host: String, matches domain: String) -> Bool {
        if host == domain { return true }
        let isAddress = host.allSatisfy { $0.isNumber || $0 == "." } || host.contains(":")
        return !isAddress && host.hasSuffix("." + domain)
    }

    /// §5.1.4: the request path is the cookie's, or starts with it at a `/`.
    static func path(_ path: String, matches cookiePath: String) -> Bool {
        guard path.hasPrefix(cookiePath) else { return false }
        return path.count == cookiePath.count || cookiePath.hasSuffix("/") || path.dropFirst(cookiePath.count).hasPrefix("/")
    }
}

/// RFC 6265 §5.1.1's reading of a cookie's date, which tolerates the many forms servers write:
/// the first time (`hh:mm:ss`), day of month, month name and year among the tokens, in any order.
enum CookieDate {
    /// Seconds since 1970 of `text`, or `nil` when it is not a date by §5.1.1.
    static func parse(_ text: String) -> Double? {
        var time: (Int, Int, Int)?
        var day: Int?
        var month: Int?
        var year: Int?
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        let tokens = text.split { !($0.isLetter || $0.isNumber || $0 == ":") }
        for token in tokens {
            let digits = token.prefix { $0.isNumber }
            if time == nil {
                let fields = token.split(separator: ":", omittingEmptySubsequences: false)
                if fields.count == 3, fields.allSatisfy({ (1...2).contains($0.prefix { $0.isNumber }.count) }),
                    let hour = Int(fields[0].prefix { $0.isNumber }), let minute = Int(fields[1].prefix { $0.isNumber }),
                    let second = Int(fields[2].prefix { $0.isNumber })
                {
                    time = (hour, minute, second)
                    continue
                }
            }
            if day == nil, (1...2).contains(digits.count), let value = Int(digits) {
                day = value
            } else if month == nil, let index = months.firstIndex(of: token.prefix(3).lowercased()) {
                month = index + 1
            } else if year == nil, (2...4).contains(digits.count), let value = Int(digits) {
                year = value
            }
        }
        guard var year, let day, let month, let time else { return nil }
        let (hour, minute, second) = time
        if (70...99).contains(year) { year += 1900 } else if (0...69).contains(year) { year += 2000 }
        guard (1...31).contains(day), year >= 1601, hour <= 23, minute <= 59, second <= 59 else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month, day)
        (components.hour, components.minute, components.second) = (hour, minute, second)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(from: components)?.timeIntervalSince1970
    }
}
