import BenchmarkEngine
import Courier
import CourierFixtures
import CourierTesting
import Foundation

/// Decoding throughput: each generated payload shape decoded into its typed model through the
/// client's decode path and through a bare `JSONDecoder`, batches interleaved. The speedup column is
/// then the client's overhead: below 1.0 it costs more than the decoder alone.
enum DecodingScenarios {
    static var all: [Scenario] {
        PayloadShape.allCases.map { shape in
            let name = "decode/\(shape.rawValue)"
            return Scenario(name, summary: "\(shape.rawValue): client decode path vs JSONDecoder") { context in
                let payload = Payload.make(shape)
                let decoder = shape.makeDecoder()
                let client = APIClient(baseURL: URL(string: "https://api.example.test")!, transport: InMemoryTransport.constant(body: Data()), decoder: decoder)
                let throughClient = ClientDecode(client: client, body: payload.json)
                var results = try await MicroRunner.measure([
                    .init(name) { iterations in
                        for _ in 0..<iterations { blackHole(try shape.accept(throughClient)) }
                    },
                    .init("\(name) (baseline: JSONDecoder)") { iterations in
                        for _ in 0..<iterations { blackHole(try shape.decode(payload.json, with: decoder)) }
                    },
                ], in: context)
                for index in results.indices {
                    results[index].payloadBytesPerOperation = payload.json.count
                    results[index].objectsPerOperation = payload.objectCount
                }
                return [results[0].compared(with: results[1]), results[1]]
            }
        }
    }
}

/// Decodes a payload the way `APIClient.send` does after a successful response.
struct ClientDecode: PayloadVisitor {
    let client: APIClient
    let body: Data

    func visit<Document: FixtureDocument>(_ type: Document.Type) throws -> Int {
        try client.decode(Document.self, from: body).objectCount
    }
}
