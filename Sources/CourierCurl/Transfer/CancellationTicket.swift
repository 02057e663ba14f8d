#if COURIER_CURL
import Synchronization

/// The handle a cancelled task uses to reach its transfer: an id the reactor knows it by, and a flag
/// for the race where cancellation comes before the reactor has seen the transfer at all.
final class CancellationTicket: Sendable {
    /// The transfer's id, unique within its reactor.
    let id: UInt64
    private let cancelled = Atomic(false)

    init(id: UInt64) {
        self.id = id
    }

    /// Whether the calling task asked to stop.
    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Marks the transfer cancelled; the reactor checks this when the transfer arrives.
    func cancel() {
        cancelled.store(true, ordering: .releasing)
    }
}
#endif
