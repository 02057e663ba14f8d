import Foundation

/// The wait a `Retry-After` header asks for, in either of its forms (RFC 9110 §10.2.3).
enum RetryAfter {
    /// The wait `value` asks for, measured from `now`: delay-seconds (`120`) or an HTTP-date
    /// (`Wed, 21 Oct 2015 07:28:00 GMT`); a date in the past asks for none. `nil` when unparsable.
    static func delay(_ value: String, now: Date) -> Duration? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed) {
            return seconds >= 0 ? .seconds(seconds) : nil
        }
        guard let date = HTTPDate.parse(trimmed) else { return nil }
        return .seconds(max(0, date.timeIntervalSince(now)))
    }
}
