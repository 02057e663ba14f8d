import BenchmarkEngine
import Courier
import CourierJSON
import CourierTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Building requests: the client's `request(for:)` against the same request made by hand with
/// `URLComponents` and `URLRequest`, batches interleaved, for four shapes of endpoint. The client
/// encodes bodies with `CourierJSONEncoder`, the hand-made request with `JSONEncoder`; the body
/// shape also has a row for the client with `JSONEncoder`, which shows what the encoder is worth.
enum RequestBuildingScenarios {
    static let baseURL = URL(string: "https://api.example.test/v1/")!

    static var all: [Scenario] {
        [
            pair("build/bare-path", "GET movies", BuildShape(path: "movies")),
            pair("build/query-3", "GET with 3 query items", BuildShape(
                path: "movies",
                items: [("page", "2"), ("sort", "title"), ("limit", "50")]
            )),
            pair("build/query-20-escaped", "GET with 20 items needing escapes", BuildShape(
                path: "search/all films",
                items: (0..<20).map { ("k\($0) é", "a b&c=d+e/f?g #\($0) ü") }
            )),
            pair("build/headers-json-body", "POST with 3 headers and a JSON body", BuildShape(
                path: "movies",
                method: "POST",
                headers: ["Accept": "application/json", "X-Request-ID": "3f1c", "User-Agent": "bench/1"],
                payload: NewMovie(title: "Alien", year: 1979, genres: ["horror", "sci-fi"])
            ), comparingJSONEncoder: true),
        ]
    }

    private static func pair(_ name: String, _ summary: String, _ shape: BuildShape, comparingJSONEncoder: Bool = false) -> Scenario {
        Scenario(name, summary: "\(summary): client vs URLComponents + URLRequest") { context in
            let transport = InMemoryTransport.constant(body: Data())
            let client = APIClient(baseURL: baseURL, transport: transport, encoder: CourierJSONEncoder())
            let encoder = JSONEncoder()
            var variants: [MicroRunner.Operation] = [
                .init(name) { iterations in
                    for _ in 0..<iterations { blackHole(try client.request(for: shape)) }
                },
                .init("\(name) (baseline: URLComponents)") { iterations in
                    for _ in 0..<iterations { blackHole(try shape.foundationRequest(baseURL: baseURL, encoder: encoder)) }
                },
            ]
            if comparingJSONEncoder {
                let withJSONEncoder = APIClient(baseURL: baseURL, transport: transport, encoder: encoder)
                variants.append(.init("\(name) (client with JSONEncoder)") { iterations in
                    for _ in 0..<iterations { blackHole(try withJSONEncoder.request(for: shape)) }
                })
            }
            let results = try MicroRunner.measure(variants, in: context)
            return [results[0].compared(with: results[1])] + results.dropFirst(2).map { $0.compared(with: results[1]) } + [results[1]]
        }
    }
}

struct NewMovie: Encodable, Sendable {
    let title: String
    let year: Int
    let genres: [String]
}

/// One endpoint shape, sendable by the client and buildable by hand.
struct BuildShape: Endpoint {
    var path: String
    var method = "GET"
    var items: [(String, String)] = []
    var headers: [String: String] = [:]
    var payload: NewMovie?

    var queryItems: [URLQueryItem] {
        items.map { URLQueryItem(name: $0.0, value: $0.1) }
    }

    var body: RequestBody? {
        payload.map { .json($0) }
    }

    /// The baseline: what an app does without Courier, sorted query and all.
    func foundationRequest(baseURL: URL, encoder: JSONEncoder) throws -> URLRequest {
        guard var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false) else {
            throw URLError(.badURL)
        }
        if !items.isEmpty {
            components.queryItems = items.sorted { $0.0 < $1.0 }.map { URLQueryItem(name: $0.0, value: $0.1) }
        }
        guard let url = components.url else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        if let payload {
            request.httpBody = try encoder.encode(payload)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }
}
