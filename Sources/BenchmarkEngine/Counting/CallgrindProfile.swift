import Foundation

/// The event totals of one Callgrind output file (`callgrind.out.<n>`, one per dump), less what the
/// Swift runtime spent probing its own hash tables.
///
/// The file names its events on an `events:` line (`Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw` with
/// `--cache-sim=yes`, `Ir` alone without) and their totals on the `summary:` line, falling back to
/// `totals:`; Callgrind leaves out trailing zeros, which read as 0.
///
/// The runtime finds generic metadata and conformances in hash tables keyed by the addresses of type
/// descriptors, so how long each lookup probes follows where the linker and loader put them, not
/// the code being measured: Foundation's `JSONDecoder` decoding the same bytes twice in one process
/// executed 4.3 M more instructions (5.5%) in one place than in the other, every one of them in
/// those probes. Their self cost, read from the functions' cost lines, is taken out of every event;
/// the lookups themselves (fetching the cache, building the key, instantiating) still count, so
/// code that looks up more metadata still counts more. What is left moves by about 0.1% with the
/// layout (a library preloaded before the executable, for example).
struct CallgrindProfile: Equatable {
    /// Each event's total, less the runtime's hash-table probes.
    let events: [String: UInt64]
    /// What the runtime's hash-table probes cost, per event, taken out of ``events``.
    let runtimeProbes: [String: UInt64]
    /// What made Callgrind write the file: `Client Request: <name>` for a dump the bench asked for.
    let trigger: String?

    /// Reads the text of a Callgrind output file.
    init(parsing text: String) throws(CallgrindProfileError) {
        var names: [String]?
        var summary: [UInt64]?
        var totals: [UInt64]?
        var trigger: String?
        var probes = ProbeCost()
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if let rest = Self.value(of: "events:", in: line) {
                names = rest.split(separator: " ").map(String.init)
            } else if let rest = Self.value(of: "summary:", in: line) {
                summary = try Self.numbers(rest)
            } else if let rest = Self.value(of: "totals:", in: line) {
                totals = try Self.numbers(rest)
            } else if let rest = Self.value(of: "desc: Trigger:", in: line) {
                trigger = rest
            } else {
                probes.read(line)
            }
        }
        guard let names, names.contains("Ir") else { throw .noEvents }
        guard let counts = summary ?? totals else { throw .noTotals }
        var events: [String: UInt64] = [:]
        var runtimeProbes: [String: UInt64] = [:]
        for (index, name) in names.enumerated() {
            let total = index < counts.count ? counts[index] : 0
            let probed = min(total, index < probes.costs.count ? probes.costs[index] : 0)
            events[name] = total - probed
            runtimeProbes[name] = probed
        }
        self.events = events
        self.runtimeProbes = runtimeProbes
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

/// The self cost of the runtime's hash-table probes, summed from a dump's cost lines as they are read.
///
/// A function's cost lines follow its `fn=` line, each a position then the events' counts; the line
/// after a `calls=` line is the call's inclusive cost, which belongs to the callee's own lines, not
/// the caller's. Names are compressed: the first `fn=(id) name` or `cfn=(id) name` names the id.
private struct ProbeCost {
    /// The summed counts, in the order of the `events:` line.
    private(set) var costs: [UInt64] = []
    private var probing: [Substring: Bool] = [:]
    private var positions = 1
    private var inProbe = false
    private var followsCall = false

    mutating func read(_ line: Substring) {
        guard let first = line.first else { return }
        if first.isNumber || first == "+" || first == "-" || first == "*" {
            if followsCall {
                followsCall = false
            } else if inProbe {
                add(line.split(separator: " ").dropFirst(positions))
            }
        } else if line.hasPrefix("fn=") {
            inProbe = name(line.dropFirst(3))
        } else if line.hasPrefix("cfn=") {
            _ = name(line.dropFirst(4))
        } else if line.hasPrefix("calls=") {
            followsCall = true
        } else if line.hasPrefix("positions:") {
            positions = max(1, line.split(separator: " ").count - 1)
        }
    }

    /// Whether the function `reference` (`(id) name` or `(id)`) is a probe, naming the id when the
    /// name is given.
    private mutating func name(_ reference: Substring) -> Bool {
        guard reference.first == "(", let close = reference.firstIndex(of: ")") else { return Self.isProbe(reference) }
        let id = reference[...close]
        let name = reference[close...].dropFirst().drop { $0 == " " }
        if !name.isEmpty { probing[id] = Self.isProbe(name) }
        return probing[id] ?? false
    }

    /// The runtime's concurrent hash maps' `find` (generic metadata, tuples, conformances) and the
    /// metadata key comparisons each probe makes.
    private static func isProbe(_ name: Substring) -> Bool {
        name.contains("swift::MetadataCacheKey::") || (name.contains("swift::ConcurrentReadableHashMap<") && name.contains("::find<"))
    }

    private mutating func add(_ fields: ArraySlice<Substring>) {
        for (index, field) in fields.enumerated() {
            guard let count = UInt64(field) else { return }
            if index == costs.count { costs.append(0) }
            costs[index] &+= count
        }
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
