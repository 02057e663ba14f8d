import Courier
import CourierTesting
import Foundation
import Testing

/// The two ways a stub answers a client: in memory, or through a real URLSession and URLProtocol.
/// Client tests run against both, so the stub seam and the URLSession transport agree.
enum Flavour: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case inMemory, urlSession

    var testDescription: String { rawValue }

    func client(for server: StubServer, decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder()) -> APIClient {
        switch self {
        case .inMemory: APIClient(baseURL: server.baseURL, transport: server.transport, decoder: decoder, encoder: encoder)
        case .urlSession: APIClient(baseURL: server.baseURL, session: server.session, decoder: decoder, encoder: encoder)
        }
    }
}

struct Movie: Codable, Equatable, Sendable {
    let id: Int
    let title: String
}

struct Movies: Endpoint {
    typealias Response = [Movie]
    let page: Int
    var path: String { "movies" }
    var query: [String: String] { ["page": "\(page)"] }
}

struct Get: Endpoint {
    var path: String
}
