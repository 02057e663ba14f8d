import CZlib

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// HdrHistogram "V2 compressed" wire format.
///
/// Layout (all integers big-endian):
/// ```
/// outer:   cookie 0x1c849304|0x10 (u32), compressedLength (u32), zlib(payload)
/// payload: cookie 0x1c849303|0x10 (u32), payloadLength (u32), normalizingIndexOffset (u32),
///          significantDigits (u32), lowestDiscernibleValue (u64), highestTrackableValue (u64),
///          integerToDoubleValueConversionRatio (f64), counts[payloadLength]
/// counts:  ZigZag LEB128 (max 9 bytes, the 9th carries 8 bits); a negative value -n stands for
///          n consecutive zero counters.
/// ```
/// Cookies carry a word-size nibble (bits 4...7) that readers mask off; we emit `0x10` like Java,
/// C and Python do.
enum HistogramWireFormat {
    static let payloadCookieBase: UInt32 = 0x1c84_9303
    static let compressedCookieBase: UInt32 = 0x1c84_9304
    static let wordSizeNibble: UInt32 = 0x10
    static let cookieBaseMask: UInt32 = ~0xf0
    static let payloadHeaderSize = 40
    static let outerHeaderSize = 8
    static let maxVarintBytes = 9
}

extension Histogram {
    /// Encodes the histogram as base64 of the HdrHistogram V2 compressed format.
    ///
    /// The string can be decoded by HdrHistogram (Java, C, Python `hdrh`) and by
    /// ``init(encoded:)``. ``clampedCount`` and the raw (unbucketed) extremes are not part of
    /// the format. A counter above `Int64.max` is written as `Int64.max` because the format is signed.
    public func encoded() -> String {
        let payload = encodedPayload()
        let compressed = Self.deflate(payload)
        var outer: [UInt8] = []
        outer.reserveCapacity(HistogramWireFormat.outerHeaderSize + compressed.count)
        outer.appendBigEndian(HistogramWireFormat.compressedCookieBase | HistogramWireFormat.wordSizeNibble)
        outer.appendBigEndian(UInt32(compressed.count))
        outer.append(contentsOf: compressed)
        return Data(outer).base64EncodedString()
    }

    /// Decodes a string produced by ``encoded()`` or by any HdrHistogram V2 compressed encoder.
    /// Whitespace anywhere in the string is ignored.
    ///
    /// Memory is bounded by the decoded layout: the inflated size is limited to the header plus the
    /// declared payload length, which itself must not exceed 9 bytes per counter of the layout.
    ///
    /// - Throws: ``HistogramError`` for bad base64, wrong cookies, length mismatches, corrupt or
    ///   truncated zlib data, invalid configurations and counts that do not fit the layout.
    public init(encoded: String) throws(HistogramError) {
        // Whitespace is dropped anywhere so line-wrapped base64 (e.g. from logs) still decodes.
        let compact = String(encoded.unicodeScalars.filter { !$0.properties.isWhitespace })
        guard let data = Data(base64Encoded: compact) else { throw .invalidBase64 }
        let bytes = [UInt8](data)

        var outerReader = ByteReader(bytes)
        guard let outerCookie = outerReader.readUInt32(), let declaredLength = outerReader.readUInt32() else {
            throw .truncated("outer header needs \(HistogramWireFormat.outerHeaderSize) bytes, got \(bytes.count)")
        }
        guard outerCookie & HistogramWireFormat.cookieBaseMask == HistogramWireFormat.compressedCookieBase else {
            throw .invalidCookie(expected: HistogramWireFormat.compressedCookieBase, found: outerCookie)
        }
        let compressed = Array(bytes[HistogramWireFormat.outerHeaderSize...])
        guard Int(declaredLength) == compressed.count else {
            throw .lengthMismatch(declared: Int(declaredLength), actual: compressed.count)
        }

        let inflater = try ZlibInflater(compressed: compressed)
        var headerReader = ByteReader(try inflater.read(exactly: HistogramWireFormat.payloadHeaderSize))
        // The reader holds exactly 40 bytes, so these reads cannot fail; `?? 0` avoids force-unwraps.
        let payloadCookie = headerReader.readUInt32() ?? 0
        let payloadLength = Int(headerReader.readUInt32() ?? 0)
        let normalizingIndexOffset = headerReader.readUInt32() ?? 0
        let significantDigits = headerReader.readUInt32() ?? 0
        let lowest = headerReader.readUInt64() ?? 0
        let highest = headerReader.readUInt64() ?? 0
        // integerToDoubleValueConversionRatio only matters for DoubleHistogram; integer counts are unaffected.
        _ = headerReader.readUInt64()

        guard payloadCookie & HistogramWireFormat.cookieBaseMask == HistogramWireFormat.payloadCookieBase else {
            throw .invalidCookie(expected: HistogramWireFormat.payloadCookieBase, found: payloadCookie)
        }
        guard normalizingIndexOffset == 0 else {
            throw .unsupportedNormalizingIndexOffset(Int(Int32(bitPattern: normalizingIndexOffset)))
        }
        var histogram = try Histogram(
            lowestDiscernibleValue: lowest,
            highestTrackableValue: highest,
            significantDigits: Int(significantDigits)
        )
        // Checked before allocating the payload buffer so a forged length cannot force a huge allocation.
        let payloadLimit = histogram.countsLength * HistogramWireFormat.maxVarintBytes
        guard payloadLength <= payloadLimit else {
            throw .payloadTooLarge(declared: payloadLength, limit: payloadLimit)
        }
        let payload = try inflater.read(exactly: payloadLength)
        try inflater.finish()
        try histogram.fillCounts(fromVarints: payload)
        self = histogram
    }

    // MARK: Encoding internals

    func encodedPayload() -> [UInt8] {
        // Trailing zero counters are implicit, so only encode up to the last non-zero one.
        let relevantLength = (counts.lastIndex(where: { $0 != 0 }) ?? -1) + 1
        var bytes: [UInt8] = []
        bytes.reserveCapacity(HistogramWireFormat.payloadHeaderSize + relevantLength * 2)
        bytes.appendBigEndian(HistogramWireFormat.payloadCookieBase | HistogramWireFormat.wordSizeNibble)
        bytes.appendBigEndian(UInt32(0))  // payloadLength placeholder, patched below
        bytes.appendBigEndian(UInt32(0))  // normalizingIndexOffset
        bytes.appendBigEndian(UInt32(significantDigits))
        bytes.appendBigEndian(lowestDiscernibleValue)
        bytes.appendBigEndian(highestTrackableValue)
        bytes.appendBigEndian((1.0 as Double).bitPattern)

        var index = 0
        while index < relevantLength {
            let count = counts[index]
            index += 1
            if count == 0 {
                var zeros: Int64 = 1
                while index < relevantLength && counts[index] == 0 {
                    zeros += 1
                    index += 1
                }
                // A lone zero is written as 0 (like Java); longer runs as a negative length.
                bytes.appendZigZag(zeros > 1 ? -zeros : 0)
            } else {
                bytes.appendZigZag(Int64(clamping: count))
            }
        }

        let payloadLength = UInt32(bytes.count - HistogramWireFormat.payloadHeaderSize)
        withUnsafeBytes(of: payloadLength.bigEndian) { lengthBytes in
            bytes.replaceSubrange(4..<8, with: lengthBytes)
        }
        return bytes
    }

    static func deflate(_ input: [UInt8]) -> [UInt8] {
        var outputLength = compressBound(uLong(input.count))
        var output = [UInt8](repeating: 0, count: Int(outputLength))
        let status = compress2(&output, &outputLength, input, uLong(input.count), Z_DEFAULT_COMPRESSION)
        // compressBound guarantees room, so only memory exhaustion can fail here.
        precondition(status == Z_OK, "zlib compress2 failed with status \(status)")
        output.removeSubrange(Int(outputLength)...)
        return output
    }

    // MARK: Decoding internals

    mutating func fillCounts(fromVarints payload: [UInt8]) throws(HistogramError) {
        var position = 0
        var index = 0
        var total: UInt64 = 0
        var lowestIndex = -1
        var highestIndex = -1
        let length = countsLength

        while position < payload.count {
            let value = try Self.readZigZag(payload, at: &position)
            if value < 0 {
                // Int64.min has no positive counterpart; reject it along with any run past the layout.
                guard value != .min, -value <= Int64(length - index) else {
                    throw .countsExceedLayout(countsLength: length)
                }
                index += Int(-value)
            } else {
                guard index < length else { throw .countsExceedLayout(countsLength: length) }
                let count = UInt64(value)
                if count != 0 {
                    counts[index] = count
                    let (sum, overflow) = total.addingReportingOverflow(count)
                    guard !overflow else { throw .countOverflow }
                    total = sum
                    if lowestIndex < 0 { lowestIndex = index }
                    highestIndex = index
                }
                index += 1
            }
        }

        storedTotalCount = total
        if lowestIndex >= 0 {
            lowestRecordedValue = valueFromIndex(lowestIndex)
            highestRecordedValue = valueFromIndex(highestIndex)
        }
    }

    static func readZigZag(_ bytes: [UInt8], at position: inout Int) throws(HistogramError) -> Int64 {
        var raw: UInt64 = 0
        var shift: UInt64 = 0
        for byteNumber in 0..<HistogramWireFormat.maxVarintBytes {
            guard position < bytes.count else {
                throw .malformedCounts("varint truncated at byte \(position)")
            }
            let byte = bytes[position]
            position += 1
            if byteNumber == HistogramWireFormat.maxVarintBytes - 1 {
                // The 9th byte has no continuation bit; it supplies the top 8 bits.
                raw |= UInt64(byte) << 56
                break
            }
            raw |= UInt64(byte & 0x7f) << shift
            if byte & 0x80 == 0 { break }
            shift += 7
        }
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }
}

// MARK: - zlib streaming

/// Incremental zlib inflation into caller-sized buffers so output never exceeds what was asked for.
///
/// A class (not a struct) because zlib keeps a back-pointer to its `z_stream` and rejects calls
/// if the stream moved; the stream is heap-allocated once and freed in `deinit`.
private final class ZlibInflater {
    private let stream: UnsafeMutablePointer<z_stream>
    private let input: UnsafeMutableBufferPointer<UInt8>
    private var reachedEnd = false

    init(compressed: [UInt8]) throws(HistogramError) {
        guard compressed.count <= Int(UInt32.max) else {
            throw .corruptCompressedData("compressed payload larger than 4 GiB")
        }
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        input = .allocate(capacity: Swift.max(compressed.count, 1))
        _ = input.initialize(from: compressed)
        stream.pointee.next_in = input.baseAddress
        stream.pointee.avail_in = uInt(compressed.count)
        let status = inflateInit_(stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            input.deallocate()
            throw .corruptCompressedData("inflateInit failed with status \(status)")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
        input.deallocate()
    }

    /// Inflates exactly `count` bytes or throws if the stream ends or breaks first.
    func read(exactly count: Int) throws(HistogramError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: count)
        guard count > 0 else { return output }
        let failure = output.withUnsafeMutableBufferPointer { buffer in
            inflate(into: buffer, expecting: "\(count) bytes")
        }
        if let failure { throw failure }
        return output
    }

    /// Verifies the stream ends (including its checksum) right after the bytes already read.
    func finish() throws(HistogramError) {
        if reachedEnd { return }
        var scratch: UInt8 = 0
        let failure: HistogramError? = withUnsafeMutablePointer(to: &scratch) { pointer in
            stream.pointee.next_out = pointer
            stream.pointee.avail_out = 1
            while true {
                let status = CZlib.inflate(stream, Z_NO_FLUSH)
                if stream.pointee.avail_out == 0 {
                    return .corruptCompressedData("inflated data is longer than the declared payload length")
                }
                switch status {
                case Z_STREAM_END:
                    reachedEnd = true
                    return nil
                case Z_OK where stream.pointee.avail_in > 0:
                    continue
                case Z_OK, Z_BUF_ERROR:
                    return .truncated("zlib stream ends without its trailer")
                default:
                    return zlibFailure(status)
                }
            }
        }
        if let failure { throw failure }
    }

    private func inflate(into buffer: UnsafeMutableBufferPointer<UInt8>, expecting what: String) -> HistogramError? {
        if reachedEnd { return .truncated("zlib stream ended before \(what) could be read") }
        stream.pointee.next_out = buffer.baseAddress
        stream.pointee.avail_out = uInt(buffer.count)
        while stream.pointee.avail_out > 0 {
            let status = CZlib.inflate(stream, Z_NO_FLUSH)
            switch status {
            case Z_STREAM_END:
                reachedEnd = true
                if stream.pointee.avail_out > 0 {
                    return .truncated("zlib stream ended before \(what) could be read")
                }
            case Z_OK:
                if stream.pointee.avail_out > 0 && stream.pointee.avail_in == 0 {
                    return .truncated("compressed data ran out before \(what) could be read")
                }
            case Z_BUF_ERROR:
                return .truncated("compressed data ran out before \(what) could be read")
            default:
                return zlibFailure(status)
            }
        }
        return nil
    }

    private func zlibFailure(_ status: Int32) -> HistogramError {
        let message = stream.pointee.msg.map { String(cString: $0) } ?? "status \(status)"
        return .corruptCompressedData(message)
    }
}

// MARK: - Byte helpers

private struct ByteReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func readUInt32() -> UInt32? {
        readBigEndian(byteCount: 4).map { UInt32(truncatingIfNeeded: $0) }
    }

    mutating func readUInt64() -> UInt64? {
        readBigEndian(byteCount: 8)
    }

    private mutating func readBigEndian(byteCount: Int) -> UInt64? {
        guard bytes.count - position >= byteCount else { return nil }
        var value: UInt64 = 0
        for offset in 0..<byteCount {
            value = value << 8 | UInt64(bytes[position + offset])
        }
        position += byteCount
        return value
    }
}

extension [UInt8] {
    fileprivate mutating func appendBigEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }

    fileprivate mutating func appendZigZag(_ value: Int64) {
        var raw = UInt64(bitPattern: (value << 1) ^ (value >> 63))
        for _ in 0..<(HistogramWireFormat.maxVarintBytes - 1) {
            if raw < 0x80 {
                append(UInt8(raw))
                return
            }
            append(UInt8(truncatingIfNeeded: raw) | 0x80)
            raw >>= 7
        }
        append(UInt8(truncatingIfNeeded: raw))
    }
}
