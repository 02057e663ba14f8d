import Foundation

/// HTTP-dates (RFC 9110 §5.6.7): the IMF-fixdate form servers send, and the two obsolete forms
/// recipients must still accept.
enum HTTPDate {
    private static let formats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz",   // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
        "EEEE, dd-MMM-yy HH:mm:ss zzz",    // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
        "EEE MMM d HH:mm:ss yyyy",         // asctime: Sun Nov  6 08:49:37 1994
    ]

    /// The date `text` names, or `nil`.
    static func parse(_ text: String) -> Date? {
        // DateFormatter is not Sendable and cheap enough per call at retry and cache rates.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        let collapsed = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        for format in formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: collapsed) { return date }
        }
        return nil
    }
}
