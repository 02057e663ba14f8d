import BenchmarkEngine
import CourierFixtureServer
import CourierFixtures
import Foundation
import Testing

@testable import CourierBench

@Suite(.serialized, .timeLimit(.minutes(1))) struct CaptureCommandTests {
    @Test func theBodyIsSavedAndItsHeadBesideItWithoutSecrets() async throws {
        var routes = FixtureServer.standardRoutes
        let secretAnswers = ["Api-Key", "X-Goog-Api-Key", "Ocp-Apim-Subscription-Key", "Set-Cookie"]
        routes["/movies/1"] = routes["/movies/1"]?.with(headers: Dictionary(uniqueKeysWithValues: secretAnswers.map { ($0, "an5wer") }))
        let server = try FixtureServer.start(FixtureServer.Configuration(routes: routes))
        defer { server.stop() }
        let directory = temporaryDirectory("capture")
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = directory.appendingPathComponent("Fixtures/movie.json")
        let status = await testSuite.status([
            "capture", "--url", server.url("/movies/1").absoluteString + "?api_key=k3y", "--out", body.path,
            "--header", "Authorization: Bearer s3cret", "--header", "Accept: application/json",
        ])
        #expect(status == 0)
        #expect(FileManager.default.contents(atPath: body.path) == Payload.make(.tinyObject).json)

        let headFile = directory.appendingPathComponent("Fixtures/movie.headers.json")
        let text = try String(contentsOf: headFile, encoding: .utf8)
        for secret in ["s3cret", "k3y", "an5wer"] {
            #expect(!text.contains(secret), "\(secret) leaked")
        }
        let record = try JSONDecoder().decode(CaptureRecord.self, from: Data(text.utf8))
        #expect(record.status == 200 && record.isJSON && record.bytes == Payload.make(.tinyObject).json.count)
        #expect(record.requestHeaders.contains { $0.name == "Authorization" && $0.value == "REDACTED" })
        #expect(record.requestHeaders.contains { $0.name == "Accept" && $0.value == "application/json" })
        #expect(record.url.hasSuffix("/movies/1?api_key=REDACTED"))
        for name in secretAnswers {
            #expect(record.responseHeaders.contains { $0.name == name && $0.value == "REDACTED" }, "\(name)")
        }
        #expect(record.responseHeaders.contains { $0.name == "Content-Type" && $0.value == "application/json" })
    }

    @Test func aFailedRequestWritesNothingAndExits1() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let directory = temporaryDirectory("capture")
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = directory.appendingPathComponent("missing.json")
        #expect(await testSuite.status(["capture", "--url", server.url("/nowhere").absoluteString, "--out", body.path]) == 1)
        #expect(!FileManager.default.fileExists(atPath: body.path))
        #expect(!FileManager.default.fileExists(atPath: CaptureCommand.headersFile(for: body).path))
    }

    @Test func anOutputThatCannotBeWrittenIsAUsageErrorBeforeAnythingIsSent() async throws {
        let refusing = try RefusingEndpoint()
        defer { withExtendedLifetime(refusing) {} }
        // Were the request sent first, the refused connection would exit 1, not 64.
        #expect(await testSuite.status(["capture", "--url", refusing.url.absoluteString, "--out", "/proc/capture/x.json"]) == 64)
    }

    /// URLSession here takes no CA bundle: a usage error that names the option, before anything is
    /// sent or written.
    @Test func trustOptionsURLSessionCannotHonourAreAUsageError() async throws {
        let directory = temporaryDirectory("capture")
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = directory.appendingPathComponent("x.json")
        let arguments = ["capture", "--url", "https://127.0.0.1:1/x", "--out", body.path, "--cacert", "/tmp/ca.pem"]
        #expect(await testSuite.status(arguments) == 64)
        #expect(!FileManager.default.fileExists(atPath: body.path))
    }

    /// Through curl or the engine, `--insecure` is honoured and said: in the head file and on the
    /// console.
    @Test(arguments: ownStacks)
    func anInsecureCaptureIsRecordedAsSuch(kind: TransportKind) async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let directory = temporaryDirectory("capture")
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = directory.appendingPathComponent("movie.json")
        let status = await BenchSuite.offering(kind).status([
            "capture", "--url", server.url("/movies/1").absoluteString, "--out", body.path, "--transport", kind.name, "--insecure",
        ])
        #expect(status == 0)
        let record = try JSONDecoder().decode(CaptureRecord.self, from: Data(contentsOf: CaptureCommand.headersFile(for: body)))
        #expect(record.insecure == true && record.status == 200)
    }

    @Test func theHeadFileSitsBesideTheBody() {
        #expect(CaptureCommand.headersFile(for: URL(fileURLWithPath: "/a/issues.json")).path == "/a/issues.headers.json")
        #expect(CaptureCommand.headersFile(for: URL(fileURLWithPath: "/a/issues")).path == "/a/issues.headers.json")
    }

    @Test(arguments: [
        (["capture", "--out", "x.json"], "missing '--url <url>'"),
        (["capture", "--url", "ftp://x/y", "--out", "x.json"], "invalid URL 'ftp://x/y' in '--url' (expected http://host[:port]/path)"),
        (
            ["capture", "--url", "http://x/y", "--out", "x.json", "--header", "NoColon"],
            "invalid header 'NoColon' in '--header' (expected 'Name: value')"
        ),
        (
            ["capture", "--url", "http://x/y", "--out", "x.json", "--transport", "curl"],
            "invalid value 'curl' for '--transport' (expected urlsession)"
        ),
        (
            ["capture", "--url", "http://x/y", "--out", "x.json", "--timeout", "0"],
            "invalid value '0' for '--timeout' (expected a duration from 1ms to 24h, such as 10s, 500ms or 2m)"
        ),
        (["capture", "--url", "http://127.0.0.1:70000/x", "--out", "x.json"], "invalid port '70000' in '--url' (expected 1 to 65535)"),
        (
            ["capture", "--url", "https://x/y", "--out", "x.json", "--key", "client.key"],
            "'--key' needs '--cert <file>' (the certificate the key belongs to)"
        ),
    ])
    func badValuesAreUsageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError(message: message, usage: CaptureCommand.help(in: testSuite))) { try testSuite.parse(arguments) }
    }
}
