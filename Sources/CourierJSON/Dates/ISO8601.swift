import Foundation

/// Reads RFC 3339 timestamps (the internet profile of ISO 8601) without a formatter, and writes
/// them as Foundation's encoder does (see `ISO8601+Writing.swift`).
///
/// `yyyy-MM-ddTHH:mm:ss`, an optional fraction of a second (`.` and one or more digits), then `Z`
/// or an offset `±HH:MM` (or `±HHMM`). `T` and `Z` may be lowercase, as RFC 3339 allows. Every
/// field is checked: the day must exist in its month (leap years counted), hours run to 23, minutes
/// to 59, seconds to 60 (a leap second, which lands on the next second as in POSIX time), offsets
/// to ±23:59. Anything else, spaces included, is not a date.
package enum ISO8601 {
    /// Seconds from 1970 to 2001-01-01, `Date`'s reference date.
    static let referenceDateOffset: Int64 = 978_307_200

    /// The instant `text` spells, or `nil` if it is not an RFC 3339 timestamp.
    static func date(_ text: UnsafeBufferPointer<UInt8>) -> Date? {
        var reader = FieldReader(text: text)
        guard let year = reader.number(digits: 4), reader.skip("-"),
            let month = reader.number(digits: 2), reader.skip("-"),
            let day = reader.number(digits: 2), reader.skipEither("T", "t"),
            let hour = reader.number(digits: 2), reader.skip(":"),
            let minute = reader.number(digits: 2), reader.skip(":"),
            let second = reader.number(digits: 2),
            (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour <= 23, minute <= 59, second <= 60
        else { return nil }
        var fraction = 0.0
        if reader.skip(".") {
            guard let value = reader.fraction() else { return nil }
            fraction = value
        }
        guard let offsetSeconds = reader.offset(), reader.isAtEnd else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetSeconds)
        // Counted from the reference date so the whole seconds stay exact before the fraction is added.
        return Date(timeIntervalSinceReferenceDate: Double(seconds - referenceDateOffset) + fraction)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year.isMultiple(of: 4) && (!year.isMultiple(of: 100) || year.isMultiple(of: 400)) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Reads the fields of a timestamp left to right.
    private struct FieldReader {
        let text: UnsafeBufferPointer<UInt8>
        var position = 0

        var isAtEnd: Bool { position == text.count }

        /// Exactly `digits` decimal digits as a number.
        mutating func number(digits: Int) -> Int? {
            guard position + digits <= text.count else { return nil }
            var value = 0
            for _ in 0..<digits {
                let digit = text[position] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
                position += 1
            }
            return value
        }

        /// Consumes `character` if it comes next.
        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard position < text.count, text[position] == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }

        mutating func skipEither(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
            skip(first) || skip(second)
        }

        /// One or more digits after the point, as a fraction of a second. Digits past the 17th
        /// cannot change a `Double`'s value here; they are checked and skipped.
        mutating func fraction() -> Double? {
            var numerator: UInt64 = 0
            var denominator: UInt64 = 1
            let start = position
            while position < text.count, text[position] &- UInt8(ascii: "0") < 10 {
                if denominator < 100_000_000_000_000_000 {
                    numerator = numerator * 10 + UInt64(text[position] &- UInt8(ascii: "0"))
                    denominator *= 10
                }
                position += 1
            }
            return position > start ? Double(numerator) / Double(denominator) : nil
        }

        /// `Z`, `z`, `±HH:MM` or `±HHMM`, as seconds east of UTC.
        mutating func offset() -> Int? {
            if skipEither("Z", "z") { return 0 }
            let sign: Int
            if skip("+") {
                sign = 1
            } else if skip("-") {
                sign = -1
            } else {
                return nil
            }
            guard let hours = number(digits: 2) else { return nil }
            _ = skip(":")
            guard let minutes = number(digits: 2), hours <= 23, minutes <= 59 else { return nil }
            return sign * (hours * 3600 + minutes * 60)
        }
    }
}
