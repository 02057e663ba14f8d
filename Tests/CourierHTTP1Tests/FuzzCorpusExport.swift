import CourierHTTP1
import Foundation
import Testing

/// Writes the tables' cases as the fuzzer's seed corpus (Tests/Fuzz/HTTP1/corpus), when asked:
/// `HTTP1_CORPUS_OUT=Tests/Fuzz/HTTP1/corpus swift test --filter exportFuzzCorpus`.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["HTTP1_CORPUS_OUT"] != nil, "HTTP1_CORPUS_OUT not set"))
struct FuzzCorpusExport {
    /// Seeds above this size would raise libFuzzer's input length for every run and slow it down.
    static let largestSeed = 8 << 10

    @Test func exportFuzzCorpus() throws {
        let directory = URL(fileURLWithPath: try #require(ProcessInfo.processInfo.environment["HTTP1_CORPUS_OUT"]))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let chunkedHead = Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        var seeds: [(String, [UInt8])] = HeadCase.all.map { ("head-\($0.name)", $0.bytes) }
        for testCase in ChunkedCase.all {
            // The body alone, which the fuzzer decodes from its first byte, and in a response.
            seeds.append(("chunked-\(testCase.name)", testCase.bytes))
            seeds.append(("response-\(testCase.name)", chunkedHead + testCase.bytes))
        }
        var written = 0
        for (name, bytes) in seeds where bytes.count <= Self.largestSeed && !bytes.isEmpty {
            let file = name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
            try Data(bytes).write(to: directory.appendingPathComponent(String(file)))
            written += 1
        }
        #expect(written > 200)
    }
}
