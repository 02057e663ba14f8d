import Courier
import CourierBench
import CourierJSON
import CourierTesting
import Foundation
import Testing

@testable import CourierBench

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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

    /// A client with an encoder other than `JSONEncoder` is set beside a request built by hand with
    /// `baseline`, or with a plain `JSONEncoder` without one: here the plain one refuses the NaN that
    /// the client's encoder writes as a string, so the scenario fails on the hand-built side.
    @Test func theHandBuiltRequestEncodesWithTheBaselineEncoder() async throws {
        struct Reading: Endpoint {
            var path: String { "readings" }
            var method: String { "POST" }
            var body: RequestBody? { .json(["value": Double.nan]) }
        }
        let strings = CourierJSONEncoder.NonConformingFloatEncodingStrategy.convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        var lenient = CourierJSONEncoder()
        lenient.nonConformingFloatEncodingStrategy = strings
        await #expect(throws: EncodingError.self) {
            _ = try await measure(.build("build/reading", Reading(), against: base, encoder: lenient))
        }
        let alike = JSONEncoder()
        alike.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let results = try await measure(.build("build/reading", Reading(), against: base, encoder: lenient, baseline: alike))
        #expect(results.map(\.name) == ["build/reading", "build/reading (baseline: URLComponents)"])
    }

    @Test func anEndpointThatCannotBeBuiltFailsTheScenario() async {
        struct Unencodable: Endpoint {
            struct Refuses: Encodable, Sendable {
                func encode(to encoder: any Encoder) throws {
                    throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "no"))
                }
            }
            var path: String { "x" }
            var body: RequestBody? { .json(Refuses()) }
        }
        await #expect(throws: APIError.encoding) { _ = try await measure(.build("build/bad", Unencodable(), against: base)) }
    }
}
