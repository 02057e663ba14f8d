import Foundation

/// One stored response, with what is needed to judge its freshness and revalidate it.
struct CachedResponse: Sendable {
    let response: HTTPResponse
    let body: Data
    /// When the response was stored or last revalidated.
    let storedAt: Date
    /// How long after ``storedAt`` it may be served without asking the server.
    let freshFor: TimeInterval
    /// The values the request had for each field named in `Vary`, which a later request must match.
    let varied: [String: String?]

    /// The entry for `response` to `request`, or `nil` when it must not be stored.
    init?(response: HTTPResponse, body: Data, request: HTTPRequest, at now: Date) {
        let control = CacheControl(response.headers["Cache-Control"])
        let vary = (response.headers["Vary"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard response.statusCode == 200, !control.noStore, !vary.contains("*") else { return nil }
        let freshFor = control.noCache ? 0 : Self.freshness(of: response, control: control, at: now)
        let hasValidators = response.headers.contains("ETag") || response.headers.contains("Last-Modified")
        // A response that is never fresh and cannot be revalidated is of no use stored.
        guard freshFor > 0 || hasValidators else { return nil }
        self.response = response
        self.body = body
        storedAt = now
        self.freshFor = freshFor
        varied = Dictionary(vary.map { ($0.lowercased(), request.headers[$0]) }, uniquingKeysWith: { first, _ in first })
    }

    /// The bytes the entry is charged for in the cache's budget.
    var cost: Int {
        body.count + response.headers.reduce(64) { $0 + $1.name.utf8.count + $1.value.utf8.count }
    }

    func isFresh(at now: Date) -> Bool {
        now.timeIntervalSince(storedAt) < freshFor
    }

    /// Whether the entry answers `request`: the fields it varies on have the same values.
    func matches(_ request: HTTPRequest) -> Bool {
        varied.allSatisfy { name, value in request.headers[name] == value }
    }

    /// The header fields that make `request` conditional on this entry being current.
    func validating(_ request: HTTPRequest) -> HTTPRequest? {
        let etag = response.headers["ETag"]
        let lastModified = response.headers["Last-Modified"]
        guard etag != nil || lastModified != nil else { return nil }
        var conditional = request
        if let etag { conditional.headers["If-None-Match"] = etag }
        if let lastModified { conditional.headers["If-Modified-Since"] = lastModified }
        return conditional
    }

    /// The entry after a `304 Not Modified`: the stored body, with the header fields the `304`
    /// updates, fresh again from `now`.
    func revalidated(by notModified: HTTPResponse, request: HTTPRequest, at now: Date) -> CachedResponse? {
        var headers = response.headers
        for field in notModified.headers where !["content-length", "content-encoding"].contains(field.name.lowercased()) {
            headers[field.name] = field.value
        }
        return CachedResponse(
            response: HTTPResponse(statusCode: response.statusCode, headers: headers), body: body, request: request, at: now)
    }

    /// Seconds of freshness: `max-age` less the `Age` the response arrived with, else `Expires` less
    /// `Date`, else none (RFC 9111 §4.2.1; no heuristic freshness, which would guess).
    private static func freshness(of response: HTTPResponse, control: CacheControl, at now: Date) -> TimeInterval {
        if let maxAge = control.maxAge {
            let age = response.headers["Age"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0
            return TimeInterval(max(0, maxAge - age))
        }
        guard let expires = response.headers["Expires"] else { return 0 }
        // An invalid Expires, such as "0", means already expired.
        guard let expiry = HTTPDate.parse(expires) else { return 0 }
        let date = response.headers["Date"].flatMap(HTTPDate.parse) ?? now
        return max(0, expiry.timeIntervalSince(date))
    }
}

/// The `Cache-Control` directives a private client cache acts on (RFC 9111 §5.2).
///
/// `private` needs no handling: this cache belongs to one client, which is exactly what `private`
/// allows. `s-maxage` and `public` are for shared caches and are ignored.
struct CacheControl: Sendable {
    var maxAge: Int?
    var noStore = false
    var noCache = false

    init(_ header: String?) {
        guard let header else { return }
        for directive in header.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1)
            let name = parts.first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            let value = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["\""]) : nil
            switch name {
            case "max-age": maxAge = value.flatMap(Int.init)
            case "no-store": noStore = true
            // `no-cache="field"` restricts only some fields; treating it as plain no-cache is safe.
            case "no-cache": noCache = true
            default: continue
            }
        }
    }
}
