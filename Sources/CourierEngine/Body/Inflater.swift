#if os(Linux)
import CZlib

/// A `gzip` or `deflate` (zlib) body inflated as it arrives, with zlib's stream kept per
/// connection and reset between responses.
///
/// Its output is counted against the request's body limit while it is made, so a small bomb that
/// would inflate to gigabytes stops at the limit having held no more than the limit and one
/// window of output.
final class Inflater {
    enum Failure: Error {
        /// The body is not what its `Content-Encoding` says.
        case corrupt(String)
    }

    private var stream = z_stream()
    private var isReady = false
    private let window = UnsafeMutableRawBufferPointer.allocate(byteCount: 32 << 10, alignment: 16)
    /// Whether the compressed stream has ended; bytes after its end are an error.
    private(set) var isFinished = false

    deinit {
        if isReady { inflateEnd(&stream) }
        window.deallocate()
    }

    /// Gets ready for a new body; `false` when zlib cannot (out of memory).
    func reset() -> Bool {
        isFinished = false
        if isReady { return inflateReset(&stream) == Z_OK }
        // 15 window bits, plus 32: zlib tells a gzip header from a zlib one by itself.
        isReady = inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        return isReady
    }

    /// Inflates `input` whole, handing each run of output to `output`.
    func inflate(_ input: UnsafeRawBufferPointer, into output: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard !input.isEmpty else { return }
        guard !isFinished else { throw Failure.corrupt("bytes after the end of the compressed body") }
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = uInt(input.count)
        defer {
            stream.next_in = nil
            stream.avail_in = 0
        }
        repeat {
            stream.next_out = window.baseAddress?.assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(window.count)
            let status = CZlib.inflate(&stream, Z_NO_FLUSH)
            let produced = window.count - Int(stream.avail_out)
            if produced > 0 { try output(UnsafeRawBufferPointer(rebasing: window[..<produced])) }
            switch status {
            case Z_STREAM_END:
                isFinished = true
                if stream.avail_in > 0 { throw Failure.corrupt("bytes after the end of the compressed body") }
                return
            case Z_OK:
                continue
            case Z_BUF_ERROR:
                // No progress was possible: all input is taken and zlib waits for more.
                if produced == 0 { return }
            default:
                let message = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                throw Failure.corrupt(message)
            }
        } while stream.avail_in > 0 || stream.avail_out == 0
    }
}
#endif
