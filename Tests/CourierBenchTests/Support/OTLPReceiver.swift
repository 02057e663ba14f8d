import CourierSystem
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real OTLP/HTTP receiver: `Tests/OTLPReceiver/otlp_receiver.py`, which decodes each request
/// with PyPI's `opentelemetry-proto` and answers 200, a status of the test's choosing, or never.
/// Started by one test on 127.0.0.1 on a port of its own; the test reads back what arrived
/// (``state()``). Stopped by ``stop()``.
struct OTLPReceiver {
    /// How the receiver answers a push.
    enum Answer {
        case accepting
        case status(Int)
        case never
    }

    /// The script, found from this file's place in the tree.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("OTLPReceiver/otlp_receiver.py")

    /// Whether python3 imports opentelemetry-proto (`make deps` installs it); the tests that need
    /// it are skipped, saying so, when it does not. Asked once, and waited for on a thread of its
    /// own: Python's start can take seconds on a busy machine, too long to hold a cooperative
    /// thread (see `ChildProcesses.swift`).
    static var isAvailable: Bool {
        get async { await availability.value }
    }

    private static let availability = Task<Bool, Never> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import opentelemetry.proto"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        return await onOwnThread {
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
    }

    let process: Process
    let port: Int

    /// Starts a receiver answering `answer`, once it listens.
    static func start(answering answer: Answer = .accepting) async throws -> OTLPReceiver {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let options: [String] =
            switch answer {
            case .accepting: []
            case .status(let status): ["--status", "\(status)"]
            case .never: ["--stall"]
            }
        process.arguments = ["python3", script.path, "serve"] + options
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // Its first line says the port; end of file before it means it could not start.
        let line = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var read = Data()
                while !read.contains(UInt8(ascii: "\n")) {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    read += chunk
                }
                continuation.resume(returning: String(decoding: read, as: UTF8.self))
            }
        }
        guard line.hasPrefix("port "), let port = Int(line.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw NotStarted(said: line)
        }
        return OTLPReceiver(process: process, port: port)
    }

    struct NotStarted: Error, CustomStringConvertible {
        let said: String
        var description: String { "the OTLP receiver did not start: '\(said)'" }
    }

    /// `http://127.0.0.1:port/v1/metrics`.
    var url: String {
        "http://127.0.0.1:\(port)/v1/metrics"
    }

    /// What has arrived so far.
    func state() async throws -> State {
        let url = URL(string: "http://127.0.0.1:\(port)/state") ?? URL(fileURLWithPath: "/")
        let (data, _) = try await URLSession.shared.data(from: url)
        return try Self.decoder.decode(State.self, from: data)
    }

    func stop() {
        stopAtOnce(process)
    }

    /// `request` decoded by opentelemetry-proto, as the receiver keeps it.
    static func decode(_ request: [UInt8]) async throws -> [Resource] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("otlp-\(UUID().uuidString).bin")
        try Data(request).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "decode", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = await outputToEnd(of: process, from: output)
        struct Decoded: Decodable { let resources: [Resource] }
        return try Self.decoder.decode(Decoded.self, from: data).resources
    }

    /// The receiver's JSON, whose keys are Python's snake case.
    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }

    /// What the receiver has seen: requests, how they came, and each resource's latest figures.
    struct State: Decodable {
        let requests: Int
        let paths: [String]
        let contentTypes: [String]
        let headerNames: [String]
        let undecodable: Int
        let resources: [Resource]

        /// The resource of the run `runID` (and of `scenario`, when given).
        func resource(runID: String, scenario: String? = nil) -> Resource? {
            resources.first { resource in
                resource.attributes["bench.run_id"] == runID && scenario.map { resource.attributes["bench.scenario"] == $0 } ?? true
            }
        }
    }

    struct Resource: Decodable {
        let attributes: [String: String]
        let metrics: [String: Metric]

        /// The sum of `name`'s points whose attributes include `matching`.
        func total(_ name: String, matching: [String: String] = [:]) -> Double? {
            metrics[name].map { metric in
                metric.points.filter { point in matching.allSatisfy { point.attributes[$0.key] == $0.value } }.reduce(0) {
                    $0 + ($1.value ?? 0)
                }
            }
        }
    }

    struct Metric: Decodable {
        let kind: String
        let unit: String
        let temporality: Int
        let monotonic: Bool
        let points: [Point]
    }

    struct Point: Decodable {
        let attributes: [String: String]
        let start: UInt64
        let time: UInt64
        let value: Double?
        let count: UInt64?
        let sum: Double?
        let scale: Int?
        let zeroCount: UInt64?
        let offset: Int?
        let bucketCounts: [UInt64]?

        /// The `q` quantile of an exponential histogram's point: the upper bound of the bucket
        /// holding it, which is at most one bucket's ratio (2^(2^-scale)) above the true value.
        func quantile(_ q: Double) -> Double? {
            guard let count, let scale, let offset, let buckets = bucketCounts, count > 0 else { return nil }
            // The report's rank (HdrHistogram's): q × count rounded to the nearest, at least 1.
            let rank = max(1, UInt64(q * Double(count) + 0.5))
            var seen = zeroCount ?? 0
            if seen >= rank { return 0 }
            let base = pow(2, pow(2, -Double(scale)))
            for (index, bucket) in buckets.enumerated() {
                seen += bucket
                if seen >= rank { return pow(base, Double(offset + index + 1)) }
            }
            return nil
        }
    }
}
