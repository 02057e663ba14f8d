import Foundation

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
