import CourierHTTP1
import Testing

/// Chunked bodies (RFC 9112 §7.1), each with its verdict, under every way of splitting them.
struct HTTP1ChunkedDecoderTests {
    /// An error `body` throws, which must come out of `decode` as it went in.
    struct Refused: Error, Equatable {}

    /// Feeds `bytes` to one decoder in pieces ending at `cuts`, carrying what it did not consume
    /// into the next piece, as a transport does with its read buffer.
    static func decode(_ bytes: [UInt8], cuts: [Int], limits: HTTP1Limits = .init()) -> ChunkedCase.Verdict {
        var decoder = HTTP1ChunkedDecoder(limits: limits)
        var body: [UInt8] = []
        var pending: [UInt8] = []
        var consumedInAll = 0
        var position = 0
        for end in cuts + [bytes.count] {
            pending += bytes[position..<end]
            position = end
            do {
                let (consumed, isComplete) = try pending.withUnsafeBytes { input in
                    try decoder.decode(input) { run in
                        // The runs are slices of the input, not copies.
                        if let runStart = run.baseAddress, let inputStart = input.baseAddress {
                            #expect(runStart >= inputStart && runStart + run.count <= inputStart + input.count)
                        }
                        body += run
                    }
                }
                #expect(consumed <= pending.count)
                #expect(isComplete == decoder.isComplete)
                consumedInAll += consumed
                pending.removeFirst(consumed)
                if isComplete { return .complete(String(decoding: body, as: UTF8.self), consumed: consumedInAll) }
            } catch let error as HTTP1ParseError {
                return .error(error)
            } catch {
                Issue.record("not an HTTP1ParseError: \(error)")
            }
        }
        return .incomplete(String(decoding: body, as: UTF8.self))
    }

    @Test(arguments: ChunkedCase.all)
    func verdict(_ testCase: ChunkedCase) {
        #expect(Self.decode(testCase.bytes, cuts: [], limits: testCase.limits) == testCase.verdict)
    }

    @Test(arguments: ChunkedCase.all)
    func verdictByteByByte(_ testCase: ChunkedCase) {
        let cuts = testCase.bytes.isEmpty ? [] : Array(1..<testCase.bytes.count)
        #expect(Self.decode(testCase.bytes, cuts: cuts, limits: testCase.limits) == testCase.verdict)
    }

    /// Every way to cut the sample in two and in three pieces.
    @Test func everySplitOfTheSample() {
        let bytes = Array((ChunkedCase.sample + ChunkedCase.next).utf8)
        let expected = ChunkedCase.Verdict.complete(ChunkedCase.sampleBody, consumed: ChunkedCase.sample.utf8.count)
        var failures = 0
        for first in 0...bytes.count {
            if Self.decode(bytes, cuts: [first]) != expected { failures += 1 }
            for second in first...bytes.count where Self.decode(bytes, cuts: [first, second]) != expected {
                failures += 1
            }
        }
        #expect(failures == 0)
    }

    /// Random cuts of every case, seeded so that a failure repeats.
    @Test(arguments: ChunkedCase.all.filter { $0.bytes.count < 1024 })
    func randomSplits(_ testCase: ChunkedCase) {
        var random = SplitMix64(seed: UInt64(testCase.bytes.count))
        for _ in 0..<50 {
            let count = Int.random(in: 0...min(8, testCase.bytes.count), using: &random)
            let cuts = (0..<count).map { _ in Int.random(in: 0...testCase.bytes.count, using: &random) }.sorted()
            #expect(Self.decode(testCase.bytes, cuts: cuts, limits: testCase.limits) == testCase.verdict, "cuts \(cuts)")
        }
    }

    /// Once complete, the decoder consumes nothing more: the rest is the next response.
    @Test func bytesAfterTheEndAreLeft() throws {
        var decoder = HTTP1ChunkedDecoder()
        let bytes = Array("3\r\nabc\r\n0\r\n\r\nHTTP/1.1".utf8)
        var runs = 0
        let first = try bytes.withUnsafeBytes { try decoder.decode($0) { _ in runs += 1 } }
        #expect(first.consumed == 13 && first.isComplete)
        let again = try bytes.withUnsafeBytes { try decoder.decode(UnsafeRawBufferPointer(rebasing: $0[13...])) { _ in runs += 1 } }
        #expect(again.consumed == 0 && again.isComplete)
        #expect(runs == 1)
    }

    /// After an error every call throws it again, whatever it is given.
    @Test func errorsAreFinal() throws {
        var decoder = HTTP1ChunkedDecoder()
        let bad = Array("5\r\nhelloX".utf8)
        let expected = HTTP1ParseError.framing(.invalidChunkedEncoding(.missingCRLFAfterData))
        #expect(throws: expected) { try bad.withUnsafeBytes { try decoder.decode($0) { _ in } } }
        let good = Array("0\r\n\r\n".utf8)
        #expect(throws: expected) { try good.withUnsafeBytes { try decoder.decode($0) { _ in } } }
        decoder.reset()
        #expect(try good.withUnsafeBytes { try decoder.decode($0) { _ in } } == (5, true))
    }

    /// What `body` throws comes out unchanged, after the run it was given.
    @Test func bodyErrorsPassThrough() throws {
        var decoder = HTTP1ChunkedDecoder()
        let bytes = Array("3\r\nabc\r\n0\r\n\r\n".utf8)
        #expect(throws: Refused()) { try bytes.withUnsafeBytes { try decoder.decode($0) { _ in throw Refused() } } }
        #expect(!decoder.isComplete)
        #expect(try bytes.withUnsafeBytes { try decoder.decode(UnsafeRawBufferPointer(rebasing: $0[6...])) { _ in } } == (7, true))
    }

    /// One decoder for one body after another.
    @Test func resetForTheNextBody() throws {
        var decoder = HTTP1ChunkedDecoder()
        let bytes = Array(ChunkedCase.sample.utf8)
        for _ in 0..<3 {
            var body: [UInt8] = []
            let result = try bytes.withUnsafeBytes { try decoder.decode($0) { body += $0 } }
            #expect(result == (bytes.count, true))
            #expect(body == Array(ChunkedCase.sampleBody.utf8))
            decoder.reset()
            #expect(!decoder.isComplete)
        }
    }

    /// A head and its chunked body, then the next head, read from one buffer as the transport will.
    @Test func aResponseAndTheNext() throws {
        let head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
        let bytes = Array((head + ChunkedCase.sample + "HTTP/1.1 204 No Content\r\n\r\n").utf8)
        var parser = HTTP1ResponseParser()
        var decoder = HTTP1ChunkedDecoder()
        let first = try #require(try parser.parse(bytes))
        #expect(first.framing == .chunked && first.keepAlive)
        var body: [UInt8] = []
        let (consumed, isComplete) = try bytes.withUnsafeBytes {
            try decoder.decode(UnsafeRawBufferPointer(rebasing: $0[first.headLength...])) { body += $0 }
        }
        #expect(isComplete)
        #expect(body == Array(ChunkedCase.sampleBody.utf8))
        let nextStart = first.headLength + consumed
        let second = try #require(try Array(bytes[nextStart...]).withUnsafeBytes { try parser.parseHead($0, requestWasHEAD: false) })
        #expect(second.status == 204 && second.framing == .none)
    }
}
