// The ```swift blocks of Sources/Courier/Documentation.docc/GettingStarted.md,
// word for word, each wrapped in what it needs to compile, so that the article's examples cannot
// drift from the API: `ReadmeMirrorTests` fails when a block of the article is in none of this
// target's files.
//
// To add or change an example: change it in the article, then paste the block here unchanged (in a
// function of its own when it holds statements, at file level when it declares types) and add what
// it takes for granted to the support section of ReadmeExamples.swift. Then run
// `swift test --filter ReadmeTests`.

import Courier
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct Movies: Endpoint {
    typealias Response = [Movie]
    let page: Int
    var path: String { "movies" }
    var query: [String: String] { ["page": "\(page)"] }
}

struct Search: Endpoint {  // repeated names: tag=a&tag=b
    var path: String { "search" }
    var queryItems: [URLQueryItem] { [.init(name: "tag", value: "a"), .init(name: "tag", value: "b")] }
}

struct SignIn: Endpoint {
    let login: Login  // any Encodable & Sendable
    var path: String { "session" }
    var method: String { "POST" }
    var body: RequestBody? { .json(login) }  // also sets Content-Type: application/json
}

func tour() async throws {
    let client = APIClient(baseURL: URL(string: "https://api.example.com/v1/")!)
    let movies = try await client.send(Movies(page: 2))  // [Movie], from the endpoint
    let same = try await client.send(Movies(page: 2), as: [Movie].self)
    let raw = try await client.send(Movies(page: 2), as: Data.self)  // the body as it came
    try await client.send(DeleteMovie(id: 3))  // Response = Empty: 204s welcome
    show((movies, same, raw))
}

func errors(client: APIClient) async {
    do {
        let movies = try await client.send(Movies(page: 2))
        show(movies)
    } catch {  // error is APIError (typed throws)
        switch error.kind {
        case .badStatus(404): showEmpty()
        case .badStatus: log(error.statusCode, error.response?.headers, error.responseBody)
        case .decoding: log(error.decodingError)  // with its coding path
        case .transport: retryLater(error.urlErrorCode)
        case .cancelled: break  // the caller's task was cancelled: not a failure
        case .responseTooLarge: log(error.underlyingError)  // past maximumResponseBodySize, decompressed
        case .encoding, .invalidURL, .invalidField: assertionFailure("\(error)")  // a bug of ours
        }
    }
}

func headers(response: HTTPResponse) {
    let challenges = response.headers.values(for: "WWW-Authenticate")  // two: Basic realm="a, b" and Bearer
    let challenge = response.headers["WWW-Authenticate"]  // one line: Basic realm="a, b", Bearer
    let cookies = response.headers.values(for: "Set-Cookie")  // one per cookie, never joined
    show((challenges, challenge, cookies))
}
