import Courier
import CourierTesting
import Foundation
import Synchronization
import Testing

/// The two ways a stub answers a client: in memory, or through a real URLSession and URLProtocol.
/// Client tests run against both, so the stub seam and the URLSession transport agree.
enum Flavour: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case inMemory, urlSession

    var testDescription: String { rawValue }

    func client(
        for server: StubServer,
        decoder: any ResponseDecoder = JSONDecoder(),
        encoder: any RequestEncoder = JSONEncoder(),
        middlewares: [any Middleware] = []
    ) -> APIClient {
        switch self {
        case .inMemory:
            APIClient(baseURL: server.baseURL, transport: server.transport, decoder: decoder, encoder: encoder, middlewares: middlewares)
        case .urlSession:
            APIClient(baseURL: server.baseURL, session: server.session, decoder: decoder, encoder: encoder, middlewares: middlewares)
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

/// A log sink that keeps every event, for tests to read.
final class RecordingSink: LogSink {
    private let recorded = Mutex<[LogEvent]>([])

    var events: [LogEvent] { recorded.withLock { $0 } }

    func log(_ event: LogEvent) {
        recorded.withLock { $0.append(event) }
    }
}

/// A count shared by the concurrent calls of one test.
final class Counter: Sendable {
    private let count = Mutex(0)

    var value: Int { count.withLock { $0 } }

    @discardableResult
    func increment() -> Int {
        count.withLock {
            $0 += 1
            return $0
        }
    }
}
