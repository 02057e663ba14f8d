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
    /// | `/faults/reset` | a TCP reset instead of a response |
    /// | `/faults/truncated` | half of `list100`, then the connection closes |
    /// | `/faults/drip` | one movie, 8 bytes every 50 ms |
    /// | `/faults/garbage` | a line that is not an HTTP status line |
    /// | `/faults/huge` | 16 MiB that are not JSON |
    /// | `/faults/429`, `/faults/503` | the status with `Retry-After: 1` |
    /// | `/faults/401` | 401 with a `WWW-Authenticate: Basic` challenge |
    /// | `/faults/slow` | one movie after 5 s |
    /// | `/faults/jitter` | one movie after 1–20 ms |
    ///
    /// Every route also takes `?status=<code>` and `?delay=<ms>` (see the README).
    public static let standardRoutes: [String: FixtureRoute] = {
        var routes: [String: FixtureRoute] = [
            "/movies": .payload(.list100),
            "/movies/1": .payload(.tinyObject),
            "/faults/reset": FixtureRoute.payload(.tinyObject).with(fault: .resetBeforeResponse),
            "/faults/truncated": FixtureRoute.payload(.list100).with(fault: .closeMidBody),
            "/faults/drip": FixtureRoute.payload(.tinyObject).with(fault: .slowDrip(chunkBytes: 8, interval: .milliseconds(50))),
            "/faults/garbage": FixtureRoute.payload(.tinyObject).with(fault: .garbageStatusLine),
            "/faults/huge": .huge(bytes: 16 << 20),
            "/faults/429": .retryAfter(status: 429, seconds: 1),
            "/faults/503": .retryAfter(status: 503, seconds: 1),
            "/faults/401": .unauthorized(),
            "/faults/slow": FixtureRoute.payload(.tinyObject).with(delay: .fixed(.seconds(5))),
            "/faults/jitter": FixtureRoute.payload(.tinyObject).with(delay: .random(.milliseconds(1)...(.milliseconds(20)))),
        ]
        for shape in PayloadShape.allCases {
            routes["/fixtures/\(shape.rawValue)"] = .payload(shape)
        }
        return routes
    }()
}
