import Courier
import Foundation
import Testing

@testable import CourierBench

/// Version 2 of the targets file: journeys of steps, what they extract, checks, the environment,
/// and every mistake in them an error naming the file and the key path.
@Suite struct JourneyTargetsFileTests {
    static let flow = """
        {"version": 2,
         "data": {"users": {"file": "users.csv"}},
         "journeys": [
           {"name": "shop", "weight": 3, "data": "users",
            "steps": [
              {"name": "sign in", "method": "POST", "url": "/flow/sign-in", "body": {"text": "{\\"user\\": \\"{{user}}\\"}"},
               "extract": {"token": {"json": "/token"}, "rid": {"header": "X-Request-Id"}, "code": {"status": true},
                           "n": {"regex": "tok-(\\\\d+)"}},
               "checks": [{"status": [200, "201-204", "3xx"]}, {"json": "/token"}], "think": "10ms"},
              {"name": "list", "url": "/flow/items?user={{user}}&n={{n}}",
               "headers": {"Authorization": "Bearer {{token}}", "X-Key": "{{env.API_KEY}}"},
               "checks": [{"name": "two", "json": "/items/1/id", "equals": 8}, {"json": "/errors", "exists": false},
                          {"contains": "items"}, {"notContains": "error"}, {"maxBodyBytes": 100}],
               "think": {"uniform": ["5ms", "20ms"]}},
              {"name": "again", "url": "/flow/items", "think": {"exponential": "1s"}}
            ]},
           {"name": "browse", "cookies": false, "steps": [{"name": "report", "url": "/flow/report"}]}
         ]}
        """
    static let files = ["users.csv": "user\nann\nbob b\n"]

    @Test func aJourneyLoadsWithItsStepsExtractionsChecksAndPauses() throws {
        let targets = try loadTargets(Self.flow, files: Self.files, environment: ["API_KEY": "k-secret"])
        #expect(targets.requests.isEmpty)
        #expect(targets.journeys.map(\.name) == ["shop", "browse"])
        #expect(targets.journeys.map(\.weight) == [3, 1])
        #expect(targets.journeys.map(\.cookies) == [true, false])
        #expect(targets.names == ["sign in", "list", "again", "report"])
        #expect(targets.checkNames == ["status", "json /token", "two", "no json /errors", "contains", "notContains", "maxBodyBytes"])
        let shop = targets.journeys[0]
        #expect(shop.variableCount == 4)
        #expect(shop.steps[0].extractions.map(\.name) == ["code", "n", "rid", "token"])
        #expect(
            shop.steps.map(\.think) == [
                .fixed(.milliseconds(10)), .uniform(.milliseconds(5)...(.milliseconds(20))), .exponential(mean: .seconds(1)),
            ])
        #expect(shop.steps[0].request.checks[0].rule == .status([200...200, 201...204, 300...399]))
        #expect(targets.environment == ["k-secret"])
        // The environment's value is filled in, encoded as a data column would be, and is part of no literal.
        let mix = targets.mix()
        let token = try #require(shop.steps[0].extractions.first { $0.name == "token" })
        let n = try #require(shop.steps[0].extractions.first { $0.name == "n" })
        var variables = Array(repeating: "", count: shop.variableCount)
        variables[token.slot] = "tok-1"
        variables[n.slot] = "a&b"
        let list = try mix.prepare(shop.steps[1].request, index: 1, rows: [1], variables: variables)
        #expect(list.url == "http://127.0.0.1:8080/flow/items?user=bob%20b&n=a%26b")
        #expect(list.headers.map(\.value) == ["Bearer tok-1", "k-secret"])
        #expect(shop.steps[1].request.headers[1].value.literalText == nil)
        // A value with a line break is refused for a header, naming the variable, never the value.
        variables[token.slot] = "x\r\nInjected: 1"
        #expect(throws: TargetsFileError.variableHeaderInjection(request: "list", header: "Authorization", variable: "token")) {
            try mix.prepare(shop.steps[1].request, index: 1, rows: [0], variables: variables)
        }
    }

    @Test func journeysAreChosenByWeight() throws {
        let mix = try loadTargets(Self.flow, files: Self.files, environment: ["API_KEY": "k"]).mix()
        let chosen = (0..<8).map { _ in mix.choose() }
        #expect(chosen.filter { $0 == 0 }.count == 6)
    }

    @Test func aVersion1FileLoadsAsBeforeAndRefusesVersion2Keys() throws {
        let targets = try loadTargets(#"{"version": 1, "requests": [{"url": "/a"}]}"#)
        #expect(targets.requests.map(\.checks) == [[]])
        let checks = targetsError(#"{"version": 1, "requests": [{"url": "/a", "checks": [{"status": [200]}]}]}"#)
        guard case .needsVersion2(_, "requests[0].checks") = checks else {
            Issue.record("checks need version 2: \(String(describing: checks))")
            return
        }
        #expect(targetsError(#"{"version": 1, "journeys": []}"#).map(\.keyPath) == "journeys")
        #expect(targetsError(#"{"version": 3, "requests": [{"url": "/a"}]}"#).map(\.keyPath) == "version")
    }

    /// Each mistake, and the key path its error names.
    @Test(arguments: [
        (#"{"version": 2, "requests": [{"url": "/a"}], "journeys": [{"name": "j", "steps": [{"url": "/a"}]}]}"#, "requests"),
        (#"{"version": 2, "journeys": []}"#, "journeys"),
        (#"{"version": 2, "journeys": [{"steps": [{"url": "/a"}]}]}"#, "journeys[0].name"),
        (#"{"version": 2, "journeys": [{"name": "j", "steps": []}]}"#, "journeys[0].steps"),
        (#"{"version": 2, "journeys": [{"name": "j", "weight": 0, "steps": [{"url": "/a"}]}]}"#, "journeys[0].weight"),
        (#"{"version": 2, "journeys": [{"name": "j", "cookies": 1, "steps": [{"url": "/a"}]}]}"#, "journeys[0].cookies"),
        (#"{"version": 2, "journeys": [{"name": "j", "data": "none", "steps": [{"url": "/a"}]}]}"#, "journeys[0].data"),
        (#"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "weight": 2}]}]}"#, "journeys[0].steps[0].weight"),
        (#"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "think": "soon"}]}]}"#, "journeys[0].steps[0].think"),
        (
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "think": {"uniform": ["2s", "1s"]}}]}]}"#,
            "journeys[0].steps[0].think.uniform"
        ),
        (
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "think": {"uniform": ["1s"]}}]}]}"#,
            "journeys[0].steps[0].think.uniform"
        ),
        (#"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "think": {"gauss": "1s"}}]}]}"#, "journeys[0].steps[0].think"),
        (
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "extract": {"t": {"json": "token"}}}]}]}"#,
            "journeys[0].steps[0].extract.t.json"
        ),
        (
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "extract": {"t": {"json": "/a", "header": "X"}}}]}]}"#,
            "journeys[0].steps[0].extract.t"
        ),
        (
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "extract": {"t": {"header": "X Y"}}}]}]}"#,
            "journeys[0].steps[0].extract.t.header"
        ),
        (
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "extract": {"t": {"regex": "("}}}]}]}"#,
            "journeys[0].steps[0].extract.t.regex"
        ),
        (
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "extract": {"t": {"regex": "a(b)", "group": 2}}}]}]}"#,
            "journeys[0].steps[0].extract.t.group"
        ),
        (
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "extract": {"t": {"status": false}}}]}]}"#,
            "journeys[0].steps[0].extract.t.status"
        ),
        (
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "extract": {"env.X": {"status": true}}}]}]}"#,
            "journeys[0].steps[0].extract.env.X"
        ),
        (
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "extract": {"t": {"status": true, "other": 1}}}]}]}"#,
            "journeys[0].steps[0].extract.t.other"
        ),
        (
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "checks": {"status": [200]}}]}]}"#,
            "journeys[0].steps[0].checks"
        ),
        (
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "checks": [{"status": [600]}]}]}]}"#,
            "journeys[0].steps[0].checks[0].status[0]"
        ),
        (
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "checks": [{"status": ["300-200"]}]}]}]}"#,
            "journeys[0].steps[0].checks[0].status[0]"
        ),
        (
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "checks": [{"status": []}]}]}]}"#,
            "journeys[0].steps[0].checks[0].status"
        ),
        (#"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "checks": [{}]}]}]}"#, "journeys[0].steps[0].checks[0]"),
        (
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "checks": [{"contains": ""}]}]}]}"#,
            "journeys[0].steps[0].checks[0].contains"
        ),
        (
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "checks": [{"maxBodyBytes": -1}]}]}]}"#,
            "journeys[0].steps[0].checks[0].maxBodyBytes"
        ),
        (
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "checks": [{"json": "/a", "equals": 1, "exists": true}]}]}]}"#,
            "journeys[0].steps[0].checks[0].exists"
        ),
        (
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "checks": [{"name": "a:b", "contains": "x"}]}]}]}"#,
            "journeys[0].steps[0].checks[0].name"
        ),
        (
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "checks": [{"contains": "x"}, {"contains": "y"}]}]}]}"#,
            "journeys[0].steps[0].checks[1].name"
        ),
        (#"{"version": 2, "requests": [{"url": "/a", "extract": {"t": {"status": true}}}]}"#, "requests[0].extract"),
        (#"{"version": 2, "journeys": [{"name": "j", "pace": 1, "steps": [{"url": "/a"}]}]}"#, "journeys[0].pace"),
        (#"{"version": 2, "journeys": [{"name": "", "steps": [{"url": "/a"}]}]}"#, "journeys[0].name"),
        (#"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "wait": "1s"}]}]}"#, "journeys[0].steps[0].wait"),
        (#"{"version": 2, "journeys": [{"name": "j", "steps": [{"method": "GET"}]}]}"#, "journeys[0].steps[0].url"),
        (
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "think": {"exponential": "2h"}}]}]}"#,
            "journeys[0].steps[0].think.exponential"
        ),
        (
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "checks": [{"status": 200}]}]}]}"#,
            "journeys[0].steps[0].checks[0].status"
        ),
        (
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "checks": [{"json": "a/b"}]}]}]}"#,
            "journeys[0].steps[0].checks[0].json"
        ),
        (
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "checks": [{"contains": "x", "colour": 1}]}]}]}"#,
            "journeys[0].steps[0].checks[0].colour"
        ),
        (#"{"version": 2, "requests": [{"url": "/a", "checks": [{"notContains": 1}]}]}"#, "requests[0].checks[0].notContains"),
    ])
    func aMistakeNamesItsKeyPath(json: String, keyPath: String) {
        let error = targetsError(json)
        #expect(error?.keyPath == keyPath, "\(error.map { "\($0)" } ?? "loaded")")
        #expect(error?.description.contains("targets.json") == true)
    }

    @Test func variablesMustComeFromAnEarlierStepAColumnOrTheEnvironment() {
        let later = #"""
            {"version": 2, "journeys": [{"name": "j", "steps": [
              {"name": "a", "url": "/a?t={{token}}", "extract": {"token": {"json": "/t"}}}]}]}
            """#
        guard case .unknownVariable(_, "a", "token", "journeys[0].steps[0].url") = targetsError(later) else {
            Issue.record("a step cannot use what it extracts itself")
            return
        }
        let unset = #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/a", "headers": {"X": "{{env.NOPE}}"}}]}]}"#
        let error = targetsError(unset, environment: ["OTHER": "secret-value"])
        guard case .unsetEnvironmentVariable(_, "journeys[0].steps[0].headers.X", "NOPE") = error else {
            Issue.record("an unset environment variable is an error: \(String(describing: error))")
            return
        }
        #expect(error?.description.contains("secret-value") == false)
        let column = #"""
            {"version": 2, "data": {"u": {"file": "u.csv"}}, "journeys": [{"name": "j", "data": "u", "steps": [
              {"url": "/a", "extract": {"user": {"status": true}}}]}]}
            """#
        #expect(targetsError(column, files: ["u.csv": "user\na\n"])?.keyPath == "journeys[0].steps[0].extract.user")
        let twice = #"""
            {"version": 2, "journeys": [{"name": "j", "steps": [{"name": "x", "url": "/a"}]}, {"name": "k", "steps": [{"name": "x", "url": "/b"}]}]}
            """#
        guard case .duplicateName(_, "x", ["journeys[0].steps[0]", "journeys[1].steps[0]"]) = targetsError(twice) else {
            Issue.record("two steps of one name are an error, naming both")
            return
        }
    }
}

extension TargetsFileError {
    /// The key path the error names, if it names one.
    var keyPath: String? {
        switch self {
        case .unknownKey(_, let keyPath), .missingKey(_, let keyPath), .invalidValue(_, let keyPath, _), .invalidWeight(_, let keyPath, _),
            .unknownDataSource(_, let keyPath, _), .unknownVariable(_, _, _, let keyPath), .malformedTemplate(_, let keyPath, _),
            .invalidURL(_, let keyPath, _), .invalidField(_, let keyPath, _), .unsetEnvironmentVariable(_, let keyPath, _),
            .needsVersion2(_, let keyPath):
            keyPath
        case .unsupportedVersion: "version"
        default: nil
        }
    }
}
