#if COURIER_CURL
/// Requests waiting for a connection slot, first come first served per origin.
///
/// The transport caps requests in flight itself instead of letting libcurl queue them, because
/// libcurl starts a request's timeout when the request is added: time spent waiting behind our own
/// cap would count against it.
struct AdmissionQueue {
    private var entries: [Submission?] = []
    private var head = 0

    var isEmpty: Bool { head == entries.count }

    mutating func append(_ submission: Submission) {
        entries.append(submission)
    }

    /// Removes and returns the oldest submission `admissible` accepts.
    mutating func removeFirst(where admissible: (Submission) -> Bool) -> Submission? {
        for index in head..<entries.count {
            guard let submission = entries[index], admissible(submission) else { continue }
            entries[index] = nil
            compact()
            return submission
        }
        return nil
    }

    /// Removes and returns the submission with this id, if it is waiting.
    mutating func remove(id: UInt64) -> Submission? {
        guard let index = entries[head...].firstIndex(where: { $0?.ticket.id == id }) else { return nil }
        defer {
            entries[index] = nil
            compact()
        }
        return entries[index]
    }

    /// Removes and returns everything, oldest first.
    mutating func removeAll() -> [Submission] {
        defer {
            entries.removeAll()
            head = 0
        }
        return entries[head...].compactMap { $0 }
    }

    private mutating func compact() {
        while head < entries.count, entries[head] == nil { head += 1 }
        if head == entries.count {
            entries.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 1024, head * 2 > entries.count {
            entries.removeFirst(head)
            head = 0
        }
    }
}
#endif
