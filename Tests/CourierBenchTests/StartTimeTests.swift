import Foundation
import Testing

@testable import CourierBench

/// `--start-at`: RFC 3339 or Unix seconds, strictly, never in the past, at most a day ahead.
@Suite struct StartTimeTests {
    private let now = Date(timeIntervalSince1970: 1_796_068_800)  // 2026-11-30T20:00:00Z

    private func parse(_ text: String) throws(UsageError) -> StartTime {
        try StartTime.parse(text, option: "start-at", now: now, usage: "usage")
    }

    @Test(arguments: [
        ("2026-11-30T20:00:30Z", 30.0),
        ("2026-11-30t20:00:30z", 30),
        ("2026-11-30T21:00:30+01:00", 30),
        ("2026-11-30T20:00:30.250Z", 30.25),
        ("1796068830", 30),
        ("1796068830.5", 30.5),
    ])
    func readsRFC3339AndUnixSeconds(text: String, secondsAhead: Double) throws {
        #expect(try parse(text).date.timeIntervalSince(now) == secondsAhead)
    }

    @Test(arguments: [
        "tomorrow", "2026-11-30", "2026-11-30T20:00:30", "2026-11-30 20:00:30Z", "+1796068830", "1796068830.", ".5", "1e10", "0x6B0E4F00",
        "",
    ])
    func refusesAnythingElse(text: String) {
        #expect(throws: UsageError.self) { try parse(text) }
        #expect((try? parse(text)) == nil)
    }

    @Test func refusesAPastTimeAndOneMoreThanADayAhead() {
        #expect(throws: UsageError.self) { try parse("1796068800") }
        #expect(throws: UsageError.self) { try parse("2026-11-30T19:59:59Z") }
        #expect(throws: UsageError.self) { try parse("1796155201") }
        #expect((try? parse("1796155200")) != nil)
        do {
            _ = try parse("1000")
        } catch {
            #expect(
                error.message
                    == "the start time '1000' for '--start-at' is already past (it is 2026-11-30T20:00:00.000Z now); a late start would break the shared schedule"
            )
        }
    }

    @Test func waitsUntilTheInstantAndRefusesOneAlreadyPast() async throws {
        let start = StartTime(date: Date().addingTimeInterval(0.2))
        try await start.wait(usage: "usage")
        #expect(Date() >= start.date)
        await #expect(throws: UsageError.self) { try await StartTime(date: Date().addingTimeInterval(-1)).wait(usage: "usage") }
    }
}
