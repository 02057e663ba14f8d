#if os(Linux)
import Courier
import Foundation

/// Writes a request's bytes into a connection's output buffer, which keeps its capacity from one
/// request to the next: a request allocates nothing here once the buffer has grown to its size.
enum RequestEncoder {
    /// The `Accept-Encoding` the engine sends when it inflates bodies itself: the two codings zlib
    /// reads. Not `br`: there is no Brotli decoder here, and a server must not be invited to send
    /// what cannot be read.
    static let acceptedEncodings = "gzip, deflate"

    /// Appends `request`, bound for `target`, to `output`: the request line and `Host` (from `lines`,
    /// which keeps them for the last method and URL), the caller's fields, the body's framing and
    /// the body. The fields were checked for CR, LF and NUL (``Courier/HTTPRequest/validateFields()``)
    /// before they got here.
    static func encode(
        _ request: HTTPRequest, target: RequestTarget, acceptEncoding: Bool, lines: inout RequestLineCache, into output: inout [UInt8]
    ) {
        lines.append(request, target: target, to: &output)
        var saysAcceptEncoding = false
        var saysContentLength = false
        for field in request.headers.fields {
            // The transport frames the body and names the host itself: a caller's own framing or
            // host could contradict it (and `Transfer-Encoding` from a caller would let its body be
            // read as two requests).
            if HTTPHeaders.sameName(field.name, "Host") || HTTPHeaders.sameName(field.name, "Transfer-Encoding")
                || HTTPHeaders.sameName(field.name, "Connection")
            {
                continue
            }
            if HTTPHeaders.sameName(field.name, "Content-Length") {
                saysContentLength = true
                continue
            }
            if HTTPHeaders.sameName(field.name, "Accept-Encoding") { saysAcceptEncoding = true }
            output.append(contentsOf: field.name.utf8)
            output.append(contentsOf: ": ".utf8)
            output.append(contentsOf: field.value.utf8)
            output.append(contentsOf: "\r\n".utf8)
        }
        if !target.userinfo.isEmpty, !request.headers.contains("Authorization") {
            output.append(contentsOf: "Authorization: Basic ".utf8)
            output.append(contentsOf: basicCredentials(target).utf8)
            output.append(contentsOf: "\r\n".utf8)
        }
        if acceptEncoding, !saysAcceptEncoding {
            output.append(contentsOf: "Accept-Encoding: ".utf8)
            output.append(contentsOf: acceptedEncodings.utf8)
            output.append(contentsOf: "\r\n".utf8)
        }
        if let body = request.body {
            output.append(contentsOf: "Content-Length: ".utf8)
            // A small string: no allocation.
            output.append(contentsOf: String(body.count).utf8)
            output.append(contentsOf: "\r\n\r\n".utf8)
            output.append(contentsOf: body)
        } else {
            // RFC 9110 §8.6: a request whose method defines a body sends a length even when there
            // is none, or the server cannot tell where the request ends.
            if saysContentLength || methodExpectsBody(request.method) { output.append(contentsOf: "Content-Length: 0\r\n".utf8) }
            output.append(contentsOf: "\r\n".utf8)
        }
    }

    /// The URL's `user:password`, percent-decoded, in Base64 (RFC 7617).
    static func basicCredentials(_ target: RequestTarget) -> String {
        let encoded = target.text(target.userinfo)
        return Data((encoded.removingPercentEncoding ?? encoded).utf8).base64EncodedString()
    }

    private static func methodExpectsBody(_ method: String) -> Bool {
        method == "POST" || method == "PUT" || method == "PATCH"
    }
}

/// The request line and `Host` of the last method and URL a loop sent, kept as bytes: a load sends
/// the same few URLs again and again, and copying the bytes costs less than writing them out.
struct RequestLineCache {
    private var method = ""
    private var url = ""
    private var bytes: [UInt8] = []

    mutating func append(_ request: HTTPRequest, target: RequestTarget, to output: inout [UInt8]) {
        if request.method != method || request.url != url {
            bytes.removeAll(keepingCapacity: true)
            bytes.append(contentsOf: request.method.utf8)
            bytes.append(UInt8(ascii: " "))
            target.withBytes(target.path) { path in
                if path.first != UInt8(ascii: "/") { bytes.append(UInt8(ascii: "/")) }
                bytes.append(contentsOf: path)
            }
            bytes.append(contentsOf: " HTTP/1.1\r\nHost: ".utf8)
            target.withBytes(target.authority) { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: "\r\n".utf8)
            method = request.method
            url = request.url
        }
        output.append(contentsOf: bytes)
    }
}
#endif
