import Foundation

/// Sends one request and returns the response head and body.
///
/// The client's only way out: URLSession by default (``URLSessionTransport``), an in-memory transport
/// in tests and benchmarks, or any other HTTP stack. A transport throws for failures to get an answer
/// (and `CancellationError` or `URLError(.cancelled)` when its task is cancelled); it does not judge
/// status codes, the client does.
public protocol Transport: Sendable {
    /// Sends `request` and returns what the server answered.
    func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data)
}

/// A response larger than the client accepts, refused while its bytes arrived, before it could
/// fill memory.
///
/// A body is counted after decompression, so a megabyte of gzip that inflates to a gigabyte (a
/// decompression bomb) ends at ``HTTPRequest/maximumResponseBodySize`` like any other body. A header
/// section is refused when it is larger than libcurl keeps (100 KiB for one field), on both
/// transports. The client reports either as ``APIError/Kind/responseTooLarge``.
public struct ResponseTooLargeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The part of the response that was too large.
    public enum Part: Sendable, Hashable {
        /// The body, decompressed, grew past `limit` bytes.
        case body(limit: Int)
        /// The header section was larger than the transport keeps.
        case headers
        /// The body would have taken the bytes held by every response in flight past a
        /// ``ResponseMemoryBudget`` of `limit` bytes.
        case budget(limit: Int)
    }

    /// What was too large.
    public let part: Part

    /// An error for `part`.
    public init(_ part: Part) {
        self.part = part
    }

    /// For example `response body larger than 33554432 bytes`.
    public var description: String {
        switch part {
        case .body(let limit): "response body larger than \(limit) bytes"
        case .headers: "response header section larger than the transport keeps"
        case .budget(let limit): "responses in flight together larger than their budget of \(limit) bytes"
        }
    }

    /// The error libcurl's words describe for a response whose head had not all arrived: a header
    /// field or section larger than libcurl keeps. libcurl 7.88 says "Out of memory" when a field
    /// passes its 100 KiB buffer (later versions "Rejected … bytes header" or "Too large response
    /// headers"); nothing else runs out of memory there that does not bring down the process anyway.
    /// Over HTTP/2 nghttp2 gives up on the header list: more CONTINUATION frames than it takes
    /// (-905, its bound against a flood of them), or a list past libcurl's 128 KiB buffer for it
    /// (-902, libcurl's own callback failing).
    public init?(libcurlMessageBeforeHead message: String) {
        let lowercased = message.lowercased()
        guard
            lowercased.contains("out of memory")
                || lowercased.contains("header") && (lowercased.contains("max is") || lowercased.contains("too large"))
                || lowercased.contains("nghttp2_session_mem_recv() returned -905")
                || lowercased.contains("nghttp2_session_mem_recv() returned -902")
        else { return nil }
        self.init(.headers)
    }
}

extension HTTPRequest {
    /// The largest response body a transport accepts unless told otherwise: 32 MiB, counted after
    /// decompression. Far more than an API's JSON needs, far less than a bomb would take.
    public static let defaultMaximumResponseBodySize = 32 << 20
}
