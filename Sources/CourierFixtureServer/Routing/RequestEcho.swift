import Foundation

/// The body of an echoing route (``FixtureRoute/echo()``): what the server received, as JSON, so a
/// test can see the method and body a client sent, after a redirect say.
enum RequestEcho {
    /// `{"body":"hello","bodyLength":5,"method":"POST"}`, keys sorted for stable bytes.
    static func json(method: String, body: ArraySlice<UInt8>) -> Data {
        let object: [String: Any] = [
            "method": method,
            "bodyLength": body.count,
            "body": String(decoding: body, as: UTF8.self),
        ]
        // Strings and an integer always serialize; the fallback only satisfies the type.
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }
}
