import BenchmarkEngine
import Courier
import CourierBench
import CourierJSON
import Foundation
import Synchronization
import Testing

@Suite struct DecodeScenarioTests {
    @Test func measuresTheClientBesideJSONDecoderAloneAndCountsTheArray() async throws {
        let results = try await measure(
            .decode("decode/tickets", as: [Ticket].self, from: .bytes(ticketsJSON), decoder: JSONDecoder.tickets))
        #expect(results.map(\.name) == ["decode/tickets", "decode/tickets (baseline: JSONDecoder)"])
        #expect(results.allSatisfy { $0.payloadBytesPerOperation == ticketsJSON.count && $0.objectsPerOperation == 3 })
        #expect(results[0].comparison?.baseline == "decode/tickets (baseline: JSONDecoder)")
        #expect(results[0].comparison?.timeIsJudged == true, "a user's model runs on both sides: its time is judged by default")
        #expect(results[0].nanosecondsPerOperation != nil)
        #expect((results[0].mallocsPerOperation == nil) == (AllocationCounter.shared == nil), "null without jemalloc, never 0")
    }

    @Test func theRatioAloneWhenAskedAndObjectsAsCounted() async throws {
        let one = Data(#"{"id":7,"title":"One","opened_at":"2026-01-02T03:04:05Z"}"#.utf8)
        let results = try await measure(
            .decode("decode/one", as: Ticket.self, from: .bytes(one), decoder: JSONDecoder.tickets, judgedBy: .ratio))
        #expect(results[0].comparison?.timeIsJudged == nil)
        #expect(results[0].objectsPerOperation == nil, "a single object is not a collection")
        let counted = try await measure(
            .decode("decode/one", as: Ticket.self, from: .bytes(one), decoder: JSONDecoder.tickets, objects: { _ in 5 }))
        #expect(counted[0].objectsPerOperation == 5)
    }

    /// A client that decodes with CourierJSONDecoder, its JSONDecoder baseline given, and another
    /// decoder measured alone beside it: one row each, every one compared with the baseline.
    @Test func otherDecodersGetRowsOfTheirOwnComparedWithTheBaseline() async throws {
        let courier = CourierJSONDecoder(keyDecodingStrategy: .convertFromSnakeCase, dateDecodingStrategy: .iso8601)
        let results = try await measure(
            .decode(
                "decode/tickets", as: [Ticket].self, from: .bytes(ticketsJSON), decoder: courier, baseline: JSONDecoder.tickets,
                alongside: [NamedDecoder("Foundation alone", JSONDecoder.tickets)]
            ))
        #expect(results.map(\.name) == ["decode/tickets", "decode/tickets (Foundation alone)", "decode/tickets (baseline: JSONDecoder)"])
        #expect(results.dropLast().allSatisfy { $0.comparison?.baseline == "decode/tickets (baseline: JSONDecoder)" })
        #expect(results.last?.comparison == nil)
    }

    @Test func aPayloadThatDoesNotFitTheModelFailsWithTheDecodersReasonInOneLine() async {
        let missingTitle = Data(#"[{"id":1,"opened_at":"2026-01-02T03:04:05Z"}]"#.utf8)
        await #expect {
            _ = try await measure(
                .decode("decode/bad", as: [Ticket].self, from: .bytes(missingTitle, label: "bad.json"), decoder: JSONDecoder.tickets))
        } throws: { error in
            "\(error)" == "bad.json does not decode as Array<Ticket>: no key 'title' at [0]"
        }
        await #expect {
            _ = try await measure(.decode("decode/bad", as: [Ticket].self, from: .bytes(Data("[1,".utf8), label: "cut.json")))
        } throws: { error in
            "\(error)".hasPrefix("cut.json does not decode as Array<Ticket>: ") && !"\(error)".contains("\n")
        }
    }

    @Test func theBaselineIsFoundationsDecoderWithYourStrategies() async throws {
        // A subclass of yours counts as overhead: the partner is a plain JSONDecoder configured alike.
        final class Counting: JSONDecoder, @unchecked Sendable {
            // @unchecked restates JSONDecoder's own conformance; the one stored property is atomic.
            let calls = Atomic<Int>(0)
            override func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
                calls.add(1, ordering: .relaxed)
                return try super.decode(type, from: data)
            }
        }
        let decoder = Counting()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        let results = try await measure(.decode("decode/sub", as: [Ticket].self, from: .bytes(ticketsJSON), decoder: decoder))
        #expect(results.count == 2)
        let calls = decoder.calls.load(ordering: .relaxed)
        #expect(calls == results[0].operations + results[0].warmupOperations + allocationPasses(results[0]))
    }

    /// The two batches run after the timed ones to count allocations.
    private func allocationPasses(_ result: ScenarioResult) -> Int {
        guard result.mallocsPerOperation != nil, let time = result.nanosecondsPerOperation, time.count > 0 else { return 0 }
        return 2 * result.operations / time.count
    }
}
