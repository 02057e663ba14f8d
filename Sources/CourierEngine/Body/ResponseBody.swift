#if os(Linux)
import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response body as its bytes arrive, over either HTTP version: copied, or inflated as its
/// `Content-Encoding` says, into one `Data`, within the request's limit and the transport's memory
/// budget, which it is charged to until the body is handed over or given up.
struct ResponseBody {
    /// The bytes so far.
    private(set) var data = Data()
    /// Bytes charged to the budget for this body: at least its size, growing by doubling.
    private(set) var charged = 0
    /// Whether the bytes go through the inflater.
    private(set) var inflating = false
    /// The request's limit on the body, inflated.
    private let limit: Int
    private let budget: ResponseMemoryBudget?

    /// No body yet; nothing charged.
    init() {
        limit = 0
        budget = nil
    }

    /// A body for a request whose limit is `limit`, held against `budget`.
    init(limit: Int, budget: ResponseMemoryBudget?) {
        self.limit = limit
        self.budget = budget
    }

    /// The server announced `length` bytes: refused past the limit, else reserved at once.
    mutating func expect(length: Int) throws {
        guard length <= limit else { throw ResponseTooLargeError(.body(limit: limit)) }
        guard length > 0 else { return }
        data.reserveCapacity(length)
        try charge(length)
    }

    /// Inflates what comes with `inflater` (reset here) when `coding` (the `Content-Encoding`'s
    /// bytes) is `gzip`, `x-gzip` or `deflate`; takes it as it comes for `identity`; refuses any
    /// other coding, which could not be read.
    mutating func decode(coding: UnsafeRawBufferPointer, with inflater: Inflater) throws {
        if Self.isCoding(coding, "gzip") || Self.isCoding(coding, "x-gzip") || Self.isCoding(coding, "deflate") {
            guard inflater.reset() else { throw URLError(.cannotDecodeContentData) }
            inflating = true
        } else if !Self.isCoding(coding, "identity") {
            throw URLError(.cannotDecodeContentData, userInfo: [NSLocalizedDescriptionKey: "unsupported Content-Encoding"])
        }
    }

    /// Appends bytes as they came, or inflated through `inflater`.
    mutating func deliver(_ bytes: UnsafeRawBufferPointer, inflater: Inflater?) throws {
        guard !bytes.isEmpty else { return }
        guard inflating, let inflater else { return try append(bytes) }
        do {
            try inflater.inflate(bytes) { try append($0) }
        } catch let failure as Inflater.Failure {
            guard case .corrupt(let words) = failure else { throw failure }
            throw URLError(.cannotDecodeContentData, userInfo: [NSLocalizedDescriptionKey: "the body does not inflate: \(words)"])
        }
    }

    /// The error for a body that ended where the inflater had not: nil when it is whole.
    func endError(inflater: Inflater?) -> URLError? {
        guard inflating, inflater?.isFinished == false else { return nil }
        return URLError(.cannotDecodeContentData, userInfo: [NSLocalizedDescriptionKey: "the compressed body ended before its end"])
    }

    /// Gives the charge back to the budget: the body was handed over or given up.
    mutating func release() {
        budget?.release(charged)
        charged = 0
    }

    private mutating func append(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress else { return }
        guard bytes.count <= limit - data.count else { throw ResponseTooLargeError(.body(limit: limit)) }
        let needed = data.count + bytes.count
        if needed > charged { try charge(max(needed, charged * 2) - charged) }
        data.append(base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    }

    private mutating func charge(_ bytes: Int) throws {
        guard let budget else { return }
        guard budget.reserve(bytes) else { throw ResponseTooLargeError(.budget(limit: budget.limit)) }
        charged += bytes
    }

    /// Whether `bytes` is the coding `name`, ignoring ASCII case.
    private static func isCoding(_ bytes: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
        guard bytes.count == name.utf8CodeUnitCount else { return false }
        return zip(bytes, UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)).allSatisfy { $0 | 0x20 == $1 }
    }
}
#endif
