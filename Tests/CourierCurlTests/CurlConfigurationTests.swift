#if COURIER_CURL
@testable import CourierCurl
import CCurl
import Courier
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

    @Test func streamsShareAConnectionOnlyOverHTTP2() {
        #expect(CurlConfiguration(httpVersion: .http2, maximumStreamsPerConnection: 16).streamsPerConnection == 16)
        #expect(CurlConfiguration(httpVersion: .http2PriorKnowledge, maximumStreamsPerConnection: 0).streamsPerConnection == 1)
        #expect(CurlConfiguration(httpVersion: .http1_1, maximumStreamsPerConnection: 16).streamsPerConnection == 1)
    }

    @Test func versionsAreNamedAsReportsName() {
        #expect(ConnectionCounts.versionName(Int(CURL_HTTP_VERSION_1_1)) == "1.1")
        #expect(ConnectionCounts.versionName(Int(CURL_HTTP_VERSION_2_0)) == "2")
        #expect(ConnectionCounts.versionName(Int(CURL_HTTP_VERSION_3)) == "3")
        #expect(ConnectionCounts.versionName(0) == nil)
    }

    @Test func originIsSchemeHostAndPort() {
        #expect(Submission.origin(of: "http://127.0.0.1:8080/movies?page=2") == "http://127.0.0.1:8080")
        #expect(Submission.origin(of: "https://api.example.com?q=1") == "https://api.example.com")
        #expect(Submission.origin(of: "https://api.example.com") == "https://api.example.com")
    }
}
#endif
