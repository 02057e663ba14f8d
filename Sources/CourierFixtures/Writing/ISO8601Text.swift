import CourierJSON
import Foundation

/// A date written as `yyyy-MM-ddTHH:mm:ss` plus `Z` or a `±hh:mm` offset.
///
/// Formatted with integer arithmetic instead of `ISO8601DateFormatter` so the
/// text cannot vary with Foundation version or the machine's calendar settings.
struct ISO8601Text: JSONWritable {
    let date: Date
    let offsetMinutes: Int

    init(_ date: Date, offsetMinutes: Int) {
        self.date = date
        self.offsetMinutes = offsetMinutes
    }

    var text: String {
        // Fixture dates are whole seconds, so rounding loses nothing.
        let utcSeconds = Int(date.timeIntervalSince1970.rounded(.down))
        let local = utcSeconds + offsetMinutes * 60
        // Floor division, so instants before 1970 land on the previous day.
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let secondOfDay = local - days * 86_400
        let (year, month, day) = ISO8601.civilDate(daysSince1970: days)
        var result = "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))"
        result += "T\(Self.pad(secondOfDay / 3600, 2)):\(Self.pad(secondOfDay / 60 % 60, 2)):\(Self.pad(secondOfDay % 60, 2))"
        if offsetMinutes == 0 {
            result += "Z"
        } else {
            let sign = offsetMinutes < 0 ? "-" : "+"
            let magnitude = abs(offsetMinutes)
            result += "\(sign)\(Self.pad(magnitude / 60, 2)):\(Self.pad(magnitude % 60, 2))"
        }
        return result
    }

    func write(to writer: inout JSONWriter) {
        writer.writeString(text)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
