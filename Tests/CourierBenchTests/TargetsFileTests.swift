import Foundation
import Testing

@testable import CourierBench

@Suite struct TargetsFileTests {
    static let example = """
        {"version": 1,
         "data": {"issues": {"file": "issues.csv", "strategy": "random", "seed": 7},
                  "pages": {"file": "pages.jsonl"}},
         "requests": [
           {"name": "list", "method": "GET", "url": "/issues?page={{page}}", "weight": 70, "data": "pages"},
           {"url": "/issues/{{id}}", "weight": 20, "data": "issues", "headers": {"Accept": "application/json"}},
           {"name": "write", "method": "POST", "url": "/issues", "weight": 2.5, "body": {"file": "new-issue.json"}},
           {"name": "echo", "method": "PUT", "url": "https://example.com/echo/{{id}}", "data": ["issues"],
            "body": {"text": "{\\"id\\": {{id}}}"}}
         ]}
        """
    static let exampleFiles = [
        "issues.csv": "id,title\n1,first\n2,second\n", "pages.jsonl": "{\"page\": 1}\n{\"page\": 2}\n",
        "new-issue.json": "{\"title\": \"new\"}",
    ]

    @Test func theExampleLoadsWithEveryDefault() throws {
        let targets = try loadTargets(Self.example, files: Self.exampleFiles)
        #expect(targets.dataSources.map(\.name) == ["issues", "pages"])
        #expect(targets.dataSources[0].strategy == .random(seed: 7))
        #expect(targets.dataSources[1].strategy == .sequential)
        #expect(targets.dataSources[0].table.columns == ["id", "title"])
        #expect(targets.requests.map(\.name) == ["list", "GET /issues/{{id}}", "write", "echo"])
        #expect(targets.requests.map(\.method) == ["GET", "GET", "POST", "PUT"])
        #expect(targets.requests.map(\.weight) == [70, 20, 2.5, 1])
        #expect(targets.requests.map(\.sources) == [[1], [0], [], [0]])
        #expect(targets.requests[1].headers.map(\.name) == ["Accept"])
        #expect(targets.requests[2].body == .bytes(Data("{\"title\": \"new\"}".utf8)))
        #expect(targets.requests[2].url.literalText == "http://127.0.0.1:8080/issues")
        guard case .template = targets.requests[3].body else {
            Issue.record("a body with a variable is a template")
            return
        }
    }

    @Test func aPathIsJoinedToTheBaseURLsPath() throws {
        let targets = try loadTargets(#"{"version": 1, "requests": [{"url": "/issues"}]}"#, baseURL: "http://127.0.0.1:8080/api/")
        #expect(targets.requests[0].url.literalText == "http://127.0.0.1:8080/api/issues")
        #expect(
            targetsError(#"{"version": 1, "requests": [{"url": "/issues"}]}"#, baseURL: "http://127.0.0.1/api?x=1")
                == .invalidBaseURL(url: "http://127.0.0.1/api?x=1"))
    }

    @Test func anAbsoluteURLNeedsNoBaseURL() throws {
        let targets = try loadTargets(#"{"version": 1, "requests": [{"url": "HTTPS://example.com/a"}]}"#, baseURL: nil)
        #expect(targets.requests[0].url.literalText == "HTTPS://example.com/a")
    }

    @Test func thePathOfAFileIsKeptAndTheFormatMayBeNamed() throws {
        let targets = try loadTargets(
            #"{"version": 1, "data": {"a": {"file": "a.ndjson"}, "b": {"file": "b.txt", "format": "csv"}}, "requests": [{"url": "/"}]}"#,
            files: ["a.ndjson": #"{"x": "1"}"#, "b.txt": "y\n2\n"])
        #expect(targets.dataSources.map(\.table.columns) == [["x"], ["y"]])
        #expect(targets.file.hasSuffix("/targets.json"))
        #expect(targets.dataSources[1].table.file.hasSuffix("/b.txt"))
        let unknownFormat = targetsError(
            #"{"version": 1, "data": {"a": {"file": "a.txt"}}, "requests": [{"url": "/"}]}"#, files: ["a.txt": "x\n1\n"])
        #expect(unknownFormat?.description.contains("'data.a.format'") == true)
        let badFormat = targetsError(
            #"{"version": 1, "data": {"a": {"file": "a.csv", "format": "tsv"}}, "requests": [{"url": "/"}]}"#, files: ["a.csv": "x\n1\n"])
        #expect(badFormat?.description.contains("'data.a.format'") == true)
    }

    @Test func anUnknownKeyIsAnErrorWithItsKeyPath() {
        guard case .unknownKey(let file, let keyPath) = targetsError(#"{"version": 1, "requests": [{"url": "/", "wieght": 2}]}"#) else {
            Issue.record("a misspelt key is an unknown key")
            return
        }
        #expect(keyPath == "requests[0].wieght")
        #expect(file.hasSuffix("targets.json"))
        let nested = targetsError(
            #"{"version": 1, "data": {"a": {"file": "a.csv", "strategey": "once"}}, "requests": [{"url": "/"}]}"#,
            files: ["a.csv": "x\n1\n"])
        #expect(nested.map { "\($0)" }?.hasPrefix("unknown key 'data.a.strategey' in the targets file '") == true)
        guard
            case .unknownKey(_, "requests[0].body.txt") = targetsError(#"{"version": 1, "requests": [{"url": "/", "body": {"txt": "a"}}]}"#)
        else {
            Issue.record("a misspelt body key is an unknown key")
            return
        }
        guard case .unknownKey(_, "request") = targetsError(#"{"version": 1, "requests": [{"url": "/"}], "request": []}"#) else {
            Issue.record("a misspelt top-level key is an unknown key")
            return
        }
    }

    @Test(arguments: [0.0, -1.0, -0.5])
    func aWeightOfZeroOrLessIsAnError(weight: Double) {
        let error = targetsError(#"{"version": 1, "requests": [{"url": "/a"}, {"url": "/b", "weight": \#(weight)}]}"#)
        guard case .invalidWeight(_, "requests[1].weight", weight) = error else {
            Issue.record("weight \(weight): \(String(describing: error))")
            return
        }
        #expect(error?.description.contains("a weight must be a number greater than 0") == true)
        #expect(error?.description.contains("'requests[1].weight'") == true)
    }

    @Test func aNameUsedTwiceIsAnError() {
        let named = targetsError(#"{"version": 1, "requests": [{"name": "a", "url": "/a"}, {"name": "a", "url": "/b"}]}"#)
        guard case .duplicateName(_, "a", ["requests[0]", "requests[1]"]) = named else {
            Issue.record("\(String(describing: named))")
            return
        }
        // The default name is the method and the URL template, so the same two collide too.
        let sameDefault = targetsError(
            #"{"version": 1, "data": {"d": {"file": "d.csv"}}, "requests": [{"url": "/a/{{x}}", "data": "d"}, {"method": "GET", "url": "/a/{{x}}", "data": "d"}]}"#,
            files: ["d.csv": "x\n1\n"])
        guard case .duplicateName(_, "GET /a/{{x}}", _) = sameDefault else {
            Issue.record("\(String(describing: sameDefault))")
            return
        }
        #expect(sameDefault?.description.contains("names must be unique") == true)
    }

    @Test func missingFilesAreErrorsNamingThem() throws {
        let data = targetsError(#"{"version": 1, "data": {"a": {"file": "nope.csv"}}, "requests": [{"url": "/"}]}"#)
        guard case .unreadable(let file, .data) = data else {
            Issue.record("\(String(describing: data))")
            return
        }
        #expect(file.hasSuffix("/nope.csv"))
        #expect(data?.description.hasPrefix("cannot read the data file '") == true)
        let body = targetsError(#"{"version": 1, "requests": [{"url": "/", "body": {"file": "body.json"}}]}"#)
        guard case .unreadable(let bodyFile, .body) = body else {
            Issue.record("\(String(describing: body))")
            return
        }
        #expect(bodyFile.hasSuffix("/body.json"))
        #expect(throws: TargetsFileError.unreadable(file: "/nonexistent/targets.json", role: .targets)) {
            try TargetsFile.load(path: "/nonexistent/targets.json")
        }
    }

    @Test func anUnknownTemplateVariableIsAnErrorNamingTheRequestAndTheVariable() {
        let files = ["d.csv": "id\n1\n"]
        let url = targetsError(
            #"{"version": 1, "data": {"d": {"file": "d.csv"}}, "requests": [{"name": "detail", "url": "/i/{{idd}}", "data": "d"}]}"#,
            files: files)
        guard case .unknownVariable(_, "detail", "idd", "requests[0].url") = url else {
            Issue.record("\(String(describing: url))")
            return
        }
        #expect(
            url?.description.hasPrefix("the request 'detail' uses '{{idd}}' in 'requests[0].url', which none of its data sources provides")
                == true)
        let header = targetsError(
            #"{"version": 1, "data": {"d": {"file": "d.csv"}}, "requests": [{"url": "/", "headers": {"X-Id": "{{id}}", "X-Trace": "{{trace}}"}, "data": "d"}]}"#,
            files: files)
        guard case .unknownVariable(_, "GET /", "trace", "requests[0].headers.X-Trace") = header else {
            Issue.record("\(String(describing: header))")
            return
        }
        // A request without data has no variables at all.
        guard
            case .unknownVariable(_, _, "id", "requests[0].body.text") = targetsError(
                #"{"version": 1, "requests": [{"url": "/", "body": {"text": "{{id}}"}}]}"#)
        else {
            Issue.record("a body variable without data is unknown")
            return
        }
    }

    @Test func aVariableTwoDataSourcesProvideIsAnError() {
        let error = targetsError(
            #"{"version": 1, "data": {"a": {"file": "a.csv"}, "b": {"file": "b.csv"}}, "requests": [{"url": "/{{id}}", "data": ["a", "b"]}]}"#,
            files: ["a.csv": "id\n1\n", "b.csv": "id\n2\n"])
        guard case .ambiguousVariable(_, "GET /{{id}}", "id", ["a", "b"]) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
    }

    @Test func anUnknownDataSourceIsAnError() {
        guard
            case .unknownDataSource(_, "requests[0].data", "issues") = targetsError(
                #"{"version": 1, "requests": [{"url": "/", "data": "issues"}]}"#)
        else {
            Issue.record("a data source not declared is unknown")
            return
        }
    }

    @Test func aPathWithoutABaseURLIsAnErrorThatHidesSecrets() {
        let error = targetsError(#"{"version": 1, "requests": [{"name": "a", "url": "/issues?token=hunter2"}]}"#, baseURL: nil)
        guard case .pathWithoutBaseURL(_, "a", "/issues?token=hunter2") = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(error?.description.contains("hunter2") == false)
        #expect(error?.description.contains("/issues?token=REDACTED") == true)
    }

    @Test func theDefaultNameHidesSecretQueryValues() throws {
        let targets = try loadTargets(#"{"version": 1, "requests": [{"url": "/issues?api_key=hunter2&page=1"}]}"#)
        #expect(targets.requests[0].name == "GET /issues?api_key=REDACTED&page=1")
    }

    @Test func aURLThatIsNeitherAbsoluteNorAPathIsAnError() {
        guard case .invalidURL(_, "requests[0].url", "issues") = targetsError(#"{"version": 1, "requests": [{"url": "issues"}]}"#) else {
            Issue.record("a relative URL without '/' is invalid")
            return
        }
        guard case .invalidURL = targetsError(#"{"version": 1, "requests": [{"url": "ftp://example.com/a"}]}"#) else {
            Issue.record("an ftp URL is invalid")
            return
        }
    }

    @Test func theVersionMustBeOneOrTwo() {
        guard case .unsupportedVersion(_, "3") = targetsError(#"{"version": 3, "requests": [{"url": "/"}]}"#) else {
            Issue.record("version 3 is unsupported")
            return
        }
        guard case .invalidValue(_, "version", _) = targetsError(#"{"version": "1", "requests": [{"url": "/"}]}"#) else {
            Issue.record("a version that is not a number is invalid")
            return
        }
        guard case .missingKey(_, "version") = targetsError(#"{"requests": [{"url": "/"}]}"#) else {
            Issue.record("the version is required")
            return
        }
    }

    @Test func malformedJSONAndMissingOrEmptyRequestsAreErrors() {
        guard case .notJSON = targetsError(#"{"version": 1,"#) else {
            Issue.record("truncated JSON is not JSON")
            return
        }
        guard case .invalidValue(_, "(top level)", "an object") = targetsError("[]") else {
            Issue.record("an array is not a targets file")
            return
        }
        guard case .invalidValue(_, "requests", _) = targetsError(#"{"version": 1, "requests": []}"#) else {
            Issue.record("no requests is invalid")
            return
        }
        guard case .missingKey(_, "requests[0].url") = targetsError(#"{"version": 1, "requests": [{"name": "a"}]}"#) else {
            Issue.record("a request needs a url")
            return
        }
        guard case .missingKey(_, "data.a.file") = targetsError(#"{"version": 1, "data": {"a": {}}, "requests": [{"url": "/"}]}"#) else {
            Issue.record("a data source needs a file")
            return
        }
        guard case .invalidValue(_, "requests[0].name", _) = targetsError(#"{"version": 1, "requests": [{"name": "", "url": "/"}]}"#) else {
            Issue.record("an empty name is invalid")
            return
        }
        guard case .invalidValue(_, "requests[0].data", _) = targetsError(#"{"version": 1, "requests": [{"url": "/", "data": 3}]}"#) else {
            Issue.record("data that is a number is invalid")
            return
        }
        guard
            case .invalidValue(_, "requests[0].weight", "a number") = targetsError(
                #"{"version": 1, "requests": [{"url": "/", "weight": "7"}]}"#)
        else {
            Issue.record("a weight that is a string is invalid")
            return
        }
    }

    @Test func aStrategyIsOneOfThreeAndOnlyRandomTakesASeed() {
        let files = ["a.csv": "x\n1\n"]
        guard
            case .invalidValue(_, "data.a.strategy", _) = targetsError(
                #"{"version": 1, "data": {"a": {"file": "a.csv", "strategy": "circular"}}, "requests": [{"url": "/"}]}"#, files: files)
        else {
            Issue.record("circular is not a strategy")
            return
        }
        guard
            case .invalidValue(_, "data.a.seed", _) = targetsError(
                #"{"version": 1, "data": {"a": {"file": "a.csv", "seed": 3}}, "requests": [{"url": "/"}]}"#, files: files)
        else {
            Issue.record("a seed without random is invalid")
            return
        }
        guard
            case .invalidValue(_, "data.a.seed", _) = targetsError(
                #"{"version": 1, "data": {"a": {"file": "a.csv", "strategy": "random", "seed": -1}}, "requests": [{"url": "/"}]}"#,
                files: files)
        else {
            Issue.record("a negative seed is invalid")
            return
        }
    }

    @Test func aBodyIsEitherTextOrAFile() {
        guard
            case .invalidValue(_, "requests[0].body", _) = targetsError(
                #"{"version": 1, "requests": [{"url": "/", "body": {"text": "a", "file": "b"}}]}"#)
        else {
            Issue.record("a body with both text and file is invalid")
            return
        }
        guard case .invalidValue(_, "requests[0].body", _) = targetsError(#"{"version": 1, "requests": [{"url": "/", "body": {}}]}"#) else {
            Issue.record("an empty body object is invalid")
            return
        }
    }

    @Test func aBodyFileThatIsNotUTF8IsSentAsItsBytes() throws {
        let directory = try targetsDirectory(["targets.json": #"{"version": 1, "requests": [{"url": "/", "body": {"file": "b.bin"}}]}"#])
        try Data([0xFF, 0x7B, 0x7B, 0xFE]).write(to: directory.appendingPathComponent("b.bin"))
        let targets = try TargetsFile.load(path: directory.appendingPathComponent("targets.json").path, baseURL: URL(string: "http://h"))
        #expect(targets.requests[0].body == .bytes(Data([0xFF, 0x7B, 0x7B, 0xFE])))
    }

    @Test func invalidHeaderNamesMethodsAndLiteralLineBreaksAreErrorsThatNeverShowTheValue() {
        let value = targetsError(#"{"version": 1, "requests": [{"url": "/", "headers": {"Authorization": "Bearer hunter2\r\nX: y"}}]}"#)
        guard case .invalidField(_, "requests[0].headers.Authorization", _) = value else {
            Issue.record("\(String(describing: value))")
            return
        }
        #expect(value?.description.contains("hunter2") == false)
        #expect(value?.description.contains("CR") == true)
        guard
            case .invalidField(_, "requests[0].headers.Bad Name", _) = targetsError(
                #"{"version": 1, "requests": [{"url": "/", "headers": {"Bad Name": "x"}}]}"#)
        else {
            Issue.record("a header name with a space is invalid")
            return
        }
        guard
            case .invalidField(_, "requests[0].method", _) = targetsError(#"{"version": 1, "requests": [{"method": "GE T", "url": "/"}]}"#)
        else {
            Issue.record("a method with a space is invalid")
            return
        }
    }

    @Test func aMalformedTemplateIsAnError() {
        let error = targetsError(#"{"version": 1, "requests": [{"url": "/{{id"}]}"#)
        guard case .malformedTemplate(_, "requests[0].url", _) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(error?.description.contains("a '{{' without its '}}'") == true)
    }

    @Test func errorsInDataFilesNameTheFileAndLine() {
        let csv = targetsError(
            #"{"version": 1, "data": {"a": {"file": "a.csv"}}, "requests": [{"url": "/"}]}"#, files: ["a.csv": "x,y\n1,2\n3\n"])
        guard case .malformedData(let file, 3, _) = csv else {
            Issue.record("\(String(describing: csv))")
            return
        }
        #expect(csv?.description.hasPrefix("\(file):3: 1 fields where the header row has 2") == true)
        let jsonl = targetsError(
            #"{"version": 1, "data": {"a": {"file": "a.jsonl"}}, "requests": [{"url": "/"}]}"#, files: ["a.jsonl": "{\"x\": 1}\n\n[1]\n"])
        guard case .malformedData(_, 3, "not a JSON object") = jsonl else {
            Issue.record("\(String(describing: jsonl))")
            return
        }
    }
}
