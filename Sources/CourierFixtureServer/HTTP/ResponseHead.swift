import Foundation

/// The status line and header fields of a response, serialized.
enum ResponseHead {
    /// `HTTP/1.1 <status> <reason>`, the route's fields in order, `Content-Length`, and
    /// `Connection: close` when the connection ends after this response.
    static func bytes(status: Int, headers: FixtureHeaders, contentLength: Int, keepAlive: Bool) -> Data {
        var bytes = statusLine(status)
        bytes.append(fieldLines(headers, contentLength: contentLength, keepAlive: keepAlive))
        return bytes
    }

    /// `HTTP/1.1 <status> <reason>` and its CRLF.
    static func statusLine(_ status: Int) -> Data {
        Data("HTTP/1.1 \(status) \(reason(for: status))\r\n".utf8)
    }

    /// The header fields after the status line, and the blank line that ends the head.
    static func fieldLines(_ headers: FixtureHeaders, contentLength: Int, keepAlive: Bool) -> Data {
        var text = ""
        for field in headers {
            text += "\(field.name): \(field.value)\r\n"
        }
        text += "Content-Length: \(contentLength)\r\n"
        if !keepAlive { text += "Connection: close\r\n" }
        text += "\r\n"
        return Data(text.utf8)
    }

    /// A whole response as the chunks to send: head and body in one chunk when the body is small (one
    /// write, one TCP segment), in two otherwise so that a large body is shared, not copied. `HEAD`
    /// gets the head alone.
    static func chunks(for route: FixtureRoute, keepAlive: Bool, includeBody: Bool) -> [Data] {
        var head = bytes(status: route.status, headers: route.headers, contentLength: route.body.count, keepAlive: keepAlive)
        guard includeBody, !route.body.isEmpty else { return [head] }
        guard route.body.count <= 64 * 1024 else { return [head, route.body] }
        head.append(route.body)
        return [head]
    }

    private static func reason(for status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 413: "Content Too Large"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}
