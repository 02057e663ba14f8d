import Foundation
import Testing

@testable import CourierBench

/// `bench har --journey`: the recording's requests in order as one journey, with its pauses, and
/// the values later requests send back pointed out, never printed.
@Suite struct HARJourneyTests {
    static let recording = #"""
        {"log": {"version": "1.2", "entries": [
          {"startedDateTime": "2026-12-07T10:00:00.000Z", "time": 50,
           "request": {"method": "POST", "url": "https://api.example.com/sign-in", "headers": [{"name": "Content-Type", "value": "application/json"}],
                       "postData": {"mimeType": "application/json", "text": "{\"user\": \"ann\"}"}},
           "response": {"status": 200, "headers": [{"name": "X-Request-Id", "value": "req-77777"}, {"name": "Date", "value": "Mon, 07 Dec 2026 10:00:00 GMT"}],
                        "content": {"mimeType": "application/json", "text": "{\"token\": \"tok-abc123\", \"user\": {\"id\": 100042}, \"ok\": true}"}}},
          {"startedDateTime": "2026-12-07T10:00:00.250Z", "time": 20,
           "request": {"method": "GET", "url": "https://api.example.com/items", "headers": [
              {"name": "Authorization", "value": "Bearer tok-abc123"}, {"name": "X-Trace", "value": "req-77777"}]},
           "response": {"status": 200, "content": {"mimeType": "application/json", "text": "[]"}}},
          {"startedDateTime": "2026-12-07T10:00:00.270Z", "time": 10,
           "request": {"method": "GET", "url": "https://api.example.com/items/100042", "headers": []},
           "response": {"status": 200, "content": {"mimeType": "application/json", "text": "{}"}}},
          {"startedDateTime": "2026-12-07T10:00:01.280Z", "time": 10,
           "request": {"method": "GET", "url": "https://api.example.com/items/100043", "headers": []},
           "response": {"status": 200, "content": {"mimeType": "application/json", "text": "{}", "encoding": "base64"}}}
        ]}}
        """#

    @Test func aRecordingBecomesOneJourneyWithItsPausesAndCarriedValues() throws {
        var options = HARConversion.Options()
        options.asJourney = true
        options.baseURL = "https://api.example.com"
        let conversion = try HARConversion(Data(Self.recording.utf8), file: "session.har", options: options)
        let text = String(decoding: conversion.targets, as: UTF8.self)
        let targets = try loadTargets(text)
        let journey = try #require(targets.journeys.first)
        #expect(targets.journeys.count == 1 && journey.name == "recording")
        #expect(journey.steps.map(\.request.name) == ["POST /sign-in", "GET /items", "GET /items/{id}", "GET /items/{id} (2)"])
        #expect(journey.steps.map(\.think) == [.fixed(.milliseconds(200)), nil, .fixed(.seconds(1)), nil])
        // The secret header is dropped from the file, and its value is in no line either.
        #expect(!text.contains("tok-abc123"))
        #expect(
            conversion.carried.map { "\($0.step) \($0.place) \($0.source) \($0.variable)" } == [
                "1 the header Authorization 0 token", "1 the header X-Trace 0 x_request_id", "2 the URL 0 id",
            ])
        let lines = conversion.carried.map(\.line)
        #expect(lines.allSatisfy { !$0.contains("tok-abc123") && !$0.contains("req-77777") && !$0.contains("100042") })
        #expect(lines[0].contains(#""extract": {"token": {"json": "/token"}} to step 1 and write {{token}}"#))
        #expect(lines[1].contains(#"{"header": "X-Request-Id"}"#))
        #expect(conversion.summary.line(tool: "bench", output: "j.json").contains("wrote 4 steps of a journey to 'j.json'"))
    }

    @Test func aMixIsWrittenAsBeforeWithoutThinkTimesOrCarriedValues() throws {
        let conversion = try HARConversion(Data(Self.recording.utf8), file: "session.har", options: .init())
        let text = String(decoding: conversion.targets, as: UTF8.self)
        #expect(!text.contains("think") && !text.contains("journeys") && text.contains(#""version" : 1"#))
        #expect(conversion.carried.isEmpty)
        #expect(try loadTargets(text, baseURL: nil).requests.map(\.weight) == [1, 1, 2])
    }

    @Test func theCommandPointsOutCarriedValuesAndTakesTheFlagOnlyOnce() async throws {
        let directory = try targetsDirectory(["session.har": Self.recording])
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("journey.json").path
        let status = await testSuite.status(["har", directory.appendingPathComponent("session.har").path, "--out", out, "--journey"])
        #expect(status == 0)
        #expect(try loadTargets(String(contentsOfFile: out, encoding: .utf8), baseURL: nil).journeys.count == 1)
        #expect(await testSuite.status(["har", directory.appendingPathComponent("session.har").path, "--out", out, "--journey=yes"]) == 64)
    }
}
