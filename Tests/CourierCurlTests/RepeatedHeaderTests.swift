#if COURIER_CURL
import Courier
import CourierCurl
import CourierFixtureServer
import Foundation
import Testing

/// A response with `WWW-Authenticate`, `Set-Cookie` and `Vary` each sent twice: URLSession joins
/// repeated fields into one, the curl transport and the engine keep them apart, and `HTTPHeaders`
/// reads the same values and the same joined view from each.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct RepeatedHeaderTests {
    /// What a caller reads of the fields.
    struct Reading: Equatable, CustomStringConvertible {
        var values: [String: [String]] = [:]
        var joined: [String: String?] = [:]

        init(_ headers: HTTPHeaders) {
            for name in ["WWW-Authenticate", "Set-Cookie", "Vary"] {
                values[name] = headers.values(for: name)
                joined[name] = headers[name]
            }
        }

        var description: String { "values: \(values), joined: \(joined)" }
    }

    @Test func everyTransportReadsTheSameValuesAndTheSameJoinedView() async throws {
        var readings: [TransportKind: Reading] = [:]
        for kind in TransportKind.allCases {
            try await withFixtureServer(kind) { server, transport in
                let (response, _) = try await transport.fetch(server.url("/faults/repeated-headers").absoluteString)
                readings[kind] = Reading(response.headers)
            }
        }
        let curl = try #require(readings[.curl])
        #expect(readings[.urlSession] == curl)
        #expect(readings[.engine] == curl)
        #expect(
            curl.values["WWW-Authenticate"] == [
                #"Basic realm="a, b""#, #"Bearer error="invalid_token", error_description="expired, renew""#,
            ])
        #expect(curl.joined["WWW-Authenticate"] == #"Basic realm="a, b", Bearer error="invalid_token", error_description="expired, renew""#)
        #expect(
            curl.values["Set-Cookie"] == [
                "session=abc; Expires=Wed, 21 Oct 2037 07:28:00 GMT; Path=/; HttpOnly",
                "theme=dark; Expires=Thu, 22 Oct 2037 07:28:00 GMT; Path=/",
            ])
        #expect(curl.joined["Set-Cookie"] == "session=abc; Expires=Wed, 21 Oct 2037 07:28:00 GMT; Path=/; HttpOnly")
        #expect(curl.values["Vary"] == ["Accept", "Accept-Encoding", "Accept-Language"])
        #expect(curl.joined["Vary"] == "Accept, Accept-Encoding, Accept-Language")
    }
}
#endif
