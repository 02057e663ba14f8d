import Foundation
import Testing

@testable import CourierBench

/// One recorded entry of a HAR, as a browser's export writes it.
private struct Entry {
    var method = "GET"
    var url: String
    var headers: [(String, String)] = []
    var body: (mimeType: String, text: String)?
    var responseType = "application/json"

    var json: String {
        let fields = headers.map { #"{"name": \#(quoted($0.0)), "value": \#(quoted($0.1))}"# }.joined(separator: ", ")
        let post = body.map { #", "postData": {"mimeType": \#(quoted($0.mimeType)), "text": \#(quoted($0.text))}"# } ?? ""
        return #"""
            {"request": {"method": \#(quoted(method)), "url": \#(quoted(url)), "httpVersion": "HTTP/2", "headers": [\#(fields)], "cookies": [{"name": "sid", "value": "c00kie"}]\#(post)},
             "response": {"status": 200, "content": {"mimeType": \#(quoted(responseType)), "size": 2}}}
            """#
    }
}

private func quoted(_ text: String) -> String {
    String(decoding: (try? JSONEncoder().encode(text)) ?? Data(), as: UTF8.self)
}

private func har(_ entries: [Entry]) -> Data {
    Data(#"{"log": {"version": "1.2", "entries": [\#(entries.map(\.json).joined(separator: ",\n"))]}}"#.utf8)
}

/// The conversion of `entries` and the targets file it makes, loaded back as `load` would.
private func convert(_ entries: [Entry], options: HARConversion.Options = .init(), baseURL: String? = nil) throws -> (
    HARConversion, TargetsFile, String
) {
    let conversion = try HARConversion(har(entries), file: "session.har", options: options)
    let text = String(decoding: conversion.targets, as: UTF8.self)
    let targets = try loadTargets(text, baseURL: baseURL)
    return (conversion, targets, text)
}

/// The `url`, headers and body of each written request, by name, as the JSON has them.
private func written(_ text: String) throws -> [String: [String: Any]] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let requests = try #require(object["requests"] as? [[String: Any]])
    return Dictionary(uniqueKeysWithValues: requests.map { ($0["name"] as? String ?? "", $0) })
}

private func message(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let error as InvalidInput {
        return error.description
    } catch {
        return "\(error)"
    }
}

@Suite struct HARConversionTests {
    @Test func requestsOfOneKindAreOneEntryWeightedByHowOftenTheyWereRecorded() throws {
        let (conversion, targets, text) = try convert([
            Entry(url: "https://api.example.com/issues/123?page=2"),
            Entry(url: "https://api.example.com/issues/456?page=3"),
            Entry(url: "https://api.example.com/issues/0f8fad5b-d9cb-469f-a165-70867728950e?page=1"),
            Entry(url: "https://api.example.com/issues"),
            Entry(method: "POST", url: "https://api.example.com/issues"),
            Entry(url: "https://api.example.com/users/5f3a9c0d2b1e4f6a7b8c9d0e/repos"),
        ])
        #expect(targets.requests.map(\.name) == ["GET /issues/{id}?page=", "GET /issues", "POST /issues", "GET /users/{id}/repos"])
        #expect(targets.requests.map(\.weight) == [3.0, 1, 1, 1])
        #expect(try written(text)["GET /issues/{id}?page="]?["url"] as? String == "https://api.example.com/issues/123?page=2")
        #expect(conversion.summary.entries == 6 && conversion.summary.kinds == 4)
    }

    @Test func namesCarryTheOriginWhenTheRecordingHasSeveral() throws {
        let (_, targets, _) = try convert([Entry(url: "https://a.example.com/x"), Entry(url: "http://b.example.com:8080/x")])
        #expect(targets.requests.map(\.name) == ["GET https://a.example.com/x", "GET http://b.example.com:8080/x"])
    }

    @Test func secretsAreNeitherWrittenNorSummarised() throws {
        let secrets = ["s3cret-bearer", "c00kie", "k3y-value", "t0ken-in-query", "pa55word", "j50n-token", "us3r:pa55"]
        let (conversion, _, text) = try convert([
            Entry(
                url: "https://us3r:pa55@api.example.com/search?q=books&access_token=t0ken-in-query",
                headers: [
                    ("Authorization", "Bearer s3cret-bearer"), ("Cookie", "sid=c00kie"), ("X-Api-Key", "k3y-value"),
                    ("Accept", "application/json"), ("X-Tenant", "acme"),
                ]),
            Entry(
                method: "POST", url: "https://api.example.com/login",
                body: ("application/x-www-form-urlencoded", "user=ann&password=pa55word")),
            Entry(
                method: "PUT", url: "https://api.example.com/settings",
                body: ("application/json", #"{"theme": "dark", "nested": {"refresh_token": "j50n-token"}}"#)),
        ])
        let summary = conversion.summary.line(tool: "bench", output: "targets.json")
        for secret in secrets {
            #expect(!text.contains(secret), "\(secret) written")
            #expect(!summary.contains(secret), "\(secret) printed")
        }
        let requests = try written(text)
        let search = try #require(requests["GET /search?q=&access_token="])
        #expect(search["url"] as? String == "https://REDACTED@api.example.com/search?q=books&access_token=REDACTED")
        #expect(search["headers"] as? [String: String] == ["Accept": "application/json", "X-Tenant": "acme"])
        let login = try #require((requests["POST /login"]?["body"] as? [String: String])?["text"])
        #expect(login == "user=ann&password=REDACTED")
        let settings = try #require((requests["PUT /settings"]?["body"] as? [String: String])?["text"])
        #expect(settings.contains(#""refresh_token":"REDACTED""#) && settings.contains(#""theme":"dark""#))
        #expect(conversion.summary.secretHeadersDropped == 3 && conversion.summary.secretValuesRedacted == 4)
        #expect(summary.contains("dropped 3 secret header fields") && summary.contains("--header"))
    }

    @Test func noiseFieldsAreDroppedAndMeaningfulOnesKept() throws {
        let (_, targets, text) = try convert([
            Entry(
                url: "https://api.example.com/x",
                headers: [
                    (":authority", "api.example.com"), (":method", "GET"), ("Host", "api.example.com"), ("Content-Length", "0"),
                    ("Connection", "keep-alive"), ("Accept-Encoding", "gzip, br"), ("sec-ch-ua", "\"Chromium\""),
                    ("Sec-Fetch-Mode", "cors"), ("User-Agent", "Mozilla/5.0"), ("Accept", "application/json"),
                    ("accept", "text/html"), ("X-Request-Source", "web"),
                ])
        ])
        #expect(try written(text)["GET /x"]?["headers"] as? [String: String] == ["Accept": "application/json", "X-Request-Source": "web"])
        #expect(targets.requests.first?.headers.map(\.name) == ["Accept", "X-Request-Source"])
    }

    @Test func staticAssetsAreLeftOutUnlessAskedFor() throws {
        let entries = [
            Entry(url: "https://app.example.com/api/items"),
            Entry(url: "https://app.example.com/logo", responseType: "image/png"),
            Entry(url: "https://app.example.com/app.css", responseType: "text/plain"),
            Entry(url: "https://app.example.com/main.js?v=3", responseType: "application/javascript; charset=utf-8"),
            Entry(url: "https://app.example.com/f.woff2", responseType: "font/woff2"),
        ]
        let (without, targets, _) = try convert(entries)
        #expect(targets.requests.map(\.name) == ["GET /api/items"])
        #expect(without.summary.staticLeftOut == 4)
        #expect(without.summary.line(tool: "bench", output: "t.json").contains("4 static (--include-static keeps them)"))
        let (with, all, _) = try convert(entries, options: .init(includesStatic: true))
        #expect(all.requests.count == 5 && with.summary.staticLeftOut == 0)
    }

    @Test func hostsNarrowTheRecording() throws {
        let entries = [
            Entry(url: "https://api.example.com/a"), Entry(url: "https://API.example.com:8443/b"),
            Entry(url: "https://tracker.example.net/collect"), Entry(url: "data:text/plain,hi"),
        ]
        let (conversion, targets, _) = try convert(entries, options: .init(hosts: ["api.example.com"]))
        #expect(targets.requests.map(\.name) == ["GET https://api.example.com/a", "GET https://api.example.com:8443/b"])
        #expect(conversion.summary.otherHostsLeftOut == 1 && conversion.summary.notHTTPLeftOut == 1)
        let (_, withPort, _) = try convert(entries, options: .init(hosts: ["api.example.com:8443"]))
        #expect(withPort.requests.map(\.name) == ["GET /b"])
    }

    @Test func urlsOfTheBaseURLAreWrittenAsPaths() throws {
        let (_, targets, text) = try convert(
            [
                Entry(url: "https://api.example.com/v2/issues?page=1"), Entry(url: "https://api.example.com/v2"),
                Entry(url: "https://api.example.com/other"), Entry(url: "https://cdn.example.com/v2/x"),
            ], options: .init(baseURL: "https://api.example.com/v2"), baseURL: "http://127.0.0.1:9000/staging")
        let requests = try written(text)
        #expect(requests["GET https://api.example.com/v2/issues?page="]?["url"] as? String == "/issues?page=1")
        #expect(requests["GET https://api.example.com/v2"]?["url"] as? String == "/")
        #expect(requests["GET https://api.example.com/other"]?["url"] as? String == "https://api.example.com/other")
        let first = try #require(targets.requests.first)
        #expect(first.url.filled(with: []) == "http://127.0.0.1:9000/staging/issues?page=1")
    }

    @Test func bracesAndBodiesRoundTrip() throws {
        let json = #"{"query": "{{ viewer { login } }}", "n": 1}"#
        let (conversion, targets, _) = try convert([
            Entry(url: "https://api.example.com/t/{{x}}?q={{{y}}", headers: [("X-Template", "{{kept}}")]),
            Entry(method: "POST", url: "https://api.example.com/graphql", body: ("application/json", json)),
            Entry(method: "POST", url: "https://api.example.com/upload", body: ("multipart/form-data; boundary=x", "--x\r\n")),
        ])
        #expect(targets.requests[0].url.filled(with: []) == "https://api.example.com/t/{{x}}?q={{{y}}")
        #expect(targets.requests[0].headers.first?.value.filled(with: []) == "{{kept}}")
        #expect(targets.requests[1].body == .bytes(Data(json.utf8)))
        #expect(targets.requests[2].body == nil)
        #expect(conversion.summary.bodiesLeftOut == 1)
    }

    @Test func badInputIsNamed() {
        func error(_ text: String) -> String? {
            message { _ = try HARConversion(Data(text.utf8), file: "s.har", options: .init()) }
        }
        #expect(error("not json") == "'s.har' is not JSON")
        #expect(error(#"{"log": {}}"#) == "'s.har' is not a HAR export: it has no log.entries array")
        #expect(error(#"[1]"#) == "'s.har' is not a HAR export: it has no log.entries array")
        #expect(error(#"{"log": {"entries": [7]}}"#) == "'s.har': log.entries[0] has no request object")
        let noURL = #"{"log": {"entries": [{"request": {"method": "GET", "url": "https://h/"}}, {"request": {"method": "GET"}}]}}"#
        #expect(error(noURL) == "'s.har': log.entries[1].request has no url")
        #expect(
            error(#"{"log": {"entries": [{"request": {"url": "https://h/"}}]}}"#) == "'s.har': log.entries[0].request has no valid method")
        #expect(error(#"{"log": {"entries": []}}"#)?.hasPrefix("'s.har' leaves no request to write: 0 entries") == true)
        let onlyStatic = String(decoding: har([Entry(url: "https://h/a.png")]), as: UTF8.self)
        #expect(error(onlyStatic)?.contains("1 static (--include-static keeps them)") == true)
    }
}

@Suite struct HARCommandTests {
    private func recording(in directory: URL) throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("session.har")
        try har([Entry(url: "https://api.example.com/issues/1", headers: [("Authorization", "Bearer s3cret")])]).write(to: file)
        return file.path
    }

    @Test func theTargetsFileIsWrittenAndLoads() async throws {
        let directory = temporaryDirectory("har")
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out/targets.json").path
        #expect(await testSuite.status(["har", try recording(in: directory), "--out", out]) == 0)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(!text.contains("s3cret"))
        #expect(try TargetsFile.load(path: out).requests.map(\.name) == ["GET /issues/{id}"])
    }

    @Test func anExistingFileIsKeptUnlessForced() async throws {
        let directory = temporaryDirectory("har")
        defer { try? FileManager.default.removeItem(at: directory) }
        let har = try recording(in: directory)
        let out = directory.appendingPathComponent("targets.json")
        try Data("mine".utf8).write(to: out)
        #expect(await testSuite.status(["har", har, "--out", out.path]) == 64)
        #expect(try String(contentsOf: out, encoding: .utf8) == "mine")
        #expect(await testSuite.status(["har", har, "--out", out.path, "--force"]) == 0)
        #expect(try TargetsFile.load(path: out.path).requests.count == 1)
    }

    @Test func aBadRecordingWritesNothing() async throws {
        let directory = temporaryDirectory("har")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let bad = directory.appendingPathComponent("bad.har")
        try Data("{".utf8).write(to: bad)
        let out = directory.appendingPathComponent("targets.json").path
        #expect(await testSuite.status(["har", bad.path, "--out", out]) == 65)
        #expect(await testSuite.status(["har", directory.appendingPathComponent("none.har").path, "--out", out]) == 66)
        #expect(await testSuite.status(["har", directory.path, "--out", out]) == 66)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func anUnwritableDestinationIsAUsageError() async throws {
        let directory = temporaryDirectory("har")
        defer { try? FileManager.default.removeItem(at: directory) }
        let har = try recording(in: directory)
        let out = URL(fileURLWithPath: har).appendingPathComponent("targets.json").path
        #expect(await testSuite.status(["har", har, "--out", out]) == 64)
        #expect(try Data(contentsOf: URL(fileURLWithPath: har)).count > 0)
    }

    @Test func theCommandLineIsChecked() throws {
        #expect(testSuite.usageMessage(["har", "--out", "t.json"]) == "missing <file.har>")
        #expect(testSuite.usageMessage(["har", "s.har"]) == "missing '--out <file>'")
        #expect(testSuite.usageMessage(["har", "s.har", "--out", "t.json", "--base-url", "ftp://h"])?.contains("invalid URL") == true)
        #expect(
            testSuite.usageMessage(["har", "s.har", "--out", "t.json", "--base-url", "https://h/?a=1"])
                == "'--base-url' takes no query or fragment")
        let command = try #require(
            try testSuite.command(
                [
                    "har", "s.har", "--out", "t.json", "--host", "a", "--host", "b", "--include-static", "--base-url", "https://h/v2/",
                    "--force",
                ],
                as: HARCommand.self))
        #expect(command.options == HARConversion.Options(includesStatic: true, hosts: ["a", "b"], baseURL: "https://h/v2"))
        #expect(command.replaces && command.file == "s.har" && command.output == "t.json")
    }
}
