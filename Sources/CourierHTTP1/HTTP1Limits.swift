/// Limits a response must keep.
///
/// They bound what a server can make the client hold or scan before a response is refused: a head
/// is parsed in place in the connection's read buffer, which grows until the head's end has come,
/// so the head's size is the buffer's size. Every limit is checked as the bytes arrive, never after
/// the fact.
package struct HTTP1Limits: Sendable, Equatable {
    /// The whole head: status line, field lines and every CRLF, the final empty line's included.
    package var maximumHeaderBytes: Int
    /// Field lines in the head; trailer fields are counted against the same number.
    package var maximumFieldCount: Int
    /// The trailer section of a chunked body: its field lines and the final CRLF.
    package var maximumTrailerBytes: Int
    /// One chunk-size line with its extensions and CRLF. Extensions carry nothing the client uses,
    /// so a long run of them is only work for the decoder; RFC 9112 §7.1.1 asks for such a limit.
    package var maximumChunkLineBytes: Int
    /// The largest chunk size accepted. Far beyond any real chunk, it keeps every size the decoder
    /// computes with far from `Int.max`.
    package var maximumChunkSize: Int

    /// Limits with the defaults most clients use: 64 KiB of head, 128 fields, 16 KiB of trailers,
    /// 4 KiB per chunk-size line and chunks below 1 TiB.
    package init(
        maximumHeaderBytes: Int = 64 << 10, maximumFieldCount: Int = 128, maximumTrailerBytes: Int = 16 << 10,
        maximumChunkLineBytes: Int = 4 << 10, maximumChunkSize: Int = 1 << 40
    ) {
        self.maximumHeaderBytes = maximumHeaderBytes
        self.maximumFieldCount = maximumFieldCount
        self.maximumTrailerBytes = maximumTrailerBytes
        self.maximumChunkLineBytes = maximumChunkLineBytes
        self.maximumChunkSize = maximumChunkSize
    }
}
