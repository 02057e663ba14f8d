import Courier
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a stub route answers: a response, after an optional delay, or a transport failure.
public struct StubResponse: Sendable {
    enum Outcome: Sendable {
        case response(HTTPResponse, Data)
        case failure(URLError.Code)
    }

    let outcome: Outcome
    /// How long the stub waits before it answers; cancelling the request ends the wait.
    public var delay: Duration

    /// A response with this status, header fields and body.
    public init(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data(), delay: Duration = .zero) {
        outcome = .response(HTTPResponse(statusCode: status, headers: headers), body)
        self.delay = delay
    }

    private init(outcome: Outcome, delay: Duration) {
        self.outcome = outcome
        self.delay = delay
    }

    /// A bodiless response with this status.
    public static func status(_ code: Int) -> StubResponse {
        StubResponse(status: code)
    }

    /// A JSON body given as text, sent as `application/json`.
    public static func json(_ text: String, status: Int = 200) -> StubResponse {
        StubResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }

    /// A value encoded as JSON, sent as `application/json`.
    public static func json(_ value: some Encodable, status: Int = 200, encoder: JSONEncoder = JSONEncoder()) throws -> StubResponse {
        StubResponse(status: status, headers: ["Content-Type": "application/json"], body: try encoder.encode(value))
    }

    /// A transport failure: the request gets no HTTP answer and fails with `URLError(code)`.
    public static func failure(_ code: URLError.Code) -> StubResponse {
        StubResponse(outcome: .failure(code), delay: .zero)
    }

    /// The same answer, given after `delay`.
    public func delayed(by delay: Duration) -> StubResponse {
        StubResponse(outcome: outcome, delay: delay)
    }
}
