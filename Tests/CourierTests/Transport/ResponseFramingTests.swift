import Courier
import Testing

/// `ResponseFramingError.check`: RFC 9112 §6.3's unrecoverable framing, and what RFC 9110 §8.6
/// still lets through; and the libcurl messages both transports read it from.
struct ResponseFramingTests {
    @Test(
        arguments: [
            ([], false, nil),
            ([], true, nil),
            (["0"], false, 0),
            (["75"], false, 75),
            (["5", "5"], false, 5),
            (["5, 5"], false, 5),
            (["  5\t"], false, 5),
            (["007"], false, 7),
        ] as [([String], Bool, Int64?)])
    func consistentFramingGivesItsLength(values: [String], chunked: Bool, length: Int64?) throws {
        #expect(try ResponseFramingError.check(contentLengths: values, hasTransferEncoding: chunked) == length)
    }

    @Test(
        arguments: [
            (["5", "75"], false, ResponseFramingError.Reason.conflictingContentLength(["5", "75"])),
            (["5, 75"], false, .conflictingContentLength(["5", "75"])),
            (["5, 5", "6"], false, .conflictingContentLength(["5", "5", "6"])),
            (["-5"], false, .invalidContentLength("-5")),
            (["+5"], false, .invalidContentLength("+5")),
            (["five"], false, .invalidContentLength("five")),
            (["5,"], false, .invalidContentLength("")),
            ([""], false, .invalidContentLength("")),
            (["99999999999999999999"], false, .invalidContentLength("99999999999999999999")),
            (["5"], true, .contentLengthWithTransferEncoding),
        ] as [([String], Bool, ResponseFramingError.Reason)])
    func contradictoryFramingIsRefused(values: [String], chunked: Bool, reason: ResponseFramingError.Reason) {
        #expect(throws: ResponseFramingError(reason)) {
            try ResponseFramingError.check(contentLengths: values, hasTransferEncoding: chunked)
        }
    }

    @Test func messagesNameTheProblem() {
        #expect(ResponseFramingError(.conflictingContentLength(["5", "75"])).description == "conflicting Content-Length: 5, 75")
        #expect(ResponseFramingError(.invalidContentLength("-5")).description == "invalid Content-Length: -5")
        #expect(ResponseFramingError(.invalidContentLength(nil)).description == "invalid Content-Length")
        #expect(ResponseFramingError(.contentLengthWithTransferEncoding).description == "Content-Length and Transfer-Encoding both")
        #expect(ResponseTooLargeError(.body(limit: 1024)).description == "response body larger than 1024 bytes")
    }

    @Test func libcurlsWordsAreReadTheSameForBothTransports() {
        #expect(
            ResponseFramingError(libcurlMessage: "Malformed encoding found in chunked-encoding")?.reason
                == .invalidChunkedEncoding("Malformed encoding found in chunked-encoding"))
        #expect(ResponseFramingError(libcurlMessage: "Invalid Content-Length: value")?.reason == .invalidContentLength(nil))
        #expect(ResponseFramingError(libcurlMessage: "transfer closed with 5 bytes remaining to read") == nil)
        #expect(ResponseTooLargeError(libcurlMessageBeforeHead: "Out of memory") == ResponseTooLargeError(.headers))
        #expect(
            ResponseTooLargeError(libcurlMessageBeforeHead: "Rejected 204811 bytes header (max is 102400)!")
                == ResponseTooLargeError(.headers))
        #expect(
            ResponseTooLargeError(libcurlMessageBeforeHead: "Too large response headers: 307200 > 307200")
                == ResponseTooLargeError(.headers))
        for nghttp2 in ["-905:Too many CONTINUATION frames following a HEADER frame", "-902:The user callback function failed"] {
            #expect(
                ResponseTooLargeError(libcurlMessageBeforeHead: "h2_process_pending_input: nghttp2_session_mem_recv() returned \(nghttp2)")
                    == ResponseTooLargeError(.headers))
        }
        #expect(ResponseTooLargeError(libcurlMessageBeforeHead: "Recv failure: Connection reset by peer") == nil)
    }
}
