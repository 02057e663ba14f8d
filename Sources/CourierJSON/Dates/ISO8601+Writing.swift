import Foundation

extension ISO8601 {
    /// Seconds from 2001-01-01 to 1583-01-01 and to 10000-01-01 (UTC): the years written by hand.
    ///
    /// Foundation's `.iso8601` counts days in the Julian calendar before 1582-10-15, writes years
    /// past 9999 with more digits and clamps far-off dates; dates outside these years are left to
    /// it.
    private static let handWritten =
        Double(
            daysSince1970(year: 1583, month: 1, day: 1) * 86_400 - Int(referenceDateOffset))..<Double(
            daysSince1970(year: 10_000, month: 1, day: 1) * 86_400 - Int(referenceDateOffset))

    /// Appends `date` as a JSON string the way Foundation's `JSONEncoder` writes `.iso8601` dates:
    /// `"2024-05-01T09:30:00Z"`, in UTC, the fraction of a second dropped (rounded down).
    static func appendString(_ date: Date, escapingSlashes: Bool, to text: inout GrowableBuffer<UInt8>) {
        let interval = date.timeIntervalSinceReferenceDate
        guard handWritten.contains(interval) else {
            StringEscaper.append(date.formatted(.iso8601), escapingSlashes: escapingSlashes, to: &text)
            return
        }
        // Rounded down before the offset is added, as Foundation does: adding first could round a
        // time just before a second up to it.
        let seconds = Int(interval.rounded(.down)) + Int(referenceDateOffset)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSince1970: days)
        let output = text.reserve(22)
        var position = 0
        func put(_ value: Int, digits: Int, then separator: UInt8) {
            var rest = value
            for offset in (0..<digits).reversed() {
                output[position + offset] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            output[position + digits] = separator
            position += digits + 1
        }
        output[0] = UInt8(ascii: "\"")
        position = 1
        put(year, digits: 4, then: UInt8(ascii: "-"))
        put(month, digits: 2, then: UInt8(ascii: "-"))
        put(day, digits: 2, then: UInt8(ascii: "T"))
        put(secondOfDay / 3600, digits: 2, then: UInt8(ascii: ":"))
        put(secondOfDay / 60 % 60, digits: 2, then: UInt8(ascii: ":"))
        put(secondOfDay % 60, digits: 2, then: UInt8(ascii: "Z"))
        output[position] = UInt8(ascii: "\"")
        text.count += position + 1
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    /// The fixtures write their dates with it too.
    package static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
