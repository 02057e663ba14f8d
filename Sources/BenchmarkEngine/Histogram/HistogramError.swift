/// Errors raised when configuring, merging or decoding a ``Histogram``.
///
/// Every case carries enough context to explain the failure without a debugger,
/// because decoding errors usually surface far from where the string was produced.
public enum HistogramError: Error, Equatable, CustomStringConvertible {
    /// `lowestDiscernibleValue` must be at least 1.
    case invalidLowestDiscernibleValue(UInt64)
    /// `highestTrackableValue` must be at least `2 * lowestDiscernibleValue` and at most `Int64.max`.
    case invalidHighestTrackableValue(highest: UInt64, lowest: UInt64)
    /// `significantDigits` must be in `1...5`.
    case invalidSignificantDigits(Int)
    /// The requested precision cannot be represented above `lowestDiscernibleValue` in 64 bits.
    case rangeNotRepresentable(lowestDiscernibleValue: UInt64, significantDigits: Int)
    /// Two histograms with different configurations cannot be merged exactly.
    case incompatibleLayout(String)
    /// The encoded string is not valid base64.
    case invalidBase64
    /// The input ended before a complete structure could be read; the associated value names it.
    case truncated(String)
    /// A cookie did not identify the expected HdrHistogram V2 structure.
    case invalidCookie(expected: UInt32, found: UInt32)
    /// A declared length disagrees with the number of bytes actually present.
    case lengthMismatch(declared: Int, actual: Int)
    /// zlib rejected the compressed payload.
    case corruptCompressedData(String)
    /// The payload declares more bytes than its histogram layout could ever need.
    case payloadTooLarge(declared: Int, limit: Int)
    /// Histograms shifted with a normalizing index offset (Java `shiftValuesLeft`) are not supported.
    case unsupportedNormalizingIndexOffset(Int)
    /// The ZigZag LEB128 counts stream is malformed.
    case malformedCounts(String)
    /// The counts stream addresses a bucket beyond the histogram layout.
    case countsExceedLayout(countsLength: Int)
    /// The decoded counts add up to more than `UInt64.max`.
    case countOverflow

    /// A human-readable explanation of the error.
    public var description: String {
        switch self {
        case .invalidLowestDiscernibleValue(let value):
            return "lowestDiscernibleValue must be >= 1 (got \(value))"
        case .invalidHighestTrackableValue(let highest, let lowest):
            return "highestTrackableValue must be >= 2 * lowestDiscernibleValue (\(lowest)) and <= Int64.max (got \(highest))"
        case .invalidSignificantDigits(let digits):
            return "significantDigits must be in 1...5 (got \(digits))"
        case .rangeNotRepresentable(let lowest, let digits):
            return "cannot represent \(digits) significant digits above lowestDiscernibleValue \(lowest) in 64 bits"
        case .incompatibleLayout(let detail):
            return "histogram layouts are incompatible: \(detail)"
        case .invalidBase64:
            return "encoded histogram is not valid base64"
        case .truncated(let what):
            return "encoded histogram is truncated: \(what)"
        case .invalidCookie(let expected, let found):
            return "invalid cookie 0x\(String(found, radix: 16)) (expected 0x\(String(expected, radix: 16)) with any word-size nibble)"
        case .lengthMismatch(let declared, let actual):
            return "declared length \(declared) does not match actual length \(actual)"
        case .corruptCompressedData(let detail):
            return "compressed payload is corrupt: \(detail)"
        case .payloadTooLarge(let declared, let limit):
            return "payload declares \(declared) bytes of counts but the layout allows at most \(limit)"
        case .unsupportedNormalizingIndexOffset(let offset):
            return "normalizing index offset \(offset) is not supported (only 0)"
        case .malformedCounts(let detail):
            return "counts stream is malformed: \(detail)"
        case .countsExceedLayout(let countsLength):
            return "counts stream addresses buckets beyond the layout's \(countsLength) counters"
        case .countOverflow:
            return "decoded counts overflow a 64-bit total"
        }
    }
}
