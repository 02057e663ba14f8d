#if os(Linux)
import Courier
#if COURIER_CURL
@testable import CourierCurl
#endif
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// Both real transports against one nginx each: the same expectations hold for both.
/// Serialized: every test starts a server, and all at once they would starve the other suites
/// (and their time bounds) on a two-core machine.
@Suite(.serialized, .enabled(if: Nginx.unavailableReason == nil, "\(Nginx.unavailableReason ?? "")"))
struct NginxTests {
    @Test(arguments: TransportKind.allCases)
    func statusCodesComeBackUnjudged(_ kind: TransportKind) async throws {
        try await withNginx { server in
            try await withTransport(kind) { transport in
                for (path, status, body) in [
                    ("/hello", 200, "hello"), ("/status/201", 201, "created"), ("/status/404", 404, "missing"),
                    ("/status/503", 503, "busy"),
                ] {
                    let (response, data) = try await transport.fetch(server.origin + path)
                    #expect(response.statusCode == status)
                    #expect(data.text == body)
                }
                let (busy, _) = try await transport.fetch(server.origin + "/status/503")
                #expect(busy.headers["retry-after"] == "7")
            }
        }
    }

    @Test(arguments: TransportKind.allCases)
    func headersGoBothWays(_ kind: TransportKind) async throws {
        try await withNginx { server in
            try await withTransport(kind) { transport in
                let (response, data) = try await transport.fetch(server.origin + "/headers", headers: ["X-Custom": "abc 123"])
                #expect(data.text == "abc 123")
                #expect(response.headers["X-Echo"] == "abc 123")
                #expect(response.headers["x-reply"] == "one")
                #expect(response.headers["Content-Length"] == "7")
            }
        }
    }

    @Test(arguments: TransportKind.allCases)
    func bodiesGoBothWaysWithEveryMethod(_ kind: TransportKind) async throws {
        try await withNginx { server in
            try await withTransport(kind) { transport in
                for method in ["POST", "PUT", "PATCH", "DELETE"] {
                    let body = Data("{\"method\":\"\(method)\"}".utf8)
                    let (response, data) = try await transport.fetch(
                        server.origin + "/echo", method: method, headers: ["Content-Type": "application/json"], body: body)
                    #expect(response.statusCode == 200)
                    #expect(response.headers["X-Method"] == method)
                    #expect(data == body)
                }
                let (head, empty) = try await transport.fetch(server.origin + "/hello", method: "HEAD")
                #expect(head.statusCode == 200)
                #expect(empty.isEmpty)
            }
        }
    }

    @Test(arguments: TransportKind.allCases)
    func largeBodiesArriveWhole(_ kind: TransportKind) async throws {
        try await withNginx { server in
            try await withTransport(kind) { transport in
                let expected = try server.writeLargeFile()
                let (response, data) = try await transport.fetch(server.origin + "/files/large.bin")
                #expect(response.statusCode == 200)
                #expect(data.count == Nginx.largeFileSize)
                #expect(data == expected)

                let upload = Data(expected.prefix(4 << 20))
                let (_, echoed) = try await transport.fetch(server.origin + "/echo", method: "POST", body: upload)
                #expect(echoed == upload)
            }
        }
    }

    @Test(arguments: TransportKind.allCases)
    func redirectsAreFollowedAsURLSessionDoes(_ kind: TransportKind) async throws {
        try await withNginx { server in
            try await withTransport(kind) { transport in
                let (response, data) = try await transport.fetch(server.origin + "/redirect")
                #expect(response.statusCode == 200)
                #expect(data.text == "hello")
                // 303 turns a POST into a GET without a body.
                let (seeOther, _) = try await transport.fetch(server.origin + "/see-other", method: "POST", body: Data("x".utf8))
                #expect(seeOther.headers["X-Method"] == "GET")
                #expect(await transport.failure(server.origin + "/loop") == .httpTooManyRedirects)
            }
        }
    }

    @Test(arguments: TransportKind.allCases)
    func refusedConnectionsAreCannotConnectToHost(_ kind: TransportKind) async throws {
        // Port 1 on loopback: nothing listens there, and only root could make something.
        try await withTransport(kind) { transport in
            #expect(await transport.failure("http://127.0.0.1:1/hello") == .cannotConnectToHost)
        }
    }

    /// The curl transport and the engine pass the system's error on beneath their `URLError`, as Apple's URLSession
    /// does, so that a caller can tell the server's refusal from the client's own limits (issue 19,
    /// item 6: `EMFILE` counted as `connectionRefused`). URLSession on Linux passes none.
    @Test(arguments: TransportKind.ownStacks)
    func theSystemsErrorRidesBeneathAFailedConnect(_ kind: TransportKind) async throws {
        try await withTransport(kind) { transport in
            do {
                _ = try await transport.fetch("http://127.0.0.1:1/hello")
                Issue.record("port 1 answered")
            } catch let error as URLError {
                let cause = try #require(error.errorUserInfo[NSUnderlyingErrorKey] as? NSError)
                #expect(cause.domain == NSPOSIXErrorDomain && cause.code == Int(ECONNREFUSED))
                #expect(cause.localizedDescription == "Connection refused")
            }
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aClosedConnectionWithoutAReplyIsABadServerResponse(_ kind: TransportKind) async throws {
        try await withNginx { server in
            try await withTransport(kind) { transport in
                #expect(await transport.failure(server.origin + "/close") == .badServerResponse)
            }
        }
    }

    @Test(arguments: TransportKind.allCases)
    func timeoutsAreTimedOut(_ kind: TransportKind) async throws {
        try await withNginx { server in
            try await withTransport(kind, StackConfiguration(timeout: .milliseconds(200))) { transport in
                #expect(await transport.failure(server.origin + "/stall") == .timedOut)
            }
        }
    }

    @Test(arguments: TransportKind.allCases)
    func cancellingTheCallerStopsTheRequest(_ kind: TransportKind) async throws {
        try await withNginx { server in
            try await withTransport(kind) { transport in
                let url = server.origin + "/stall"
                let call = Task { try await transport.fetch(url) }
                try await Task.sleep(for: .milliseconds(100))
                call.cancel()
                // Without cancellation the answer would be a 200 after 30 s.
                await #expect(throws: URLError.self) { try await call.value }
                // The transport still works afterwards.
                let (response, _) = try await transport.fetch(server.origin + "/hello")
                #expect(response.statusCode == 200)
            }
        }
    }
}
#endif
