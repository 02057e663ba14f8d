#if COURIER_CURL
@testable import CourierCurl
import Testing

@Suite struct CurlConfigurationTests {
    @Test func millisecondsRoundDownButNeverToZero() {
        #expect(Duration.milliseconds(1500).curlMilliseconds == 1500)
        #expect(Duration.microseconds(10).curlMilliseconds == 1)
        #expect(Duration.seconds(2).curlMilliseconds == 2000)
    }

    @Test func capsAreSplitBetweenReactorsRoundingUp() {
        let share = CurlConfiguration(maximumConnectionsPerHost: 64, maximumConnections: 5, reactorCount: 2).perReactor
        #expect(share.maximumConnectionsPerHost == 32)
        #expect(share.maximumConnections == 3)
        #expect(CurlConfiguration(maximumConnectionsPerHost: 7).perReactor.maximumConnectionsPerHost == 7)
    }

    @Test func originIsSchemeHostAndPort() {
        #expect(Submission.origin(of: "http://127.0.0.1:8080/movies?page=2") == "http://127.0.0.1:8080")
        #expect(Submission.origin(of: "https://api.example.com?q=1") == "https://api.example.com")
        #expect(Submission.origin(of: "https://api.example.com") == "https://api.example.com")
    }
}
#endif
