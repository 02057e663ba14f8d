import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The sessions Courier sends through in place of sessions that came without a delegate
/// (`URLSession.shared`, `URLSession(configuration:)`): one per such session, made from its
/// configuration (so its protocol classes, timeouts, cookies and cache are kept) with a
/// ``SessionDelegate``.
///
/// One per session, not one per client: a client is a value made freely, while a session holds
/// connections. A made session lives as long as the session it stands for: each transport keeps that
/// one alive, and once nothing does, the made session is invalidated (after its tasks finish) the
/// next time a session is looked up.
final class DelegatedSessions: Sendable {
    /// The process's registry.
    static let shared = DelegatedSessions()

    private struct Entry {
        weak var source: URLSession?
        let session: URLSession
        let delegate: SessionDelegate
    }

    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    /// The session with Courier's delegate that stands for `source`, made on first use.
    func session(for source: URLSession) -> (session: URLSession, delegate: SessionDelegate) {
        let (made, released) = entries.withLock { entries -> (Entry, [Entry]) in
            // Entries whose session is gone go first: their identifiers may be reused by new sessions.
            let released = entries.values.filter { $0.source == nil }
            entries = entries.filter { $0.value.source != nil }
            if let entry = entries[ObjectIdentifier(source)] {
                return (entry, released)
            }
            let delegate = SessionDelegate()
            let entry = Entry(
                source: source, session: URLSession(configuration: source.configuration, delegate: delegate, delegateQueue: nil),
                delegate: delegate)
            entries[ObjectIdentifier(source)] = entry
            return (entry, released)
        }
        for entry in released { entry.session.finishTasksAndInvalidate() }
        return (made.session, made.delegate)
    }

    /// The sessions made and still held: one per session they stand for that was alive at the last
    /// lookup.
    var count: Int {
        entries.withLock { $0.count }
    }
}
