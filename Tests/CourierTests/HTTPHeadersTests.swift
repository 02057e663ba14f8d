import Courier
import Testing

@Suite struct HTTPHeadersTests {
    @Test func looksUpNamesIgnoringCase() {
        let headers: HTTPHeaders = ["Content-Type": "application/json"]
        #expect(headers["content-type"] == "application/json")
        #expect(headers["CONTENT-TYPE"] == "application/json")
        #expect(headers["Content-Typf"] == nil)
        #expect(headers["Content-Typ"] == nil)
        #expect(!headers.contains("Content-Type-X"))
    }

    @Test func caseFoldingIsForLettersOnly() {
        // '@' and '`' differ from each other only in the bit that folds letters.
        let headers: HTTPHeaders = ["X@": "1"]
        #expect(headers["X`"] == nil)
    }

    @Test func settingReplacesEveryFieldOfTheNameInPlace() {
        var headers: HTTPHeaders = ["A": "1", "Set-Cookie": "x", "B": "2", "set-cookie": "y"]
        headers["SET-COOKIE"] = "z"
        #expect(headers.fields.map(\.name) == ["A", "SET-COOKIE", "B"])
        #expect(headers.values(for: "set-cookie") == ["z"])
    }

    @Test func settingNilRemovesAndAddKeepsRepeats() {
        var headers = HTTPHeaders()
        headers.add(name: "Accept", value: "a")
        headers.add(name: "accept", value: "b")
        #expect(headers.values(for: "ACCEPT") == ["a", "b"])
        headers["Accept"] = nil
        #expect(headers.fields.isEmpty)
        headers["New"] = "v"
        #expect(Array(headers).map(\.value) == ["v"])
    }

    @Test func aDictionaryBecomesFieldsSortedByName() {
        #expect(HTTPHeaders(["b": "2", "a": "1", "c": "3"]).fields.map(\.name) == ["a", "b", "c"])
    }
}
