import CourierSystem
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every call into the operating system the engine makes, in one place.
public enum Platform {
    /// The calling thread's identity, to tell whether a task resumed on another thread.
    public static func currentThreadID() -> UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }

    /// Nanoseconds on a monotonic clock that is not slewed by NTP, for measuring intervals.
    @inline(__always)
    public static func monotonicNanoseconds() -> UInt64 {
        Posix.monotonicNanoseconds()
    }

    /// Microseconds since the Unix epoch on the wall clock, for stamping when a run started.
    public static func unixMicroseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) &* 1_000_000 &+ Int64(spec.tv_nsec) / 1_000
    }

    /// CPU time, user and system, this process has used so far, in nanoseconds.
    public static func processCPUNanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    /// How long each of this process's threads has run on a CPU and waited for one while runnable,
    /// in nanoseconds, by thread ID (Linux's `/proc/self/task/*/schedstat`); empty where the system
    /// does not say. A thread that waits a large share of its runnable time is starved of CPUs by
    /// whatever else the machine runs.
    public static func threadSchedulerTimes() -> [Int: SchedulerTimes] {
        #if os(Linux)
        guard let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") else { return [:] }
        var times: [Int: SchedulerTimes] = [:]
        for thread in threads {
            guard let id = Int(thread), let text = try? String(contentsOfFile: "/proc/self/task/\(thread)/schedstat", encoding: .utf8)
            else { continue }
            let fields = text.split(separator: " ").compactMap { UInt64($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if fields.count >= 2 { times[id] = SchedulerTimes(running: fields[0], waiting: fields[1]) }
        }
        return times
        #else
        return [:]
        #endif
    }

    /// The machine's CPU time so far, all CPUs and processes, from Linux's `/proc/stat` (in its
    /// ticks): the busy part and the whole; `nil` where the system does not say. Steal time (a
    /// hypervisor's other guests) counts as busy: the CPU was not there for anyone here.
    public static func machineCPUTicks() -> (busy: UInt64, total: UInt64)? {
        #if os(Linux)
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = text.split(separator: "\n").first, line.hasPrefix("cpu ")
        else { return nil }
        let ticks = line.split(separator: " ").dropFirst().compactMap { UInt64($0) }
        guard ticks.count >= 5 else { return nil }
        // user nice system idle iowait irq softirq steal: guest time is already in user and nice.
        let total = ticks.prefix(8).reduce(0, +)
        return (total - ticks[3] - ticks[4], total)
        #else
        return nil
        #endif
    }

    /// The one-minute load average: runnable (and uninterruptible) tasks, averaged; `nil` when the
    /// system does not say.
    public static func loadAverage() -> Double? {
        var averages = [0.0, 0.0, 0.0]
        return getloadavg(&averages, 3) >= 1 ? averages[0] : nil
    }

    /// Calls `handler` the first time the process is interrupted (SIGINT, Ctrl-C) instead of ending
    /// it, so that a long command can stop cleanly and keep what it has; from then on, or once the
    /// returned watch is stopped, an interruption ends the process as usual.
    public static func onFirstInterrupt(_ handler: @escaping @Sendable () -> Void) -> InterruptWatch {
        signal(SIGINT, SIG_IGN)
        let watch = InterruptWatch()
        watch.start(handler)
        return watch
    }

    /// How many descriptors (sockets, files, pipes) this process may have open at once: the soft
    /// `RLIMIT_NOFILE` limit in force and the hard one it may be raised to.
    public static var descriptorLimit: DescriptorLimit {
        // Unknown, which no run should be refused for.
        guard let limit = Posix.descriptorLimit else { return DescriptorLimit(soft: .max, hard: .max) }
        return DescriptorLimit(soft: limit.soft, hard: limit.hard)
    }

    /// Raises the soft descriptor limit as far as the hard one allows, as wrk and nginx do: shells
    /// start processes with a soft limit (often 1024) far below what a load generator needs, and
    /// past it every socket fails with `EMFILE`. Returns the limit in force afterwards; when the
    /// system refuses, the limit stays as it was.
    @discardableResult
    public static func raiseDescriptorLimit() -> DescriptorLimit {
        Posix.raiseDescriptorLimit()
        return descriptorLimit
    }

    /// Whether standard output is a terminal, where a live progress line makes sense.
    public static var standardOutputIsTerminal: Bool {
        isatty(STDOUT_FILENO) == 1
    }

    /// Writes text to standard error without buffering, so messages interleave correctly with output.
    public static func writeToStandardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Logical CPUs available to this process.
    public static var cpuCount: Int {
        ProcessInfo.processInfo.activeProcessorCount
    }

    /// The kernel's name, release and architecture, such as `Linux 6.1.0 x86_64`.
    public static var operatingSystem: String {
        var name = utsname()
        guard uname(&name) == 0 else { return ProcessInfo.processInfo.operatingSystemVersionString }
        return "\(cString(name.sysname)) \(cString(name.release)) \(cString(name.machine))"
    }

    /// The machine's name as the kernel knows it (in a Kubernetes pod, the pod's name), or `nil`
    /// when the system does not say.
    public static var hostName: String? {
        var name = utsname()
        guard uname(&name) == 0 else { return nil }
        let host = cString(name.nodename)
        return host.isEmpty ? nil : host
    }

    /// The text of a fixed-size C character array, up to its first NUL.
    private static func cString<T>(_ value: T) -> String {
        withUnsafeBytes(of: value) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// The CPU model as the kernel reports it, when it does.
    public static var cpuModel: String? {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        let line = info.split(separator: "\n").first { $0.hasPrefix("model name") }
        return line?.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Replaces `destination` with `data` so that readers see the old file or the whole new one, never
    /// a part: the bytes go to a temporary file in the same directory, are flushed to disk, and the
    /// file is renamed over the destination.
    public static func writeAtomically(_ data: Data, to destination: URL) throws {
        let directory = destination.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(destination.lastPathComponent).\(getpid()).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw PlatformError(call: "open", path: temporary.path) }
        var failure: PlatformError?
        data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count, failure == nil {
                let written = write(descriptor, base + offset, bytes.count - offset)
                if written < 0, errno != EINTR {
                    failure = PlatformError(call: "write", path: temporary.path)
                } else if written > 0 {
                    offset += written
                }
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = PlatformError(call: "fsync", path: temporary.path) }
        close(descriptor)
        if failure == nil, rename(temporary.path, destination.path) != 0 {
            failure = PlatformError(call: "rename", path: destination.path)
        }
        if let failure {
            unlink(temporary.path)
            throw failure
        }
    }

    /// Runs `body` with this process's standard error (descriptor 2, whoever writes to it: Swift's
    /// runtime, C libraries, a crash backtracer the runtime starts) going to `file`, created or
    /// truncated, and puts standard error back when `body` returns or throws. A process that dies
    /// inside `body` leaves everything it said on standard error in `file`.
    public static func redirectingStandardError<Value>(to file: URL, _ body: () async throws -> Value) async throws -> Value {
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw PlatformError(call: "open", path: file.path) }
        defer { close(descriptor) }
        let saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0)
        guard saved >= 0 else { throw PlatformError(call: "fcntl", path: "standard error") }
        defer { close(saved) }
        guard dup2(descriptor, STDERR_FILENO) >= 0 else { throw PlatformError(call: "dup2", path: file.path) }
        defer { dup2(saved, STDERR_FILENO) }
        return try await body()
    }

    /// Creates `directory` and any parents it lacks, as `mkdir -p` does; a directory already there is
    /// fine, anything else in the way is an error.
    public static func makeDirectories(_ directory: URL) throws(PlatformError) {
        var path = ""
        for component in directory.standardizedFileURL.path.split(separator: "/") {
            path += "/" + component
            // EEXIST may be a file in the way; the check below tells.
            if mkdir(path, 0o755) != 0, errno != EEXIST { throw PlatformError(call: "mkdir", path: path) }
        }
        var status = stat()
        guard stat(path.isEmpty ? "/" : path, &status) == 0 else { throw PlatformError(call: "stat", path: path) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw PlatformError(call: "mkdir", path: path, code: ENOTDIR) }
    }

    /// Checks that files can be created in `directory` by creating an empty one and removing it;
    /// nothing is flushed to disk, so the check costs no wait on the disk.
    public static func checkCanCreateFiles(in directory: URL) throws(PlatformError) {
        let probe = directory.appendingPathComponent(".write-check.\(getpid())").path
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw PlatformError(call: "open", path: probe) }
        close(descriptor)
        unlink(probe)
    }

    /// Points the symbolic link `link` at `target`, replacing any previous link in one step.
    public static func pointLink(_ link: URL, at target: String) throws {
        let temporary = link.deletingLastPathComponent().appendingPathComponent(".\(link.lastPathComponent).\(getpid()).tmp")
        unlink(temporary.path)
        guard symlink(target, temporary.path) == 0 else { throw PlatformError(call: "symlink", path: temporary.path) }
        guard rename(temporary.path, link.path) == 0 else {
            unlink(temporary.path)
            throw PlatformError(call: "rename", path: link.path)
        }
    }
}

/// A process's limit on open descriptors (``Platform/descriptorLimit``).
public struct DescriptorLimit: Sendable, Equatable {
    /// The limit in force: past it, opening a socket or a file fails with `EMFILE`.
    public let soft: Int
    /// How far the process may raise ``soft`` itself (`Int.max`: no limit).
    public let hard: Int

    /// A limit of `soft`, raisable to `hard`.
    public init(soft: Int, hard: Int) {
        self.soft = soft
        self.hard = hard
    }
}

/// Interruptions being watched for (``Platform/onFirstInterrupt(_:)``).
public final class InterruptWatch: Sendable {
    /// The signal's dispatch source while watching.
    private let source = Mutex<(any DispatchSourceSignal)?>(nil)

    init() {}

    func start(_ handler: @escaping @Sendable () -> Void) {
        source.withLock { source in
            let signals = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
            signals.setEventHandler { [self] in
                stop()
                handler()
            }
            signals.resume()
            source = signals
        }
    }

    /// Stops watching: an interruption ends the process again.
    public func stop() {
        let wasWatching = source.withLock { source in
            defer { source = nil }
            source?.cancel()
            return source != nil
        }
        if wasWatching { signal(SIGINT, SIG_DFL) }
    }
}

/// A failed system call, with the path it was about and the system's own explanation.
public struct PlatformError: Error, CustomStringConvertible {
    /// The call that failed, such as `rename`.
    public let call: String
    /// The file it was working on.
    public let path: String
    /// `errno` at the time.
    public let code: Int32

    init(call: String, path: String, code: Int32 = errno) {
        self.call = call
        self.path = path
        self.code = code
    }

    /// The system's explanation of `code`, such as `Permission denied`.
    public var reason: String {
        String(cString: strerror(code))
    }

    /// `rename(/path): No such file or directory`.
    public var description: String {
        "\(call)(\(path)): \(reason)"
    }
}

/// How long a thread has run on a CPU and waited for one while runnable, in nanoseconds.
public struct SchedulerTimes: Sendable, Equatable {
    /// Time spent running.
    public var running: UInt64
    /// Time spent runnable but waiting for a CPU.
    public var waiting: UInt64

    /// Times with these values.
    public init(running: UInt64, waiting: UInt64) {
        self.running = running
        self.waiting = waiting
    }

    /// What the threads of `later` did since `earlier`: a thread there only later counts from its
    /// start, one gone by then is lost (its last times are not known).
    public static func elapsed(from earlier: [Int: SchedulerTimes], to later: [Int: SchedulerTimes]) -> SchedulerTimes {
        later.reduce(into: SchedulerTimes(running: 0, waiting: 0)) { sum, entry in
            let before = earlier[entry.key] ?? SchedulerTimes(running: 0, waiting: 0)
            // A thread ID reused by a new thread can read lower than its predecessor did.
            sum.running &+= entry.value.running >= before.running ? entry.value.running - before.running : entry.value.running
            sum.waiting &+= entry.value.waiting >= before.waiting ? entry.value.waiting - before.waiting : entry.value.waiting
        }
    }

    /// `waiting ÷ (running + waiting)`; `nil` when the threads were never runnable.
    public var waitingShare: Double? {
        let runnable = Double(running) + Double(waiting)
        return runnable > 0 ? Double(waiting) / runnable : nil
    }
}
