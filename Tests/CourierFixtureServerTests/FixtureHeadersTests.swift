import CourierFixtureServer
import Testing

@Suite struct FixtureHeadersTests {
    @Test func aLiteralKeepsRepeatsInOrder() {
        let headers: FixtureHeaders = ["Set-Cookie": "a=1", "X": "y", "Set-Cookie": "b=2"]
        #expect(headers.fields.map(\.value) == ["a=1", "y", "b=2"])
        #expect(headers["set-cookie"] == "a=1")
    }

    @Test func mergingReplacesEveryFieldOfANameInPlaceOfTheFirst() {
        let headers: FixtureHeaders = ["A": "1", "Vary": "x", "B": "2", "vary": "y"]
        let merged = headers.merging(["VARY": "z", "C": "3"])
        #expect(merged.fields.map(\.name) == ["A", "VARY", "B", "C"])
        #expect(merged["Vary"] == "z")
    }

    @Test func addingKeepsTheFieldsAlreadyThere() {
        let headers = FixtureHeaders().adding("WWW-Authenticate", "Basic").adding("WWW-Authenticate", "Bearer")
        #expect(headers.fields.map(\.value) == ["Basic", "Bearer"])
    }

    @Test func aRouteWithHeadersMergesThem() {
        let route = FixtureRoute.retryAfter(status: 503, seconds: 1).with(headers: ["Retry-After": "7"])
        #expect(route.headers.fields.map(\.name) == ["Content-Type", "Retry-After"])
        #expect(route.headers["retry-after"] == "7")
    }
}
