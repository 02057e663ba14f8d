import CourierFixtures
import Foundation

extension FixtureServer {
    /// What a server serves unless told otherwise, generated once per process:
    ///
    /// | path | response |
    /// |---|---|
    /// | `/movies` | the `list100` payload (any `?page=N`) |
    /// | `/movies/1` | the `tinyObject` payload, one movie |
    /// | `/fixtures/<shape>` | each ``PayloadShape``'s payload, such as `/fixtures/list10k` |
    /// | `/faults/reset` | the request read, then a TCP reset instead of a response |
    /// | `/faults/close` | the request read, then the connection closed without a response |
    /// | `/faults/truncated` | half of `list100`, then the connection closes |
    /// | `/faults/drip` | one movie, 8 bytes every 50 ms |
    /// | `/faults/trickle` | the head at once, then one movie, one byte a second |
    /// | `/faults/garbage` | a line that is not an HTTP status line |
    /// | `/faults/huge` | 16 MiB that are not JSON |
    /// | `/faults/429`, `/faults/503` | the status with `Retry-After: 1` |
    /// | `/faults/401` | 401 with a `WWW-Authenticate: Basic` challenge and a JSON error body |
    /// | `/faults/401/bearer`, `/faults/401/digest` | the same with a `Bearer` or a `Digest` challenge |
    /// | `/faults/401/basic-bearer` | the same with two `WWW-Authenticate` fields, `Basic` then `Bearer` |
    /// | `/faults/slow` | one movie after 5 s |
    /// | `/faults/slow-headers` | the status line at once, the rest of the response after 5 s |
    /// | `/faults/jitter` | one movie after 1–20 ms |
    /// | `/faults/repeated-headers` | `WWW-Authenticate`, `Set-Cookie` and `Vary` each sent twice, with commas inside values |
    /// | `/redirect/<status>` | 301, 302, 303, 307 or 308 to `/echo` |
    /// | `/echo` | the request's method, body length, body, header fields and `Authorization`, as JSON |
    /// | `/capacity` | one movie from ``standardCapacity``'s workers: 400 requests a second, then a queue |
    /// | `/scalability` | one movie from ``standardScalability``'s workers, slower the more are in service: 100 requests a second at one in flight, a peak of 740 at about 22 |
    /// | `/mix/list`, `/mix/detail`, `/mix/search`, `/mix/write` | one movie from ``standardMix``'s 4 shared workers, after 1, 2, 5 and 10 ms of their time |
    /// | `/hostile/…` | ``hostileRoutes``: contradictory framing, a header field too large, a gzip bomb |
    /// | `/journey/sign-in` | `{"token":"stale"}`: a token the items refuse, so a client's auth must refresh it |
    /// | `/journey/refresh` | `{"token":"fresh"}` |
    /// | `/journey/items` | three ids, only with `Authorization: Bearer fresh` (else a 401 with a `Bearer` challenge), from the mix's workers after 1 ms |
    /// | `/journey/item` | one item, from the mix's workers after 2 ms |
    /// | `/flow/…` | a service with state: sign-in, list, detail, write, a 200 that carries an error; see ``Configuration/flowTokenUses`` |
    ///
    /// A server that fails every connection before any route is read is a
    /// ``Configuration/acceptance-swift.property`` away (`.reset`, `.stall`).
    ///
    /// Every route also takes `?status=<code>` and `?delay=<ms>` (see the LoadTesting article of CourierBench).
    public static let standardRoutes: [String: FixtureRoute] = {
        var routes: [String: FixtureRoute] = [
            "/movies": .payload(.list100),
            "/movies/1": .payload(.tinyObject),
            "/faults/reset": FixtureRoute.payload(.tinyObject).with(fault: .resetBeforeResponse),
            "/faults/close": FixtureRoute.payload(.tinyObject).with(fault: .closeWithoutResponse),
            "/faults/truncated": FixtureRoute.payload(.list100).with(fault: .closeMidBody),
            "/faults/drip": FixtureRoute.payload(.tinyObject).with(fault: .slowDrip(chunkBytes: 8, interval: .milliseconds(50))),
            "/faults/trickle": FixtureRoute.payload(.tinyObject).with(fault: .slowDrip(chunkBytes: 1, interval: .seconds(1))),
            "/faults/garbage": FixtureRoute.payload(.tinyObject).with(fault: .garbageStatusLine),
            "/faults/huge": .huge(bytes: 16 << 20),
            "/faults/429": .retryAfter(status: 429, seconds: 1),
            "/faults/503": .retryAfter(status: 503, seconds: 1),
            "/faults/401": .unauthorized(),
            "/faults/401/bearer": .unauthorized(challenges: [#"Bearer realm="courier-fixtures", error="invalid_token""#]),
            "/faults/401/digest": .unauthorized(challenges: [
                #"Digest realm="courier-fixtures", qop="auth", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41""#
            ]),
            "/faults/401/basic-bearer": .unauthorized(challenges: [#"Basic realm="courier-fixtures""#, #"Bearer realm="courier-fixtures""#]
            ),
            "/faults/slow": FixtureRoute.payload(.tinyObject).with(delay: .fixed(.seconds(5))),
            "/faults/slow-headers": FixtureRoute.payload(.tinyObject).with(fault: .slowHeaderFields(delay: .seconds(5))),
            "/faults/jitter": FixtureRoute.payload(.tinyObject).with(delay: .random(.milliseconds(1)...(.milliseconds(20)))),
            "/faults/repeated-headers": FixtureRoute(
                headers: repeatedHeaders.adding("Content-Type", "application/json"), body: Data(#"{"ok":true}"#.utf8)),
            "/echo": .echo(),
            "/capacity": FixtureRoute.payload(.tinyObject).with(capacity: standardCapacity),
            "/scalability": FixtureRoute.payload(.tinyObject).with(capacity: standardScalability),
        ]
        for (path, capacity) in standardMix {
            routes[path] = FixtureRoute.payload(.tinyObject).with(capacity: capacity)
        }
        routes["/journey/sign-in"] = .json(#"{"token":"stale"}"#)
        routes["/journey/refresh"] = .json(#"{"token":"fresh"}"#)
        routes["/journey/items"] = FixtureRoute.json(#"[{"id":1},{"id":2},{"id":3}]"#)
            .requiring(authorization: "Bearer fresh", challenges: [#"Bearer realm="journey""#])
            .with(capacity: FixtureCapacity(workers: 4, serviceTime: .milliseconds(1), pool: "mix"))
        routes["/journey/item"] = FixtureRoute.json(#"{"id":2,"title":"a detail"}"#)
            .with(capacity: FixtureCapacity(workers: 4, serviceTime: .milliseconds(2), pool: "mix"))
        for status in [301, 302, 303, 307, 308] {
            routes["/redirect/\(status)"] = .redirect(status: status, to: "/echo")
        }
        for shape in PayloadShape.allCases {
            routes["/fixtures/\(shape.rawValue)"] = .payload(shape)
        }
        routes.merge(hostileRoutes) { standard, _ in standard }
        return routes
    }()

    /// The workers behind the standard `/capacity` route: 4 of 10 ms, 400 requests a second.
    public static let standardCapacity = FixtureCapacity(workers: 4, serviceTime: .milliseconds(10))

    /// The workers behind the standard `/scalability` route: a server that scales as the Universal
    /// Scalability Law says, with α = 0.05 and β = 0.002 over a service time of 10 ms (γ = 100
    /// requests a second), and 1,000 workers so that no closed loop a sweep runs queues: throughput
    /// peaks at N* = √(0.95 / 0.002) ≈ 21.8 requests in flight, at about 740 a second.
    public static let standardScalability = FixtureCapacity(
        workers: 1_000, serviceTime: .milliseconds(10), contention: 0.05, coherency: 0.002)

    /// The routes of a service whose requests cost different amounts of one pool of 4 workers, by
    /// path: a list page 1 ms, a detail 2 ms, a search 5 ms, a write 10 ms. A mix of them has a
    /// known capacity (``FixtureCapacity/requestsPerSecond(of:weights:)``): 70/20/8/2 takes 1.7 ms of a
    /// worker per request on average, 2,353 requests a second from the four.
    public static let standardMix: [String: FixtureCapacity] = [
        "/mix/list": FixtureCapacity(workers: 4, serviceTime: .milliseconds(1), pool: "mix"),
        "/mix/detail": FixtureCapacity(workers: 4, serviceTime: .milliseconds(2), pool: "mix"),
        "/mix/search": FixtureCapacity(workers: 4, serviceTime: .milliseconds(5), pool: "mix"),
        "/mix/write": FixtureCapacity(workers: 4, serviceTime: .milliseconds(10), pool: "mix"),
    ]

    /// The fields of `/faults/repeated-headers`: each name twice, commas inside quoted strings, inside
    /// a challenge's parameters and inside cookie dates, where a careless split breaks them apart.
    public static let repeatedHeaders: FixtureHeaders = [
        "WWW-Authenticate": #"Basic realm="a, b""#,
        "WWW-Authenticate": #"Bearer error="invalid_token", error_description="expired, renew""#,
        "Set-Cookie": "session=abc; Expires=Wed, 21 Oct 2037 07:28:00 GMT; Path=/; HttpOnly",
        "Set-Cookie": "theme=dark; Expires=Thu, 22 Oct 2037 07:28:00 GMT; Path=/",
        "Vary": "Accept",
        "Vary": "Accept-Encoding, Accept-Language",
    ]
}
