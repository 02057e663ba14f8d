import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How Courier's transports follow redirects: the same rules on every transport, those of RFC 9110
/// §15.4, so that a client cannot tell URLSession from libcurl by what a redirect does to a request.
///
/// | status | the next request |
/// |---|---|
/// | 301, 302 | the same, except that a `POST` becomes a `GET` without its body (what browsers, URLSession and libcurl do, and the RFC allows) |
/// | 303 | a `GET` without a body, whatever the method (a `HEAD` stays a `HEAD`) |
/// | 307, 308 | the same method with the same body |
///
/// A request turned into a `GET` loses its body and the fields that describe it (`Content-Type`,
/// `Content-Length`, …). A redirect to another origin (scheme, host or port) drops every field that
/// ``Redaction/isSecret(name:)`` calls secret (`Authorization`, `Proxy-Authorization`, `Cookie`,
/// `X-Api-Key`, `X-Amz-Security-Token`, …): what Courier would never log never crosses an origin, so
/// credentials never reach a host they were not meant for.
/// Other 3xx statuses (300, 304, …), and redirects without a usable `Location`, are answers, not
/// redirects.
public enum Redirects {
    /// The redirects a transport follows for one request before failing with
    /// `URLError(.httpTooManyRedirects)`: Apple's URLSession's limit.
    public static let defaultLimit = 16

    /// The request `response` redirects `request` to, or `nil` when `response` is not a redirect to
    /// follow.
    public static func request(after response: HTTPResponse, to request: HTTPRequest) -> HTTPRequest? {
        guard isRedirect(response.statusCode),
            let location = response.headers["Location"],
            let current = URL(string: request.url),
            let target = URL(string: location, relativeTo: current)?.absoluteURL,
            defaultPort(target) != nil
        else { return nil }
        var next = request
        next.url = target.absoluteString
        let method = request.method.uppercased()
        let becomesGET =
            switch response.statusCode {
            case 301, 302: method == "POST"
            case 303: method != "GET" && method != "HEAD"
            default: false
            }
        if becomesGET {
            next.method = "GET"
            next.body = nil
            for field in request.headers where field.name.lowercased().hasPrefix("content-") {
                next.headers[field.name] = nil
            }
        }
        if !sameOrigin(current, target) {
            for field in request.headers where Redaction.isSecret(name: field.name) {
                next.headers[field.name] = nil
            }
        }
        return next
    }

    /// Sends `request` with `send`, then each request the answers redirect to, up to `limit`
    /// redirects; returns the first answer that is not a redirect. With a `limit` of 0 a redirect is
    /// returned as it came.
    ///
    /// Throws what `send` throws, and `URLError(.httpTooManyRedirects)` when the limit is passed.
    public static func follow(
        _ request: HTTPRequest,
        limit: Int = defaultLimit,
        send: (HTTPRequest) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data) {
        var current = request
        var followed = 0
        while true {
            let answer = try await send(current)
            guard limit > 0, let next = Self.request(after: answer.0, to: current) else { return answer }
            guard followed < limit else { throw URLError(.httpTooManyRedirects) }
            followed += 1
            current = next
        }
    }

    /// Whether `status` is one of the redirects followed: checked for every response, so no array.
    private static func isRedirect(_ status: Int) -> Bool {
        switch status {
        case 301, 302, 303, 307, 308: true
        default: false
        }
    }

    private static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && (a.port ?? defaultPort(a)) == (b.port ?? defaultPort(b))
    }

    /// The port of the URL's scheme when it is HTTP's; `nil` for other schemes.
    private static func defaultPort(_ url: URL) -> Int? {
        switch url.scheme?.lowercased() {
        case "http": 80
        case "https": 443
        default: nil
        }
    }
}
