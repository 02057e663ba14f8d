/// Where ``LogEvent``s go: your logging system, a test's recorder, or ``PrintLogSink``.
///
/// Called on whatever task the event happens on, so it must be quick and thread-safe.
public protocol LogSink: Sendable {
    /// Takes one event, already redacted.
    func log(_ event: LogEvent)
}

/// A sink that writes one line per event:
/// `response GET https://api.example.com/movies?token=REDACTED 200 1024 bytes 12 ms [Authorization: REDACTED]`.
public struct PrintLogSink: LogSink {
    private let write: @Sendable (String) -> Void

    /// A sink that hands each line to `write`, `print` unless told otherwise.
    public init(write: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.write = write
    }

    /// Writes the event as one line.
    public func log(_ event: LogEvent) {
        write(Self.line(for: event))
    }

    /// The line written for `event`.
    public static func line(for event: LogEvent) -> String {
        var parts: [String]
        switch event.kind {
        case .requestSent: parts = ["request"]
        case .responseReceived(let status, let bytes, let duration):
            parts = ["response", "\(status)", "\(bytes) bytes", "\(milliseconds(duration)) ms"]
        case .retryScheduled(let attempt, let delay, let reason):
            parts = ["retry", "attempt \(attempt)", "in \(milliseconds(delay)) ms", "after \(reason)"]
        case .refreshStarted: parts = ["refresh started"]
        case .refreshFinished(let succeeded): parts = [succeeded ? "refresh succeeded" : "refresh failed"]
        case .failed(let reason): parts = ["failed", reason]
        }
        if let method = event.method, let url = event.url { parts.insert(contentsOf: [method, url], at: 1) }
        let headers = Array(event.requestHeaders) + Array(event.responseHeaders)
        if !headers.isEmpty {
            parts.append("[" + headers.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "]")
        }
        return parts.joined(separator: " ")
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}
