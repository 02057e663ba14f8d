import BenchmarkEngine
import Foundation

/// The wall-clock instant a run is to start at (`--start-at`), so that shards on several machines
/// begin one schedule together.
struct StartTime: Equatable {
    /// The instant.
    let date: Date

    /// How far ahead a start may be: further is more likely a typo than a plan.
    static let furthestAhead: TimeInterval = 86_400

    /// The instant `text` names — RFC 3339 with a zone (`2026-11-30T20:00:00Z`, fractions of a second
    /// allowed) or Unix seconds (`1796068800`, `1796068800.5`) — no earlier than `now` and at most a
    /// day after it; or a usage error naming `--<option>`.
    static func parse(_ text: String, option: String, now: Date, usage: String) throws(UsageError) -> StartTime {
        guard let date = unixSeconds(text) ?? internetTime(text) else {
            throw UsageError(
                message:
                    "invalid value '\(text)' for '--\(option)' (expected an RFC 3339 time such as 2026-11-30T20:00:00Z, or Unix seconds)",
                usage: usage
            )
        }
        guard date > now else {
            throw UsageError(
                message:
                    "the start time '\(text)' for '--\(option)' is already past (it is \(Self.text(of: now)) now); a late start would break the shared schedule",
                usage: usage)
        }
        guard date.timeIntervalSince(now) <= furthestAhead else {
            throw UsageError(message: "the start time '\(text)' for '--\(option)' is more than 24 h ahead", usage: usage)
        }
        return StartTime(date: date)
    }

    /// The instant as RFC 3339 in UTC, to the millisecond.
    var rfc3339: String {
        Self.text(of: date)
    }

    /// Waits until the instant; throws a usage error (with `usage`) if it has already passed, since a
    /// run that started late would not keep the schedule the other shards keep.
    func wait(usage: String) async throws {
        var remaining = date.timeIntervalSinceNow
        guard remaining > 0 else {
            throw UsageError(message: "the start time \(rfc3339) passed before the run could begin", usage: usage)
        }
        // Task.sleep counts on a clock that does not follow the wall clock's corrections, so a long
        // wait is done in steps, each re-reading the wall clock, the last a short one.
        while remaining > 0 {
            try await Task.sleep(nanoseconds: UInt64(min(remaining, 1) * 1e9))
            remaining = date.timeIntervalSinceNow
        }
    }

    private static func unixSeconds(_ text: String) -> Date? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            parts[0].count <= 12, let seconds = Double(text)
        else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    private static func internetTime(_ text: String) -> Date? {
        // RFC 3339 wants the date, the 'T' and a zone; ISO 8601's parser would also take less.
        guard text.count >= 20, text.dropFirst(10).first == "T" || text.dropFirst(10).first == "t" else { return nil }
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds]] {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = options
            if let date = formatter.date(from: text.uppercased()) { return date }
        }
        return nil
    }

    private static func text(of date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
