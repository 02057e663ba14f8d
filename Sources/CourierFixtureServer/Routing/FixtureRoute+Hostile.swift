import CZlib
import Foundation

extension FixtureRoute {
    /// A route that answers with `text` as it is, then closes the connection: whatever framing a
    /// hostile server cares to send. See ``FixtureFault/rawResponse(_:)``.
    public static func raw(_ text: String) -> FixtureRoute {
        FixtureRoute(fault: .rawResponse(Data(text.utf8)))
    }

    /// A gzip body of about a thousandth of `inflatedBytes` that inflates to `inflatedBytes` zero
    /// bytes (rounded up to a whole MiB), sent with `Content-Encoding: gzip`: a decompression bomb.
    ///
    /// Made in a few milliseconds whatever the size: deflate's output for a MiB of zeros that follows
    /// zeros is the same every time, so one flushed block is compressed and repeated, and the gzip
    /// trailer's CRC is combined from the CRC of one MiB.
    public static func gzipBomb(inflatedBytes: Int) -> FixtureRoute {
        FixtureRoute(
            headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"],
            body: GzipBomb.make(mebibytes: max(2, (inflatedBytes + (1 << 20) - 1) >> 20))
        )
    }
}

/// The deflate stream of ``FixtureRoute/gzipBomb(inflatedBytes:)``.
private enum GzipBomb {
    static func make(mebibytes: Int) -> Data {
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer {
            deflateEnd(stream)
            stream.deinitialize(count: 1)
            stream.deallocate()
        }
        // Raw deflate (negative window bits): the gzip header and trailer are written here.
        guard
            deflateInit2_(
                stream, Z_BEST_COMPRESSION, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
                == Z_OK
        else {
            return Data()
        }
        let first = deflate(zeros, stream, Z_SYNC_FLUSH)
        let repeated = deflate(zeros, stream, Z_SYNC_FLUSH)
        let last = deflate([], stream, Z_FINISH)
        var body = Data([0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0, 0x02, 0x03])
        body.append(contentsOf: first)
        for _ in 1..<mebibytes { body.append(contentsOf: repeated) }
        body.append(contentsOf: last)
        let mebibyteCRC = zeros.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        var crc: uLong = 0
        for _ in 0..<mebibytes { crc = crc32_combine(crc, mebibyteCRC, 1 << 20) }
        for value in [UInt32(truncatingIfNeeded: crc), UInt32(truncatingIfNeeded: mebibytes << 20)] {
            withUnsafeBytes(of: value.littleEndian) { body.append(contentsOf: $0) }
        }
        return body
    }

    /// What deflate writes for `input` with `flush`.
    private static func deflate(_ input: [UInt8], _ stream: UnsafeMutablePointer<z_stream>, _ flush: Int32) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 64 << 10)
        var written = 0
        var input = input
        input.withUnsafeMutableBufferPointer { source in
            stream.pointee.next_in = source.baseAddress
            stream.pointee.avail_in = uInt(source.count)
            repeat {
                if written == output.count { output.append(contentsOf: [UInt8](repeating: 0, count: output.count)) }
                output.withUnsafeMutableBufferPointer { target in
                    stream.pointee.next_out = target.baseAddress.map { $0 + written }
                    stream.pointee.avail_out = uInt(target.count - written)
                    _ = CZlib.deflate(stream, flush)
                    written = target.count - Int(stream.pointee.avail_out)
                }
            } while stream.pointee.avail_out == 0
        }
        return Array(output[..<written])
    }
}

extension FixtureServer {
    /// Responses that attack the client rather than fail it: framing that contradicts itself
    /// (RFC 9112 §6.3 makes each an unrecoverable error for the recipient), a header field no client
    /// keeps, a decompression bomb. Part of ``standardRoutes``.
    ///
    /// | path | response |
    /// |---|---|
    /// | `/hostile/length/conflicting` | `Content-Length: 5` and `Content-Length: 75`; the 75 bytes hold a whole forged response |
    /// | `/hostile/length/list` | one field `Content-Length: 5, 75`, the same 75 bytes |
    /// | `/hostile/length/repeated` | `Content-Length: 5` twice: the same length twice, which RFC 9110 §8.6 lets a recipient accept |
    /// | `/hostile/length/negative`, `/hostile/length/not-a-number` | `Content-Length: -5`, `Content-Length: five` |
    /// | `/hostile/chunked/invalid-size` | `Transfer-Encoding: chunked` with a chunk size that is not hexadecimal |
    /// | `/hostile/chunked/with-length` | `Transfer-Encoding: chunked` and `Content-Length` both |
    /// | `/hostile/headers/huge` | a 200 KiB header field, twice libcurl's limit for one |
    /// | `/hostile/gzip-bomb` | 1 MiB of gzip that inflates to 1 GiB |
    public static let hostileRoutes: [String: FixtureRoute] = {
        let forged = "HTTP/1.1 200 OK\r\nContent-Length: 13\r\n\r\n{\"forged\":1}\n"
        let body = "[1,2]" + forged
        let json = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n"
        return [
            "/hostile/length/conflicting": .raw(json + "Content-Length: 5\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body),
            "/hostile/length/list": .raw(json + "Content-Length: 5, \(body.utf8.count)\r\n\r\n" + body),
            "/hostile/length/repeated": .raw(json + "Content-Length: 5\r\nContent-Length: 5\r\n\r\n[1,2]"),
            "/hostile/length/negative": .raw(json + "Content-Length: -5\r\n\r\n[1,2]"),
            "/hostile/length/not-a-number": .raw(json + "Content-Length: five\r\n\r\n[1,2]"),
            "/hostile/chunked/invalid-size": .raw(json + "Transfer-Encoding: chunked\r\n\r\nzz\r\n[1,2]\r\n0\r\n\r\n"),
            "/hostile/chunked/with-length": .raw(json + "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n5\r\n[1,2]\r\n0\r\n\r\n"),
            "/hostile/headers/huge": .raw(
                json + "X-Padding: \(String(repeating: "a", count: 200 << 10))\r\nContent-Length: 5\r\n\r\n[1,2]"),
            "/hostile/gzip-bomb": .gzipBomb(inflatedBytes: 1 << 30),
        ]
    }()
}
