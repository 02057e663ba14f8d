import Testing

@testable import BenchmarkMetrics

@Suite struct SnappyTests {
    @Test(arguments: [0, 1, 3, 4, 59, 60, 61, 255, 256, 70_000])
    func randomBytesRoundTrip(count: Int) throws {
        var generator = SystemRandomNumberGenerator()
        let input = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
        #expect(try SnappyDecoder.decompress(Snappy.compress(input)) == input)
    }

    @Test func repetitiveInputShrinksAndRoundTrips() throws {
        // Labels repeat in every series of a WriteRequest: the case the compressor is for.
        let line = Array("courier_bench_requests_total{run_id=\"20261207-1\",outcome=\"success\"} 1200\n".utf8)
        let input = Array((0..<500).map { _ in line }.joined())
        let compressed = Snappy.compress(input)
        #expect(compressed.count * 10 < input.count, "\(compressed.count) of \(input.count)")
        #expect(try SnappyDecoder.decompress(compressed) == input)
    }

    @Test func longRunsAndFarMatchesRoundTrip() throws {
        // A run of one byte (copies overlapping their source, longer than 64), then a match 60 000
        // bytes back, within the 2-byte offset's reach, and one past it.
        var input = [UInt8](repeating: 7, count: 1000)
        var generator = SystemRandomNumberGenerator()
        let block = (0..<300).map { _ in UInt8.random(in: 0...255, using: &generator) }
        input += block + (0..<66_000).map { UInt8(truncatingIfNeeded: $0 &* 31) } + block
        #expect(try SnappyDecoder.decompress(Snappy.compress(input)) == input)
    }

    @Test func theLengthPreambleIsAVarint() {
        #expect(Snappy.compress([]) == [0])
        #expect(Array(Snappy.compress([UInt8](repeating: 1, count: 300)).prefix(2)) == [0xAC, 0x02])
    }
}
