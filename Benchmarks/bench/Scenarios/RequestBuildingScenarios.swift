import Courier
import CourierBench
import CourierJSON
import Foundation

/// Building requests: the client's `request(for:)` against the same request made by hand with
/// `URLComponents` and `URLRequest`, batches interleaved, for four shapes of endpoint. The client
/// encodes bodies with `CourierJSONEncoder`, the hand-made request with `JSONEncoder`; the body
/// shape is measured once more with `JSONEncoder` in the client too, which shows what the encoder is
/// worth. Judged by the ratio alone: the endpoints are fixed, so what could regress is the client's
/// share.
enum RequestBuildingScenarios {
    static let baseURL = URL(string: "https://api.example.test/v1/")!

    static var all: [Scenario] {
        let post = BuildShape(
            path: "movies",
            method: "POST",
            headers: ["Accept": "application/json", "X-Request-ID": "3f1c", "User-Agent": "bench/1"],
            payload: NewMovie(title: "Alien", year: 1979, genres: ["horror", "sci-fi"])
        )
        return [
            pair("build/bare-path", "GET movies", BuildShape(path: "movies")),
            pair(
                "build/query-3", "GET with 3 query items",
                BuildShape(
                    path: "movies",
                    items: [("page", "2"), ("sort", "title"), ("limit", "50")]
                )),
            pair(
                "build/query-20-escaped", "GET with 20 items needing escapes",
                BuildShape(
                    path: "search/all films",
                    items: (0..<20).map { ("k\($0) é", "a b&c=d+e/f?g #\($0) ü") }
                )),
            pair("build/headers-json-body", "POST with 3 headers and a JSON body", post),
            pair("build/json-body-jsonencoder", "the same POST, the client encoding with JSONEncoder", post, encoder: JSONEncoder()),
        ]
    }

    private static func pair(_ name: String, _ summary: String, _ shape: BuildShape, encoder: any RequestEncoder = CourierJSONEncoder())
        -> Scenario
    {
        .build(
            name, shape, against: baseURL, encoder: encoder, baseline: JSONEncoder(), judgedBy: .ratio,
            summary: "\(summary): client vs URLComponents + URLRequest")
    }
}

struct NewMovie: Encodable, Sendable {
    let title: String
    let year: Int
    let genres: [String]
}

/// One endpoint shape.
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
}
