import Foundation

/// The event totals of one Callgrind output file (`callgrind.out.<n>`, one per dump).
///
/// The file names its events on an `events:` line (`Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw` with
/// `--cache-sim=yes`, `Ir` alone without) and their totals on the `summary:` line, falling back to
/// `totals:`; Callgrind leaves out trailing zeros, which read as 0.
struct CallgrindProfile: Equatable {
    /// Each event's total.
    let events: [String: UInt64]
    /// What made Callgrind write the file: `Client Request: <name>` for a dump the bench asked for.
    let trigger: String?

    /// Reads the text of a Callgrind output file.
    init(parsing text: String) throws(CallgrindProfileError) {
        var names: [String]?
        var summary: [UInt64]?
        var totals: [UInt64]?
        var trigger: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if let rest = Self.value(of: "events:", in: line) {
                names = rest.split(separator: " ").map(String.init)
            } else if let rest = Self.value(of: "summary:", in: line) {
                summary = try Self.numbers(rest)
            } else if let rest = Self.value(of: "totals:", in: line) {
                totals = try Self.numbers(rest)
            } else if let rest = Self.value(of: "desc: Trigger:", in: line) {
                trigger = rest
            }
        }
        guard let names, names.contains("Ir") else { throw .noEvents }
        guard let counts = summary ?? totals else { throw .noTotals }
        var events: [String: UInt64] = [:]
        for (index, name) in names.enumerated() {
            events[name] = index < counts.count ? counts[index] : 0
        }
        self.events = events
        self.trigger = trigger
    }

    /// Instructions executed.
    var instructions: UInt64 {
        events["Ir", default: 0]
    }

    /// Cycles by the model CodSpeed and iai-callgrind use: an L1 hit costs 1, a last-level hit 5 and
    /// a miss of both (RAM) 35; `nil` without the cache simulation's events.
    var estimatedCycles: UInt64? {
        let firstLevel = ["I1mr", "D1mr", "D1mw"]
        let lastLevel = ["ILmr", "DLmr", "DLmw"]
        guard (firstLevel + lastLevel + ["Dr", "Dw"]).allSatisfy({ events[$0] != nil }) else { return nil }
        let sum = { (names: [String]) in names.reduce(UInt64(0)) { $0 &+ events[$1, default: 0] } }
        let accesses = sum(["Ir", "Dr", "Dw"])
        let firstLevelMisses = sum(firstLevel)
        let ramHits = sum(lastLevel)
        let lastLevelHits = firstLevelMisses &- min(ramHits, firstLevelMisses)
        let firstLevelHits = accesses &- min(firstLevelMisses, accesses)
        return firstLevelHits &+ 5 &* lastLevelHits &+ 35 &* ramHits
    }

    private static func value(of key: String, in line: Substring) -> String? {
        line.hasPrefix(key) ? line.dropFirst(key.count).trimmingCharacters(in: .whitespaces) : nil
    }

    private static func numbers(_ text: String) throws(CallgrindProfileError) -> [UInt64] {
        var numbers: [UInt64] = []
        for field in text.split(separator: " ") {
            // Callgrind's totals wrap below zero when statistics are zeroed while another thread
            // collects: such a dump is no count at all.
            guard let number = UInt64(field), number < 1 << 62 else { throw .badNumber(String(field)) }
            numbers.append(number)
        }
        return numbers
    }
}

/// Why a Callgrind output file could not be read.
enum CallgrindProfileError: Error, Equatable, CustomStringConvertible {
    /// No `events:` line naming `Ir`.
    case noEvents
    /// No `summary:` or `totals:` line.
    case noTotals
    /// A total that is not a count.
    case badNumber(String)

    var description: String {
        switch self {
        case .noEvents: "no 'events:' line with Ir"
        case .noTotals: "no 'summary:' or 'totals:' line"
        case .badNumber(let field): "'\(field)' is not a count"
        }
    }
}
