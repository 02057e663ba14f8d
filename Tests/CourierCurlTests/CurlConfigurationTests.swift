@testable import CourierCurl
import Testing

@Suite struct CurlConfigurationTests {
    @Test func millisecondsRoundDownButNeverToZero() {
        #expect(Duration.milliseconds(1500).curlMilliseconds == 1500)
        #expect(Duration.microseconds(10).curlMilliseconds == 1)
        #expect(Duration.seconds(2).curlMilliseconds == 2000)
    }
}
