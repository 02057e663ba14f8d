import Courier
import Foundation

/// A small app-like model, with snake_case keys and ISO 8601 dates as APIs send them.
struct Ticket: Codable, Equatable, Sendable {
    let id: Int
    let title: String
    let openedAt: Date
}

/// `GET tickets?page=<page>`, decoded into tickets.
struct ListTickets: Endpoint {
    typealias Response = [Ticket]
    let page: Int
    var path: String { "tickets" }
    var query: [String: String] { ["page": "\(page)"] }
}

/// Three tickets as the API sends them.
let ticketsJSON = Data(
    """
    [{"id":1,"title":"Crash on launch","opened_at":"2026-01-02T03:04:05Z"},
     {"id":2,"title":"Typo","opened_at":"2026-01-03T03:04:05Z"},
     {"id":3,"title":"Slow list","opened_at":"2026-01-04T03:04:05Z"}]
    """.utf8)

extension JSONDecoder {
    /// The decoder the tickets API needs.
    static var tickets: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
