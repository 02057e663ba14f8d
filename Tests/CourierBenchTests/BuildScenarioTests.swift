import Courier
import CourierTesting
import CourierBench
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import CourierBench

/// A `POST` with a query, headers and a JSON body.
private struct CreateTicket: Endpoint {
    var path: String { "projects/7/tickets" }
    var method: String { "POST" }
    var query: [String: String] { ["notify": "true", "draft": "false"] }
    var headers: [String: String] { ["X-Request-ID": "abc"] }
    var body: RequestBody? { .json(["title": "Crash"]) }
}

@Suite struct BuildScenarioTests {
    private let base = URL(string: "https://api.example.com/v2/")!

    @Test func measuresTheClientBesideTheHandBuiltRequest() async throws {
        let results = try await measure(.build("build/create", CreateTicket(), against: base))
        #expect(results.map(\.name) == ["build/create", "build/create (baseline: URLComponents)"])
        #expect(results[0].comparison?.timeIsJudged == true)
        let ratioOnly = try await measure(.build("build/list", ListTickets(page: 2), against: base, judgedBy: .ratio))
        #expect(ratioOnly[0].comparison?.timeIsJudged == nil)
    }

    /// The baseline builds what the client builds, from the endpoint alone, or the ratio would
    /// compare different work.
    @Test func theHandBuiltRequestIsTheClientsRequest() throws {
        let client = APIClient(baseURL: base, transport: InMemoryTransport.constant(body: Data()))
        let encoder = JSONEncoder()
        for endpoint in [CreateTicket() as any Endpoint, ListTickets(page: 2)] {
            let ours = try client.request(for: endpoint)
            let theirs = try URLRequest(handBuilding: endpoint, baseURL: base, encoder: encoder)
            #expect(theirs.url?.absoluteString == ours.url)
            #expect(theirs.httpMethod == ours.method)
            #expect(theirs.httpBody == ours.body)
            for field in ours.headers {
                #expect(theirs.value(forHTTPHeaderField: field.name) == field.value, "\(field.name)")
            }
        }
    }

    @Test func anEndpointThatCannotBeBuiltFailsTheScenario() async {
        struct Unencodable: Endpoint {
            struct Refuses: Encodable, Sendable {
                func encode(to encoder: any Encoder) throws { throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "no")) }
            }
            var path: String { "x" }
            var body: RequestBody? { .json(Refuses()) }
        }
        await #expect(throws: APIError.encoding) { _ = try await measure(.build("build/bad", Unencodable(), against: base)) }
    }
}
