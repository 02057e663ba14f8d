// The interview program Courier grew from (shared/seed/000_d62c78a5d1ff21e5.txt), word for word,
// less its own Endpoint, APIError and APIClient, which now come from the library.
// Expected output, checked by Tests/CourierTests/SeedExampleTests.swift:
//   GET https://api.example.test/movies?page=2
//   ["Alien"]
//   error: badStatus(404)
//   error: decoding

import Courier
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Test seam: a URLProtocol that serves canned responses, so no network is needed.
final class Stub: URLProtocol, @unchecked Sendable {
    nonisolated(unsafe) static var responder: ((URLRequest) -> (Int, Data))!
    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
    override func startLoading() {
        let (code, body) = Stub.responder(request)
        let r = HTTPURLResponse(url: request.url!, statusCode: code, httpVersion: nil, headerFields: nil)!
        client?.urlProtocol(self, didReceive: r, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: body)
        client?.urlProtocolDidFinishLoading(self)
    }
    override func stopLoading() {}
}
struct Movie: Decodable, Equatable {
    let id: Int
    let title: String
}
struct Movies: Endpoint {
    let page: Int
    var path: String { "movies" }
    var query: [String: String] { ["page": "\(page)"] }
}

let cfg = URLSessionConfiguration.ephemeral
cfg.protocolClasses = [Stub.self]
let client = APIClient(baseURL: URL(string: "https://api.example.test")!, session: URLSession(configuration: cfg))

Stub.responder = { req in
    print("GET", req.url!.absoluteString)
    return (200, Data(#"[{"id":1,"title":"Alien"}]"#.utf8))
}
let movies = try await client.send(Movies(page: 2), as: [Movie].self)
print(movies.map(\.title))
Stub.responder = { _ in (404, Data()) }
do { _ = try await client.send(Movies(page: 1), as: [Movie].self) } catch { print("error:", error) }
Stub.responder = { _ in (200, Data("not json".utf8)) }
do { _ = try await client.send(Movies(page: 1), as: [Movie].self) } catch { print("error:", error) }
