/// Where ``LogEvent``s go: your logging system, a test's recorder, or ``PrintLogSink``.
///
/// Called on whatever task the event happens on, so it must be quick and thread-safe.
public protocol LogSink: Sendable {
    /// Takes one event, already redacted.
    func log(_ event: LogEvent)
}
