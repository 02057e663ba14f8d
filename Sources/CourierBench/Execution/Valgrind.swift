import BenchmarkEngine
import Foundation

/// How `run --instructions` starts a worker under Callgrind: the executable found on `PATH`, and the
/// options that make the counts those of the measured operations alone.
struct Valgrind: Sendable, Equatable {
    /// The `valgrind` executable.
    let executable: URL

    /// The `valgrind` on `PATH`, or `nil`.
    static func locate(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> Valgrind? {
        for directory in (path ?? "").split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("valgrind")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return Valgrind(executable: candidate)
            }
        }
        return nil
    }

    /// Why instructions cannot be counted here, in one line, or `nil` when they can.
    static func unavailability(locating valgrind: Valgrind?) -> String? {
        guard InstructionCounter.isCompiledIn else { return "\(InstructionCountingError.notCompiledIn)" }
        guard valgrind != nil else {
            return "'--instructions' counts under valgrind, which is not on PATH (install it: 'make deps', or 'apt-get install valgrind')"
        }
        return nil
    }

    /// The file beside the dumps that Valgrind's own messages go to.
    static let logFile = "valgrind.log"

    /// Valgrind's arguments before the worker's own: Callgrind with instrumentation off until the
    /// worker's first client request, quiet, its dumps in `outputFile` and `.1`, `.2`…, its own
    /// messages in ``logFile`` beside them, and the cache simulation for estimated cycles, over
    /// caches of fixed sizes (32 KiB 8-way L1s, an 8 MiB 16-way last level) rather than this
    /// machine's, so that two machines' estimates compare. (Valgrind 3.19 still warns that it found
    /// this machine's L3 and "specified" it: it says so before it reads `--LL`, and the dumps' header
    /// shows the 8 MiB cache simulated. The log keeps that warning off the terminal.)
    func arguments(running worker: URL, outputFile: URL) -> [String] {
        [
            "--tool=callgrind", "--instr-atstart=no", "--collect-atstart=no", "-q", "--callgrind-out-file=\(outputFile.path)",
            "--log-file=\(outputFile.deletingLastPathComponent().appendingPathComponent(Self.logFile).path)",
            "--cache-sim=yes", "--I1=32768,8,64", "--D1=32768,8,64", "--LL=8388608,16,64", worker.path,
        ]
    }

    /// The worker's environment: this one, with Swift's hashing seeded the same in every process and
    /// jemalloc's time-driven purging off (after any settings of the user's, so that ours win), so
    /// that the same operations execute the same instructions from run to run. Under Valgrind an
    /// operation takes fifty times as long, and purges that a clock decides otherwise land inside it
    /// or not depending on the machine's load (list10k's decode moved by 0.12% between two runs).
    static func environment(_ base: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        let purging = "dirty_decay_ms:-1,muzzy_decay_ms:-1"
        let allocator = base["MALLOC_CONF"].map { "\($0),\(purging)" } ?? purging
        return base.merging(["SWIFT_DETERMINISTIC_HASHING": "1", "MALLOC_CONF": allocator]) { _, fixed in fixed }
    }
}
