import Courier
import CourierFixtureServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The real URLSession path against the loopback fixture server.
@Suite(.timeLimit(.minutes(1))) struct URLSessionTransportTests {
    private func transport(timeout: TimeInterval = 5) -> URLSessionTransport {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        return URLSessionTransport(configuration: configuration)
    }

    @Test func aChallengingUnauthorizedEndsTheCallAsBadStatus401() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let response = try await transport().send(HTTPRequest(url: server.url("/faults/401").absoluteString)).0
        #expect(response.statusCode == 401)
        let client = APIClient(baseURL: server.baseURL, transport: transport())
        await #expect(throws: APIError.badStatus(401)) { try await client.send(Path(path: "faults/401")) }
    }

    @Test func concurrentChallengedCallsEachGetTheir401() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, transport: transport())
        let statuses = await withTaskGroup(of: Int?.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    do throws(APIError) {
                        try await client.send(Path(path: "faults/401"))
                        return nil
                    } catch {
                        return error.statusCode
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 401, count: 8))
    }

    @Test func headersAndBodyOfAnAnswerArrive() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let (response, body) = try await transport().send(HTTPRequest(url: server.url("/faults/429").absoluteString))
        #expect(response.statusCode == 429)
        #expect(response.headers["Retry-After"] == "1")
        #expect(String(decoding: body, as: UTF8.self).contains("retry later"))
    }
}

private struct Path: Endpoint {
    let path: String
}
