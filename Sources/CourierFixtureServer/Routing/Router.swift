import Foundation
import Synchronization

/// Finds the route for a request and applies the per-request overrides of its query: `status=<code>`
/// answers with another status, `delay=<ms>` waits that long first — so any route can be made slow
/// or failing from a load tool's command line without configuring the server.
///
/// Responses of plain routes are serialized once, when the server starts, and shared by every
/// request: the hot path copies nothing.
struct Router {
    /// A route and its response bytes, prepared ahead.
    struct Prepared {
        let route: FixtureRoute
        let keepAliveResponse: [Data]
        let closingResponse: [Data]
    }

    /// What to answer one request with.
    struct Reply {
        let route: FixtureRoute
        let keepAlive: Bool
        let includeBody: Bool
        /// The serialized response when it was prepared ahead; `nil` when it must be built.
        let prepared: [Data]?

        /// The whole response, as the chunks to send.
        var chunks: [Data] {
            prepared ?? ResponseHead.chunks(for: route, keepAlive: keepAlive, includeBody: includeBody)
        }

        /// This reply with its body describing the request, when its route echoes requests.
        /// `request` is the whole request, head and body.
        func echoing(_ head: RequestHead, request: ArraySlice<UInt8>) -> Reply {
            guard route.echoesRequest else { return self }
            var echo = route
            let bodyStart = request.endIndex - head.contentLength
            echo.body = RequestEcho.json(
                method: head.method, head: request[..<bodyStart], body: request[bodyStart...], authorization: head.authorization
            )
            return Reply(route: echo, keepAlive: keepAlive, includeBody: includeBody, prepared: nil)
        }
    }

    private let routes: [String: Prepared]
    private let counts: RequestCounts
    /// The `/flow/…` routes, whose answers depend on what came before.
    private let flows: FlowService
    private static let notFound = FixtureRoute.json(#"{"error":"not found"}"#, status: 404)

    /// A router over `routes`, keyed by path, counting the requests of each in `counts`.
    init(routes: [String: FixtureRoute], counts: RequestCounts, flows: FlowService = FlowService(tokenUses: 5)) {
        self.counts = counts
        self.flows = flows
        self.routes = routes.mapValues { route in
            Prepared(
                route: route,
                keepAliveResponse: ResponseHead.chunks(for: route, keepAlive: true, includeBody: true),
                closingResponse: ResponseHead.chunks(for: route, keepAlive: false, includeBody: true)
            )
        }
    }

    /// The reply to `head`, or the status to refuse it with when its overrides are malformed.
    func reply(to head: RequestHead) -> Result<Reply, RefusedRequest> {
        if head.path.hasPrefix("/flow/"), routes[head.path] == nil, let flow = flows.reply(to: head) {
            counts.record(flow.counted)
            return .success(Reply(route: flow.route, keepAlive: head.keepAlive, includeBody: head.method != "HEAD", prepared: nil))
        }
        let prepared = routes[head.path]
        if prepared != nil { counts.record(head.path) }
        var route = prepared?.route ?? Self.notFound
        let includeBody = head.method != "HEAD"
        if let requirement = route.requirement, head.authorization != requirement.authorization {
            return .success(
                Reply(
                    route: .unauthorized(challenges: requirement.challenges), keepAlive: head.keepAlive, includeBody: includeBody,
                    prepared: nil))
        }
        guard !head.query.isEmpty else {
            let bytes = includeBody ? (head.keepAlive ? prepared?.keepAliveResponse : prepared?.closingResponse) : nil
            return .success(Reply(route: route, keepAlive: head.keepAlive, includeBody: includeBody, prepared: bytes))
        }
        for pair in head.query.split(separator: "&") {
            let name = pair.prefix { $0 != "=" }
            let value = pair.dropFirst(name.count + 1)
            switch name {
            case "status":
                guard let status = Int(value), (200...599).contains(status) else { return .failure(RefusedRequest(status: 400)) }
                route.status = status
            case "delay":
                guard let milliseconds = Int(value), (0...60_000).contains(milliseconds) else {
                    return .failure(RefusedRequest(status: 400))
                }
                route.delay = .fixed(.milliseconds(milliseconds))
            default:
                break
            }
        }
        return .success(Reply(route: route, keepAlive: head.keepAlive, includeBody: includeBody, prepared: nil))
    }
}

/// A request the server answers with an error status and then closes the connection.
struct RefusedRequest: Error, Equatable {
    /// The status to answer with.
    let status: Int

    /// The response: a small JSON body naming the status.
    var response: [Data] {
        ResponseHead.chunks(for: .json(#"{"error":\#(status)}"#, status: status), keepAlive: false, includeBody: true)
    }
}

/// The body of an echoing route (``FixtureRoute/echo()``): what the server received, as JSON, so a
/// test can see the method, header fields and body a client sent, after a redirect say.
enum RequestEcho {
    /// `{"body":"hello","bodyLength":5,"headers":{"host":"x",…},"method":"POST"}`, keys sorted for
    /// stable bytes, with `"authorization"` when the request carried one (to show where credentials
    /// went). `head` is the request line and the header fields; a repeated field's values are joined
    /// with `, `.
    static func json(method: String, head: ArraySlice<UInt8>, body: ArraySlice<UInt8>, authorization: String?) -> Data {
        var headers: [String: String] = [:]
        for (name, value) in RequestParser.fields(in: head) {
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        var object: [String: Any] = [
            "method": method,
            "bodyLength": body.count,
            "body": String(decoding: body, as: UTF8.self),
            "headers": headers,
        ]
        if let authorization { object["authorization"] = authorization }
        // Strings and an integer always serialize; the fallback only satisfies the type.
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }
}

/// How many requests each configured path has answered (or misbehaved on), shared between the
/// server's loop, which counts, and tests, which read: a test can tell a request the server executed
/// once from one it executed twice.
final class RequestCounts: Sendable {
    /// One path's count; a class so that the dictionary holding it stays immutable.
    private final class Count: Sendable {
        let value = Atomic<Int>(0)
    }

    private let counts: [String: Count]

    /// A zero count for each of `paths`.
    init(paths: some Sequence<String>) {
        counts = Dictionary(paths.map { ($0, Count()) }, uniquingKeysWith: { first, _ in first })
    }

    /// The paths counted, sorted.
    var paths: [String] {
        counts.keys.sorted()
    }

    /// Counts one request to `path`; paths that are not configured are not counted.
    func record(_ path: String) {
        counts[path]?.value.add(1, ordering: .relaxed)
    }

    /// The requests to `path` so far.
    func count(_ path: String) -> Int {
        counts[path]?.value.load(ordering: .relaxed) ?? 0
    }
}
