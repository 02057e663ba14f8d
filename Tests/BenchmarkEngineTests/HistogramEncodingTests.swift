import CourierFixtures
import Foundation
import Testing

@testable import BenchmarkEngine

// MARK: - Helpers for crafting wire-format inputs

private func zigZag(_ value: Int64) -> [UInt8] {
    var raw = UInt64(bitPattern: (value << 1) ^ (value >> 63))
    var bytes: [UInt8] = []
    for _ in 0..<8 {
        if raw < 0x80 { return bytes + [UInt8(raw)] }
        bytes.append(UInt8(truncatingIfNeeded: raw) | 0x80)
        raw >>= 7
    }
    return bytes + [UInt8(truncatingIfNeeded: raw)]
}

private func bigEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    withUnsafeBytes(of: value.bigEndian) { Array($0) }
}

private struct PayloadSpec {
    var cookie: UInt32 = 0x1c84_9313
    var payloadLength: UInt32? = nil
    var normalizingIndexOffset: UInt32 = 0
    var significantDigits: UInt32 = 3
    var lowest: UInt64 = 1
    var highest: UInt64 = 3_600_000_000
    var counts: [UInt8] = []
    var trailing: [UInt8] = []

    var bytes: [UInt8] {
        bigEndian(cookie) + bigEndian(payloadLength ?? UInt32(counts.count)) + bigEndian(normalizingIndexOffset)
            + bigEndian(significantDigits) + bigEndian(lowest) + bigEndian(highest)
            + bigEndian((1.0 as Double).bitPattern) + counts + trailing
    }
}

private func wrap(compressed: [UInt8], cookie: UInt32 = 0x1c84_9314, declaredLength: UInt32? = nil) -> String {
    let outer = bigEndian(cookie) + bigEndian(declaredLength ?? UInt32(compressed.count)) + compressed
    return Data(outer).base64EncodedString()
}

private func encode(_ spec: PayloadSpec) -> String {
    wrap(compressed: Histogram.deflate(spec.bytes))
}

private func decodeError(_ encoded: String) -> HistogramError? {
    do {
        _ = try Histogram(encoded: encoded)
        return nil
    } catch {
        return error
    }
}

// MARK: - Round trips

@Suite("Histogram V2 encoding")
struct HistogramEncodingTests {
    static func sampleHistograms() throws -> [(String, Histogram)] {
        var result: [(String, Histogram)] = []
        result.append(("empty", try Histogram(highestTrackableValue: 3_600_000_000)))

        var single = try Histogram(highestTrackableValue: 3_600_000_000)
        single.record(12_345)
        result.append(("single", single))

        var uniform = try Histogram(highestTrackableValue: 3_600_000_000)
        for value in UInt64(1)...10_000 { uniform.record(value) }
        result.append(("uniform", uniform))

        var zeros = try Histogram(highestTrackableValue: 1_000)
        zeros.record(0, count: 3)
        zeros.record(2)  // leaves a single zero counter at index 1
        zeros.record(999)
        result.append(("zeros", zeros))

        var clamped = try Histogram(highestTrackableValue: 1_000, significantDigits: 2)
        clamped.record(10)
        clamped.record(1_000_000, count: 9)
        result.append(("clamped", clamped))

        var wide = try Histogram(lowestDiscernibleValue: 1_000, highestTrackableValue: 60_000_000_000, significantDigits: 5)
        for sample in exponentialSamples(count: 5_000, meanNanoseconds: 5_000_000, seed: 11) { wide.record(sample) }
        result.append(("wide-5-digits", wide))

        var huge = try Histogram(highestTrackableValue: UInt64(Int64.max), significantDigits: 1)
        huge.record(UInt64(Int64.max), count: UInt64(Int64.max) / 2)
        huge.record(1, count: 1 << 40)
        result.append(("huge-counts", huge))
        return result
    }

    @Test func roundTripPreservesEverythingButClampedCount() throws {
        for (name, histogram) in try Self.sampleHistograms() {
            let decoded = try Histogram(encoded: histogram.encoded())
            #expect(decoded == histogram, "\(name)")
            #expect(decoded.totalCount == histogram.totalCount, "\(name)")
            #expect(decoded.min == histogram.min, "\(name)")
            #expect(decoded.max == histogram.max, "\(name)")
            #expect(decoded.clampedCount == 0, "\(name)")
            #expect(LatencySummary(decoded) == LatencySummary(histogram), "\(name)")
            // Re-encoding a decoded histogram is byte-for-byte stable.
            #expect(decoded.encoded() == histogram.encoded(), "\(name)")
        }
    }

    @Test func emittedCookiesCarryTheWordSizeNibble() throws {
        var histogram = try Histogram(highestTrackableValue: 1_000)
        histogram.record(1)
        let bytes = try #require(Data(base64Encoded: histogram.encoded()))
        #expect(Array(bytes.prefix(4)) == [0x1c, 0x84, 0x93, 0x14])
        #expect(Array(histogram.encodedPayload().prefix(4)) == [0x1c, 0x84, 0x93, 0x13])
    }

    @Test func decodesWhitespaceWrappedInput() throws {
        var histogram = try Histogram(highestTrackableValue: 1_000)
        histogram.record(42)
        let encoded = histogram.encoded()
        let wrapped = "  " + encoded.prefix(10) + "\n" + encoded.dropFirst(10) + "\n"
        #expect(try Histogram(encoded: wrapped) == histogram)
    }

    @Test func acceptsCookieWithoutWordSizeNibble() throws {
        let spec = PayloadSpec(cookie: 0x1c84_9303, counts: zigZag(-5) + zigZag(7))
        let decoded = try Histogram(encoded: wrap(compressed: Histogram.deflate(spec.bytes), cookie: 0x1c84_9304))
        #expect(decoded.totalCount == 7)
        #expect(decoded.count(atValue: 5) == 7)
    }

    /// Strings produced by the Python `hdrhistogram` 0.10.8 package (`HdrHistogram.encode()`).
    @Test func decodesPythonEncodedHistograms() throws {
        // HdrHistogram(1, 3600000000, 3): 1...1000 once, 123456 x5, 0 x2, 3000000000 x1
        let first = try Histogram(
            encoded: "HISTFAAAAC94nJNpmSzMwMD8gQECmKE0I4i4NnkJgz1UhoVpFIyCUTDswf48rukvGJkAnGoQBw==")
        #expect(first.lowestDiscernibleValue == 1)
        #expect(first.highestTrackableValue == 3_600_000_000)
        #expect(first.significantDigits == 3)
        #expect(first.totalCount == 1008)
        #expect(first.min == 0)
        #expect(first.max == 3_001_024_511)
        let expectedFirst: [(Double, UInt64)] = [
            (0, 0), (50, 502), (90, 905), (99, 996), (99.9, 123_519), (100, 3_001_024_511),
        ]
        for (percentile, value) in expectedFirst {
            #expect(first.value(atPercentile: percentile) == value, "p\(percentile)")
        }
        #expect(first.mean == 2977275.6706349207)
        #expect(abs(first.standardDeviation - 94443443.90482698) <= 1e-6)

        var rebuilt = try Histogram(highestTrackableValue: 3_600_000_000)
        for value in UInt64(1)...1_000 { rebuilt.record(value) }
        rebuilt.record(123_456, count: 5)
        rebuilt.record(0, count: 2)
        rebuilt.record(3_000_000_000)
        #expect(first == rebuilt)

        // HdrHistogram(1000, 60000000000, 2): each of 5, 1000, 1001, 2047, 2048, 1e6, 1e9, 59999999999 x3
        let second = try Histogram(
            encoded: "HISTFAAAADB4nJNpmSzMwMDAxwABTBCK+QWQ4P3hHsFg/wEiwsbDyMZ2l5PtozDbfW42ALfOCBo=")
        #expect(second.totalCount == 24)
        #expect(second.min == 0)
        #expect(second.max == 60_129_542_143)
        #expect(second.value(atPercentile: 50) == 2047)
        #expect(second.value(atPercentile: 90) == 60_129_542_143)
    }

    // MARK: Error paths

    @Test func rejectsInvalidBase64() {
        #expect(decodeError("not base64 !!!") == .invalidBase64)
        #expect(decodeError("HISTFAAAAC9") == .invalidBase64)
    }

    @Test func rejectsShortOuterHeader() {
        #expect(decodeError("") == .truncated("outer header needs 8 bytes, got 0"))
        #expect(decodeError(Data([0x1c, 0x84, 0x93]).base64EncodedString()) != nil)
    }

    @Test func rejectsWrongOuterCookie() {
        let encoded = wrap(compressed: Histogram.deflate(PayloadSpec().bytes), cookie: 0x1c84_9302)
        #expect(decodeError(encoded) == .invalidCookie(expected: 0x1c84_9304, found: 0x1c84_9302))
    }

    @Test func rejectsOuterLengthMismatch() {
        let compressed = Histogram.deflate(PayloadSpec().bytes)
        let encoded = wrap(compressed: compressed, declaredLength: UInt32(compressed.count + 1))
        #expect(decodeError(encoded) == .lengthMismatch(declared: compressed.count + 1, actual: compressed.count))
    }

    @Test func rejectsTruncatedZlibStream() throws {
        var histogram = try Histogram(highestTrackableValue: 3_600_000_000)
        for value in UInt64(1)...5_000 { histogram.record(value * 7) }
        let compressed = Histogram.deflate(histogram.encodedPayload())
        for keep in [0, 1, 2, 10, compressed.count / 2, compressed.count - 4, compressed.count - 1] {
            let error = decodeError(wrap(compressed: Array(compressed.prefix(keep))))
            guard case .truncated = error else {
                Issue.record("keeping \(keep) of \(compressed.count) bytes gave \(String(describing: error))")
                continue
            }
        }
    }

    @Test func rejectsCorruptZlibStream() {
        var compressed = Histogram.deflate(PayloadSpec(counts: zigZag(1) + zigZag(2)).bytes)
        compressed[0] = 0x00  // invalid zlib header byte
        guard case .corruptCompressedData = decodeError(wrap(compressed: compressed)) else {
            Issue.record("expected corruptCompressedData")
            return
        }
        // Not compressed at all: the raw payload bytes are not a zlib stream.
        guard case .corruptCompressedData = decodeError(wrap(compressed: PayloadSpec().bytes)) else {
            Issue.record("expected corruptCompressedData for uncompressed payload")
            return
        }
    }

    @Test func rejectsRandomGarbageWithoutCrashing() {
        var generator = SplitMix64(seed: 1234)
        for length in 0..<200 {
            let garbage = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let withHeader = bigEndian(UInt32(0x1c84_9314)) + bigEndian(UInt32(garbage.count)) + garbage
            #expect(decodeError(Data(withHeader).base64EncodedString()) != nil)
            #expect(decodeError(Data(garbage).base64EncodedString()) != nil)
        }
    }

    @Test func rejectsWrongPayloadCookie() {
        let encoded = encode(PayloadSpec(cookie: 0x1c84_9301))
        #expect(decodeError(encoded) == .invalidCookie(expected: 0x1c84_9303, found: 0x1c84_9301))
    }

    @Test func rejectsInvalidHeaderConfiguration() {
        #expect(decodeError(encode(PayloadSpec(significantDigits: 0))) == .invalidSignificantDigits(0))
        #expect(decodeError(encode(PayloadSpec(lowest: 0))) == .invalidLowestDiscernibleValue(0))
        #expect(
            decodeError(encode(PayloadSpec(lowest: 100, highest: 150)))
                == .invalidHighestTrackableValue(highest: 150, lowest: 100))
        #expect(decodeError(encode(PayloadSpec(normalizingIndexOffset: 3))) == .unsupportedNormalizingIndexOffset(3))
    }

    @Test func rejectsPayloadLengthBeyondLayoutBeforeAllocating() {
        // Layout (1, 2, 1) has 32 counters => at most 288 bytes of varints.
        let encoded = encode(PayloadSpec(payloadLength: .max, significantDigits: 1, highest: 2, counts: [0x02]))
        #expect(decodeError(encoded) == .payloadTooLarge(declared: Int(UInt32.max), limit: 288))
    }

    @Test func rejectsPayloadLengthDisagreeingWithStream() {
        // Declared longer than present: stream ends first.
        guard case .truncated = decodeError(encode(PayloadSpec(payloadLength: 10, counts: zigZag(3)))) else {
            Issue.record("expected truncated")
            return
        }
        // Declared shorter than present: extra inflated bytes are rejected.
        guard
            case .corruptCompressedData = decodeError(
                encode(PayloadSpec(counts: zigZag(3), trailing: zigZag(4))))
        else {
            Issue.record("expected corruptCompressedData for extra bytes")
            return
        }
    }

    @Test func rejectsCountsBeyondLayout() {
        // Layout (1, 2, 1) has 32 counters.
        let runPastEnd = PayloadSpec(significantDigits: 1, highest: 2, counts: zigZag(-40))
        #expect(decodeError(encode(runPastEnd)) == .countsExceedLayout(countsLength: 32))
        let countPastEnd = PayloadSpec(significantDigits: 1, highest: 2, counts: zigZag(-32) + zigZag(1))
        #expect(decodeError(encode(countPastEnd)) == .countsExceedLayout(countsLength: 32))
        let minRun = PayloadSpec(significantDigits: 1, highest: 2, counts: zigZag(.min))
        #expect(decodeError(encode(minRun)) == .countsExceedLayout(countsLength: 32))
        // A run that ends exactly at the layout end is fine.
        #expect(decodeError(encode(PayloadSpec(significantDigits: 1, highest: 2, counts: zigZag(1) + zigZag(-31)))) == nil)
    }

    @Test func rejectsMalformedVarints() {
        let truncatedVarint = PayloadSpec(counts: zigZag(1) + [0x80, 0x80])
        #expect(decodeError(encode(truncatedVarint)) == .malformedCounts("varint truncated at byte 3"))
    }

    @Test func rejectsCountsOverflowingTotal() {
        let overflowing = PayloadSpec(counts: zigZag(.max) + zigZag(.max) + zigZag(2))
        #expect(decodeError(encode(overflowing)) == .countOverflow)
    }

    @Test func nineByteVarintCarriesFullTopByte() throws {
        let large = Int64.max - 5
        let spec = PayloadSpec(highest: UInt64(Int64.max), counts: zigZag(-3) + zigZag(large))
        #expect(zigZag(large).count == 9)
        let decoded = try Histogram(encoded: encode(spec))
        #expect(decoded.totalCount == UInt64(large))
        #expect(decoded.count(atValue: 3) == UInt64(large))
    }

    // MARK: Interop export

    /// Writes the JSON consumed by `.ci/check_hdr_interop.py` (path from `HDR_INTEROP_OUT`, else a temp file).
    @Test func exportInteropFixtures() throws {
        var histograms: [(String, Histogram)] = []

        var uniform = try Histogram(highestTrackableValue: 3_600_000_000)
        for value in UInt64(1)...10_000 { uniform.record(value) }
        histograms.append(("uniform-1..10000", uniform))

        var exponential = try Histogram(highestTrackableValue: 60_000_000_000)
        for sample in exponentialSamples(count: 100_000, meanNanoseconds: 1_000_000, seed: 2024) {
            exponential.record(sample)
        }
        histograms.append(("exponential-mean-1ms", exponential))

        var single = try Histogram(highestTrackableValue: 3_600_000_000)
        single.record(123_456_789)
        histograms.append(("single-value", single))

        var span = try Histogram(highestTrackableValue: 3_600_000_000_000)
        var generator = SplitMix64(seed: 77)
        for _ in 0..<50_000 {
            // Log-uniform between 1 µs and 60 s, in nanoseconds.
            let exponent = Double.random(in: log(1_000.0)...log(60_000_000_000.0), using: &generator)
            span.record(UInt64(exp(exponent)))
        }
        span.record(1_000)
        span.record(60_000_000_000)
        histograms.append(("span-1us-60s-ns", span))

        var weighted = try Histogram(highestTrackableValue: 60_000_000_000, significantDigits: 2)
        for step in UInt64(1)...500 { weighted.record(step * step * 997, count: step % 17 + 1) }
        weighted.record(0, count: 12)
        histograms.append(("counts-gt-1-2digits", weighted))

        var coarse = try Histogram(lowestDiscernibleValue: 1_000, highestTrackableValue: 60_000_000_000, significantDigits: 4)
        for sample in exponentialSamples(count: 20_000, meanNanoseconds: 50_000_000, seed: 5) {
            coarse.record(sample)
        }
        histograms.append(("lowest-1000-4digits", coarse))

        var fine = try Histogram(highestTrackableValue: 400_000, significantDigits: 5)
        for sample in exponentialSamples(count: 20_000, meanNanoseconds: 100_000, seed: 6) { fine.record(sample) }
        #expect(fine.clampedCount > 0)
        histograms.append(("5digits-clamped", fine))

        var tiny = try Histogram(highestTrackableValue: 1_000)
        for value in [UInt64(3), 3, 7] { tiny.record(value) }
        histograms.append(("three-values", tiny))

        histograms.append(("empty", try Histogram(highestTrackableValue: 3_600_000_000)))

        struct Entry: Encodable {
            var name: String
            var encoded: String
            var count: UInt64
            var min: UInt64
            var max: UInt64
            var p50: UInt64
            var p99: UInt64
            var p999: UInt64
            var mean: Double
            var stdev: Double
        }
        struct File: Encodable { var histograms: [Entry] }

        let entries = histograms.map { name, histogram in
            Entry(
                name: name, encoded: histogram.encoded(), count: histogram.totalCount,
                min: histogram.min, max: histogram.max,
                p50: histogram.value(atPercentile: 50), p99: histogram.value(atPercentile: 99),
                p999: histogram.value(atPercentile: 99.9),
                mean: histogram.mean, stdev: histogram.standardDeviation)
        }
        for (name, histogram) in histograms {
            #expect(try Histogram(encoded: histogram.encoded()) == histogram, "\(name)")
        }

        let path =
            ProcessInfo.processInfo.environment["HDR_INTEROP_OUT"]
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("hdr_interop.json").path
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(File(histograms: entries)).write(to: URL(fileURLWithPath: path))
    }
}
