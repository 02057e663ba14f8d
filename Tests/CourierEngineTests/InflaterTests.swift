#if os(Linux)
@testable import CourierEngine
import CourierSystem
import Foundation
import Testing

/// gzip and zlib bodies inflated as they arrive, in any split, and refused when they are not what
/// they claim to be.
@Suite struct InflaterTests {
    /// `text` compressed by the system's gzip, waited for on a thread of its own.
    private func gzip(_ text: String) async throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-c"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        return await onOwnThread {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return data
        }
    }

    private func inflate(_ data: Data, pieces: Int) throws -> (Data, finished: Bool) {
        let inflater = Inflater()
        #expect(inflater.reset())
        var result = Data()
        let size = max(1, (data.count + pieces - 1) / pieces)
        var start = 0
        while start < data.count {
            let piece = data[start..<min(data.count, start + size)]
            try piece.withUnsafeBytes { bytes in try inflater.inflate(bytes) { result.append(contentsOf: $0) } }
            start += size
        }
        return (result, inflater.isFinished)
    }

    @Test(arguments: [1, 2, 7, 1000])
    func aGzipBodyInflatesWholeInAnySplit(pieces: Int) async throws {
        let text = String(repeating: "Courier inflates what it asked for. ", count: 500)
        let (inflated, finished) = try inflate(try await gzip(text), pieces: pieces)
        #expect(String(decoding: inflated, as: UTF8.self) == text)
        #expect(finished)
    }

    @Test func aCutBodyIsNotFinished() async throws {
        let compressed = try await gzip(String(repeating: "x", count: 10_000))
        let (_, finished) = try inflate(compressed.prefix(compressed.count / 2), pieces: 1)
        #expect(!finished)
    }

    @Test func bytesThatAreNotGzipAreRefused() {
        #expect(throws: Inflater.Failure.self) { try inflate(Data("not compressed at all".utf8), pieces: 1) }
    }

    @Test func bytesAfterTheEndAreRefused() async throws {
        let compressed = try await gzip("hello") + Data("trailing".utf8)
        #expect(throws: Inflater.Failure.self) { try inflate(compressed, pieces: 1) }
    }

    /// The inflater hands output on a window at a time, so a caller stops a bomb at its limit
    /// having held little more than the limit.
    @Test func aBombIsHandedOnAWindowAtATime() async throws {
        let compressed = try await gzip(String(repeating: "0", count: 8 << 20))
        let inflater = Inflater()
        #expect(inflater.reset())
        var largest = 0
        var total = 0
        try compressed.withUnsafeBytes { bytes in
            try inflater.inflate(bytes) { run in
                largest = max(largest, run.count)
                total += run.count
            }
        }
        #expect(total == 8 << 20)
        #expect(largest <= 32 << 10)
    }
}
#endif
