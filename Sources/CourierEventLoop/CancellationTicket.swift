import Synchronization

/// The handle a cancelled task uses to reach its request on a loop: an id the loop's driver knows it
/// by, and a flag for the race where cancellation comes before the loop has seen the request at all.
package final class CancellationTicket: Sendable {
    /// The request's id, unique within its loop.
    package let id: UInt64
    private let cancelled = Atomic(false)

    package init(id: UInt64) {
        self.id = id
    }

    /// Whether the calling task asked to stop.
    package var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Marks the request cancelled; the driver checks this when the request arrives.
    package func cancel() {
        cancelled.store(true, ordering: .releasing)
    }
}
