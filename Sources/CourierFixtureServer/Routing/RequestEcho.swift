import Foundation

/// The body of an echoing route (``FixtureRoute/echo()``): what the server received, as JSON, so a
/// test can see the method and body a client sent, after a redirect say.
enum RequestEcho {
    /// `{"body":"hello","bodyLength":5,"method":"POST"}`, keys sorted for stable bytes, with
    /// `"authorization"` when the request carried one (to show where credentials went).
    static func json(method: String, body: ArraySlice<UInt8>, authorization: String?) -> Data {
        var object: [String: Any] = [
            "method": method,
            "bodyLength": body.count,
            "body": String(decoding: body, as: UTF8.self),
        ]
        if let authorization { object["authorization"] = authorization }
        // Strings and an integer always serialize; the fallback only satisfies the type.
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }
}
