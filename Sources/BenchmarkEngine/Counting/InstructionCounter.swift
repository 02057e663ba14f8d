import Foundation

#if COURIER_VALGRIND
import CValgrind
#endif

/// Counts what a measured region executes, in a process that runs under
/// `valgrind --tool=callgrind --instr-atstart=no` (`bench run --instructions` starts its workers so).
///
/// One operation runs first without instrumentation (its first-call costs, such as lazily made type
/// metadata, stay out at Valgrind's uninstrumented speed). Instrumentation is then switched on for a
/// warm-up of one operation, which warms the simulated caches and whose count sizes the batch; the
/// statistics are zeroed, the counted batch runs, and Callgrind is asked to dump the statistics
/// under a name of ours; each dump's file is read and removed, and instrumentation goes off again,
/// so that the allocation passes and the report cost no simulated time. An operation so long that
/// counting it twice would double the run (``countedOnce``) is counted once: its warm-up is the
/// figure, and the cold caches it starts with are a small part of its own traffic. Counts are
/// deterministic when the operation is: the batch size follows from a count, not a clock, and the
/// worker runs with `SWIFT_DETERMINISTIC_HASHING=1`.
public struct InstructionCounter: Sendable {
    /// The file Callgrind was given as `--callgrind-out-file`; its dumps are this path and `.1`, `.2`….
    public let outputFile: URL
    /// About how many instructions a counted batch executes: enough that the batch's fixed cost (one
    /// call, one `await`) is a small part of it, few enough that a heavy operation is counted once.
    public let instructionsPerBatch: Double

    /// The most operations a counted batch runs.
    static let maximumBatch = 64

    /// How many batches' worth of instructions one operation executes at least to be counted once.
    static let countedOnce = 8.0

    /// Whether this build can make Callgrind's client requests: it was built on Linux with the
    /// package's `Valgrind` trait.
    public static var isCompiledIn: Bool {
        #if COURIER_VALGRIND
        true
        #else
        false
        #endif
    }

    /// Whether this process runs under Valgrind.
    public static var isRunningUnderValgrind: Bool {
        #if COURIER_VALGRIND
        courier_running_on_valgrind() > 0
        #else
        false
        #endif
    }

    /// A counter reading Callgrind's dumps of `outputFile`; `--quick` counts smaller batches, since
    /// counts need no repetition to be exact.
    public init(outputFile: URL, isQuick: Bool) throws(InstructionCountingError) {
        guard Self.isCompiledIn else { throw .notCompiledIn }
        guard Self.isRunningUnderValgrind else { throw .notUnderValgrind }
        self.outputFile = outputFile
        instructionsPerBatch = isQuick ? 2_000_000 : 20_000_000
    }

    /// The batch size for an operation that executed `instructions` once: the largest power of two
    /// within `budget` instructions, from 1 to ``maximumBatch``. A power of two, so that the few
    /// instructions two runs' warm-ups may differ by cannot change it unless they straddle a boundary.
    static func batch(forOperationOf instructions: UInt64, within budget: Double) -> Int {
        var batch = 1
        while batch < maximumBatch, Double(batch * 2) * Double(max(instructions, 1)) <= budget {
            batch *= 2
        }
        return batch
    }

    /// Runs `body` once uninstrumented and once counted, to warm it up and size the batch by what
    /// that one operation executed, then counts one batch and returns its totals and size; an
    /// operation past ``countedOnce`` batches returns its warm-up's count as a batch of one.
    func count(_ label: String, _ body: (_ iterations: Int) async throws -> Void) async throws -> (
        profile: CallgrindProfile, operations: Int
    ) {
        #if COURIER_VALGRIND
        try await body(1)
        courier_callgrind_start_instrumentation()
        defer { courier_callgrind_stop_instrumentation() }
        let warmup = try await collect("\(label) (warm-up)") { try await body(1) }
        if Double(warmup.instructions) >= instructionsPerBatch * Self.countedOnce {
            return (warmup, 1)
        }
        let operations = Self.batch(forOperationOf: warmup.instructions, within: instructionsPerBatch)
        return (try await collect(label) { try await body(operations) }, operations)
        #else
        throw InstructionCountingError.notCompiledIn
        #endif
    }

    #if COURIER_VALGRIND
    /// The totals of `region` alone on this thread: Callgrind collects on the thread that toggles
    /// it (`--collect-atstart=no` keeps every other off), so what idle pool threads or jemalloc's
    /// time-driven purging elsewhere execute stays out.
    private func collect(_ label: String, _ region: () async throws -> Void) async throws -> CallgrindProfile {
        let thread = Platform.currentThreadID()
        courier_callgrind_zero_stats()
        courier_callgrind_toggle_collect()
        try await region()
        courier_callgrind_toggle_collect()
        // Resumed elsewhere, the region was counted on this thread only until it suspended, and
        // collection is now left on for the rest of the other thread's life: no figure is better.
        guard Platform.currentThreadID() == thread else { throw InstructionCountingError.suspended(label) }
        label.withCString { courier_callgrind_dump_stats_at($0) }
        return try readDump(named: label)
    }
    #endif

    /// The dump whose trigger is `label`; every dump file read is removed, so the directory never
    /// holds one counted twice.
    private func readDump(named label: String) throws(InstructionCountingError) -> CallgrindProfile {
        let directory = outputFile.deletingLastPathComponent()
        let prefix = outputFile.lastPathComponent + "."
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var found: CallgrindProfile?
        for file in files where file.hasPrefix(prefix) {
            let path = directory.appendingPathComponent(file).path
            defer { try? FileManager.default.removeItem(atPath: path) }
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            do {
                let profile = try CallgrindProfile(parsing: String(decoding: data, as: UTF8.self))
                if profile.trigger == "Client Request: \(label)" { found = profile }
            } catch {
                throw .unreadableDump(file, "\(error)")
            }
        }
        guard let found else { throw .noDump(label) }
        return found
    }
}

/// Why instructions could not be counted.
public enum InstructionCountingError: Error, Equatable, CustomStringConvertible {
    /// This build has no client requests: it was built without the `Valgrind` trait, or not on Linux.
    case notCompiledIn
    /// Counting was asked for in a process Valgrind does not run.
    case notUnderValgrind
    /// The counted operation suspended and resumed on another thread, so it was counted in part.
    case suspended(String)
    /// Callgrind wrote no dump for the region of this name.
    case noDump(String)
    /// A dump file that is not Callgrind's format: its name and why.
    case unreadableDump(String, String)

    /// One line for the console.
    public var description: String {
        switch self {
        case .notCompiledIn:
            "this build cannot count instructions: it was built without the Valgrind trait (on Linux, build with the default traits, or add --traits Valgrind)"
        case .notUnderValgrind: "instructions are counted only in a process running under valgrind --tool=callgrind"
        case .suspended(let label):
            "'\(label)' suspended and resumed on another thread: only operations that run without suspending can be counted"
        case .noDump(let label): "callgrind wrote no statistics for '\(label)'"
        case .unreadableDump(let file, let reason): "callgrind's output \(file) is unreadable: \(reason)"
        }
    }
}
