import Foundation

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
    private static let notFound = FixtureRoute.json(#"{"error":"not found"}"#, status: 404)

    /// A router over `routes`, keyed by path, counting the requests of each in `counts`.
    init(routes: [String: FixtureRoute], counts: RequestCounts) {
        self.counts = counts
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
        let prepared = routes[head.path]
        if prepared != nil { counts.record(head.path) }
        var route = prepared?.route ?? Self.notFound
        let includeBody = head.method != "HEAD"
        if let requirement = route.requirement, head.authorization != requirement.authorization {
            return .success(Reply(route: .unauthorized(challenges: requirement.challenges), keepAlive: head.keepAlive, includeBody: includeBody, prepared: nil))
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
                guard let milliseconds = Int(value), (0...60_000).contains(milliseconds) else { return .failure(RefusedRequest(status: 400)) }
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
