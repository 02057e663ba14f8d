import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What URLSession's delegate makes of failures Foundation on Linux reports only in libcurl's words.
@Suite struct TaskExchangeTests {
    /// Foundation's libcurl speaks HTTP/2 to a server that offers it by ALPN; a stream the server
    /// reset, or that libcurl refused, is the same `HTTP2StreamError` as over the curl transport.
    @Test(arguments: [
        ("HTTP/2 stream 1 was not closed cleanly: PROTOCOL_ERROR (err 1)", HTTP2StreamError(code: 1)),
        ("HTTP/2 stream 3 was not closed cleanly: INTERNAL_ERROR (err 2)", HTTP2StreamError(code: 2)),
    ])
    func anHTTP2StreamResetInLibcurlsWordsIsAStreamError(words: String, expected: HTTP2StreamError) async {
        let error = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: words])
        await #expect(throws: expected) { _ = try await Self.outcome(of: error) }
    }

    /// Words that name no stream error stay the `URLError` they came in.
    @Test func otherWordsStayAURLError() async {
        let error = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "Error in the HTTP2 framing layer"])
        await #expect(throws: URLError.self) { _ = try await Self.outcome(of: error) }
    }

    /// What a call whose task ended with `error` before any response throws.
    private static func outcome(of error: URLError) async throws -> (HTTPResponse, Data) {
        try await withCheckedThrowingContinuation { (continuation: TaskExchange.Continuation) in
            TaskExchange(maximumBodySize: 1024, budget: nil, continuation: continuation).complete(with: error)
        }
    }
}
