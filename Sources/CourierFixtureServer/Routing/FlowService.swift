import Foundation

/// The fixture server's `/flow/…` routes: a small service with state, for the flows a targets
/// file's journeys describe — a sign-in whose token wears out, cookies scoped to paths and expiring,
/// a write that answers 201 and a report that answers 200 with an error inside.
///
/// | route | answer |
/// |---|---|
/// | `POST /flow/sign-in` | 200 `{"token":"tok-N","user":{"id":N}}`, `X-Request-Id: req-N`, and the cookies `session=sess-N; Path=/flow` and `stale=1; Path=/; Expires=` (in 1970: already expired, so a client must never send it) |
/// | `GET /flow/items` | 200 `{"items":[{"id":7},{"id":8}]}` and the cookie `view=list-N; Path=/flow/items; Max-Age=600`, which only the detail below may get back |
/// | `GET /flow/items/<id>` | 200 `{"id":<id>,"title":"item <id>"}`; 403 without the `view` cookie |
/// | `POST /flow/orders` | 201 `{"order":{"id":"o-N-<k>"}}`; 400 when it carries the `view` cookie, whose path does not cover it |
/// | `GET /flow/report` | 200 `{"errors":[{"message":"the report failed"}]}`: a success by status that failed |
///
/// Every route but the sign-in needs `Authorization: Bearer tok-N` and the cookie `session=sess-N`
/// of one sign-in: a token unknown or used up answers 401, a missing or foreign session 403. A token
/// serves ``tokenUses`` requests, then is refused: a user must sign in again. Any request carrying
/// the expired `stale` cookie answers 400.
///
/// Owned by the server's one loop thread, so its state needs no lock.
final class FlowService {
    /// The paths it answers, for the server's request counts; `/flow/items/` stands for every detail.
    static let paths = ["/flow/sign-in", "/flow/items", "/flow/items/", "/flow/orders", "/flow/report"]

    /// How many requests a token serves before it is refused.
    let tokenUses: Int
    private var signIns = 0
    private var remaining: [Int: Int] = [:]
    private var orders = 0

    init(tokenUses: Int) {
        self.tokenUses = max(1, tokenUses)
    }

    /// The answer to a request for `path` under `/flow/`, and the path it is counted under; `nil`
    /// for a path it does not serve.
    func reply(to head: RequestHead) -> (route: FixtureRoute, counted: String)? {
        let cookies = Self.cookies(head.cookie)
        if cookies["stale"] != nil { return (Self.error(400, "an expired cookie was sent"), Self.countedPath(head.path)) }
        switch (head.method, head.path) {
        case ("POST", "/flow/sign-in"):
            signIns += 1
            let user = signIns
            remaining[user] = tokenUses
            let route = FixtureRoute.json(#"{"token":"tok-\#(user)","user":{"id":\#(user)}}"#)
                .with(headers: ["X-Request-Id": "req-\(user)"])
            var headers = route.headers.adding("Set-Cookie", "session=sess-\(user); Path=/flow; HttpOnly")
            headers = headers.adding("Set-Cookie", "stale=1; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT")
            return (FixtureRoute(status: 200, headers: headers, body: route.body), "/flow/sign-in")
        case (_, let path) where FlowService.paths.contains(path) || path.hasPrefix("/flow/items/"):
            let counted = Self.countedPath(path)
            if let refusal = authorize(head, cookies: cookies) { return (refusal, counted) }
            return (answer(head, path: path, cookies: cookies), counted)
        default:
            return nil
        }
    }

    /// A refusal when the request's token or session is not good, having used one of its uses.
    private func authorize(_ head: RequestHead, cookies: [String: String]) -> FixtureRoute? {
        guard let token = head.authorization, token.hasPrefix("Bearer tok-"), let user = Int(token.dropFirst("Bearer tok-".count)),
            let left = remaining[user], left > 0
        else { return Self.error(401, "the token is unknown or used up") }
        remaining[user] = left - 1
        guard cookies["session"] == "sess-\(user)" else { return Self.error(403, "no session of this user") }
        return nil
    }

    private func answer(_ head: RequestHead, path: String, cookies: [String: String]) -> FixtureRoute {
        switch path {
        case "/flow/items":
            return FixtureRoute.json(#"{"items":[{"id":7},{"id":8}]}"#)
                .with(headers: ["Set-Cookie": "view=list-\(cookies["session"] ?? ""); Path=/flow/items; Max-Age=600"])
        case "/flow/orders":
            guard head.method == "POST" else { return Self.error(405, "POST only") }
            guard cookies["view"] == nil else { return Self.error(400, "the view cookie's path does not cover /flow/orders") }
            orders += 1
            return .json(#"{"order":{"id":"o-\#(orders)"}}"#, status: 201)
        case "/flow/report":
            return .json(#"{"errors":[{"message":"the report failed"}]}"#)
        default:
            let id = path.dropFirst("/flow/items/".count)
            guard !id.isEmpty, id.allSatisfy(\.isNumber) else { return Self.error(404, "no such item") }
            guard cookies["view"] != nil else { return Self.error(403, "the list was not seen") }
            return .json(#"{"id":\#(id),"title":"item \#(id)"}"#)
        }
    }

    private static func countedPath(_ path: String) -> String {
        path.hasPrefix("/flow/items/") ? "/flow/items/" : path
    }

    private static func error(_ status: Int, _ message: String) -> FixtureRoute {
        .json(#"{"error":"\#(message)"}"#, status: status)
    }

    /// The `Cookie` field's pairs by name.
    static func cookies(_ field: String?) -> [String: String] {
        var cookies: [String: String] = [:]
        for pair in (field ?? "").split(separator: ";") {
            let trimmed = pair.trimmingCharacters(in: .whitespaces)
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            cookies[String(trimmed[..<equals])] = String(trimmed[trimmed.index(after: equals)...])
        }
        return cookies
    }
}
