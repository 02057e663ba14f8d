import CourierFixtures
import Foundation
import Testing

@testable import CourierJSON

/// The RFC 3339 reader behind `.iso8601`: what it accepts, and that it agrees with Foundation on
/// every date both accept.
struct ISO8601Tests {
    private func parse(_ text: String) -> Date? {
        Array(text.utf8).withUnsafeBufferPointer(ISO8601.date)
    }

    @Test(
        arguments: [
            ("1970-01-01T00:00:00Z", 0.0),
            ("2024-01-02T03:04:05Z", 1_704_164_645),
            ("2024-01-02t03:04:05z", 1_704_164_645),
            ("2024-01-02T03:04:05+05:30", 1_704_164_645 - 19_800),
            ("2024-01-02T03:04:05+0530", 1_704_164_645 - 19_800),
            ("2024-01-02T03:04:05-00:00", 1_704_164_645),
            ("2024-01-02T03:04:05-23:59", 1_704_164_645 + 86_340),
            ("2024-01-02T03:04:05.5Z", 1_704_164_645.5),
            ("2024-01-02T03:04:05.000000000000000000001Z", 1_704_164_645),
            ("2024-02-29T00:00:00Z", 1_709_164_800),
            ("2000-02-29T00:00:00Z", 951_782_400),
            ("1969-12-31T23:59:59Z", -1),
            ("0000-01-01T00:00:00Z", -62_167_219_200),
            ("9999-12-31T23:59:59Z", 253_402_300_799),
            ("2016-12-31T23:59:60Z", 1_483_228_800),
        ] as [(String, Double)])
    func accepted(text: String, secondsSince1970: Double) throws {
        let date = try #require(parse(text))
        #expect(abs(date.timeIntervalSince1970 - secondsSince1970) < 1e-6)
    }

    @Test(arguments: [
        "", "2024-01-02", "2024-01-02T03:04:05", "2024-01-02T03:04Z", "2024-01-02 03:04:05Z", "20240102T030405Z",
        "2024-1-02T03:04:05Z", "2024-01-02T03:04:05.Z", "2024-01-02T03:04:05,5Z", "2024-01-02T03:04:05+05",
        "2024-01-02T03:04:05+24:00", "2024-01-02T03:04:05+05:60", "2024-01-02T03:04:05GMT", "2024-01-02T03:04:05Z ",
        " 2024-01-02T03:04:05Z", "2024-13-02T03:04:05Z", "2024-00-02T03:04:05Z", "2024-01-00T03:04:05Z",
        "2024-01-32T03:04:05Z", "2023-02-29T03:04:05Z", "1900-02-29T03:04:05Z", "2024-04-31T03:04:05Z",
        "2024-01-02T24:00:00Z", "2024-01-02T03:60:00Z", "2024-01-02T03:04:61Z", "+2024-01-02T03:04:05Z",
        "12024-01-02T03:04:05Z", "2024-01-02T03:04:05ZZ", "2024-01-02T03:04:05+05:30:00", "２０２４-01-02T03:04:05Z",
    ])
    func rejected(text: String) {
        #expect(parse(text) == nil)
    }

    /// Random instants from 1583 to 9999, in random offsets: the same as Foundation's reading.
    @Test func agreesWithFoundationOnRandomTimestamps() async throws {
        var random = SplitMix64(seed: 0x150)
        let foundation = JSONDecoder()
        foundation.dateDecodingStrategy = .iso8601
        var texts: [String] = []
        for round in 0..<500 {
            await yieldPeriodically(round, every: 10)
            let seconds = Int.random(in: -12_212_553_600...253_402_300_799, using: &random)
            let offsetMinutes = [0, 60, -300, 330, 345, -720, 840].randomElement(using: &random) ?? 0
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = TimeZone(secondsFromGMT: offsetMinutes * 60)
            texts.append(formatter.string(from: Date(timeIntervalSince1970: Double(seconds))))
        }
        let expected = try foundation.decode([Date].self, from: JSONEncoder().encode(texts))
        for (text, expected) in zip(texts, expected) {
            #expect(parse(text) == expected, "\(text)")
        }
    }

    /// ISO 8601 counts every year in the Gregorian calendar, even before it existed; Foundation
    /// switches to the Julian calendar before 1582-10-15, ten days apart by then.
    @Test func datesBeforeTheGregorianReformAreProlepticGregorian() throws {
        let foundation = JSONDecoder()
        foundation.dateDecodingStrategy = .iso8601
        let text = "1582-10-04T00:00:00Z"
        let julian = try foundation.decode([Date].self, from: Data(#"["\#(text)"]"#.utf8))[0]
        #expect(try #require(parse(text)).timeIntervalSince(julian) == -10 * 86_400)
        #expect(parse("1582-10-15T00:00:00Z") == (try foundation.decode([Date].self, from: Data(#"["1582-10-15T00:00:00Z"]"#.utf8))[0]))
    }

    /// The writer's day arithmetic inverts the reader's: every day from 1583 to 2200 and every
    /// 97th from year -400 to 10400 map to a date and back.
    @Test(arguments: [(1583, 2200, 1), (-400, 10_400, 97)])
    func civilDatesAndDayCountsInvertEachOther(firstYear: Int, lastYear: Int, step: Int) {
        let first = ISO8601.daysSince1970(year: firstYear, month: 1, day: 1)
        let last = ISO8601.daysSince1970(year: lastYear, month: 12, day: 31)
        var previous: (year: Int, month: Int, day: Int)?
        for days in stride(from: first, through: last, by: step) {
            let date = ISO8601.civilDate(daysSince1970: days)
            if ISO8601.daysSince1970(year: date.year, month: date.month, day: date.day) != days {
                Issue.record("day \(days) gave \(date)")
                return
            }
            if step == 1, let previous { #expect(date.day == previous.day + 1 || date.day == 1) }
            previous = date
        }
    }
}
