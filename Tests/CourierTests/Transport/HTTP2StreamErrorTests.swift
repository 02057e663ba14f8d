import Courier
import Testing

/// `HTTP2StreamError`: the code libcurl's words name, and RFC 9113 §7's names for the codes.
struct HTTP2StreamErrorTests {
    @Test(
        arguments: [
            ("HTTP/2 stream 1 was not closed cleanly: INTERNAL_ERROR (err 2)", UInt32(2), "INTERNAL_ERROR"),
            ("HTTP/2 stream 33 was not closed cleanly: PROTOCOL_ERROR (err 1)", 1, "PROTOCOL_ERROR"),
            ("HTTP/2 stream 5 was not closed cleanly: FLOW_CONTROL_ERROR (err 3)", 3, "FLOW_CONTROL_ERROR"),
            ("HTTP/2 stream 7 was not closed cleanly: Unknown error code (err 255)", 255, "0xff"),
        ])
    func libcurlsWordsNameTheCode(message: String, code: UInt32, name: String) throws {
        let error = try #require(HTTP2StreamError(libcurlMessage: message))
        #expect(error.code == code && error.codeName == name)
        #expect(error.description == "HTTP/2 stream reset with \(name) (\(code))")
    }

    @Test(arguments: [
        "Error in the HTTP2 framing layer", "Connection died, tried 5 times before giving up", "HTTP/2 stream 1 was not closed cleanly",
        "Failure when receiving data from the peer (err 1)",
    ])
    func otherWordsAreNotAStreamError(message: String) {
        #expect(HTTP2StreamError(libcurlMessage: message) == nil)
    }

    @Test func refusedStreamIsSevenAsRFC9113Numbers() {
        #expect(HTTP2StreamError(code: HTTP2StreamError.refusedStream).codeName == "REFUSED_STREAM")
    }
}
