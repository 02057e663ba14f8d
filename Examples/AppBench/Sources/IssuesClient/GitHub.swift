import Courier
import Foundation

/// How the app talks to the issues API: its base URL, and the coders its JSON needs (snake_case
/// keys, ISO 8601 dates).
public enum GitHub {
    /// The API's base URL.
    public static let baseURL = URL(string: "https://api.github.com/")!

    /// Decodes the API's JSON.
    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// Encodes request bodies the way the API reads them.
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// The app's client, signed in with `token`.
    public static func client(token: String = "", transport: some Transport = URLSessionTransport()) -> APIClient {
        APIClient(baseURL: baseURL, transport: transport, decoder: decoder, encoder: encoder, middlewares: [AcceptGitHubJSON(token: token)])
    }
}

/// What every request to the API carries: its media type, its version and the token.
struct AcceptGitHubJSON: Middleware {
    let token: String

    func intercept(_ request: HTTPRequest, context: MiddlewareContext, next: @escaping Next) async throws -> (HTTPResponse, Data) {
        var request = request
        request.headers["Accept"] = "application/vnd.github+json"
        request.headers["X-GitHub-Api-Version"] = "2022-11-28"
        if !token.isEmpty { request.headers["Authorization"] = "Bearer \(token)" }
        return try await next(request)
    }
}
