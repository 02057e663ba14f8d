/// An incremental decoder of chunked bodies (RFC 9112 §7.1): fed whatever bytes arrived, it hands
/// back the body's bytes in place and says when the body, its last chunk, trailer section and final
/// CRLF included, is complete.
///
/// A state machine over the framing bytes, so that the bytes may be split anywhere, one at a time
/// included, and each is looked at once; chunk data is passed on in runs without being looked at.
/// It holds no heap storage: one decoder per connection, ``reset()`` for each response.
///
/// As strict as ``HTTP1ResponseParser``:
/// - a chunk size is hexadecimal digits only (no sign, no `0x`, no whitespace before it), at most
///   ``HTTP1Limits/maximumChunkSize``; leading zeros are digits like any other;
/// - whitespace after the size or an extension (BWS, RFC 9112 §7.1.1) must be followed by `;`, `=`
///   or an extension, never by the CRLF;
/// - extensions must be `;name[=value]` with a token name and a token or quoted-string value; they
///   are checked and ignored, as RFC 9112 §7.1.1 says of unknown extensions;
/// - chunk data must be followed by exactly CRLF, and every line ends in CRLF, never LF alone;
/// - trailer fields are checked as header fields are (no obsolete folding, no whitespace before the
///   colon, no control characters), counted against ``HTTP1Limits/maximumFieldCount`` and
///   ``HTTP1Limits/maximumTrailerBytes``, and dropped: RFC 9110 §6.5 lets a recipient discard them.
package struct HTTP1ChunkedDecoder: Sendable {
    /// The limits every body must keep.
    package let limits: HTTP1Limits
    private var state = State.sizeStart
    /// While a chunk-size line is read, the size so far; in the chunk's data, the bytes left of it.
    private var size = 0
    private var lineBytes = 0
    private var trailerBytes = 0
    private var trailerFields = 0
    /// The error that stopped the body, thrown again by every later call.
    private var failure: HTTP1ParseError?

    /// A decoder for bodies within `limits`.
    package init(limits: HTTP1Limits = .init()) {
        self.limits = limits
    }

    /// Whether the body has ended: its last chunk, trailer section and final CRLF have come.
    package var isComplete: Bool { state == .complete }

    /// Readies the decoder for the next chunked body.
    package mutating func reset() {
        self = HTTP1ChunkedDecoder(limits: limits)
    }

    /// Decodes from the start of `input`, calling `body` with each run of body bytes, in order: slices
    /// of `input`, to be used before `body` returns.
    ///
    /// Returns how many bytes of `input` it consumed, and whether the body is complete; then the bytes
    /// after `consumed` belong to the next response. While the body is incomplete, the decoder
    /// consumes all of `input` (a chunk-size line cut short is kept in its state), but callers should
    /// rely only on the contract: feed again whatever was not consumed, with more bytes after it.
    ///
    /// Untyped `throws`: it throws ``HTTP1ParseError`` for the body's own faults, and rethrows what
    /// `body` throws unchanged. Swift 6 has no way to spell "this type or the closure's", and a
    /// generic thrown type would wrap the decoder's errors for every caller, or be `Never` and
    /// unusable for those whose `body` cannot fail. After any error, the body cannot be resumed:
    /// a decoding error is thrown again by every later call, and after an error from `body` the
    /// decoder stands past the run it was given.
    package mutating func decode(
        _ input: UnsafeRawBufferPointer, body: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> (consumed: Int, isComplete: Bool) {
        if let failure { throw failure }
        var index = 0
        let count = input.count
        while index < count, state != .complete {
            if state == .data {
                let start = index
                let run = min(size, count &- index)
                index &+= run
                size &-= run
                if size == 0 { state = .dataCR }
                try body(UnsafeRawBufferPointer(rebasing: input[start..<index]))
            } else {
                do {
                    try step(input[index])
                } catch {
                    failure = error
                    throw error
                }
                index &+= 1
            }
        }
        return (index, state == .complete)
    }

    /// Where in the body the next byte falls.
    private enum State {
        case sizeStart, size, afterSize
        case beforeExtensionName, extensionName, afterExtensionName, beforeExtensionValue
        case extensionToken, extensionQuoted, extensionQuotedPair, afterQuotedValue, afterExtension
        case sizeLF, data, dataCR, dataLF
        case trailerLineStart, trailerName, trailerNameBlank, trailerValue, trailerLF, endLF
        case complete
    }

    private static func chunked(_ fault: HTTP1ChunkedFault) -> HTTP1ParseError {
        .framing(.invalidChunkedEncoding(fault))
    }

    /// Takes one framing byte: of a chunk-size line, the CRLF after data, or the trailer section.
    private mutating func step(_ byte: UInt8) throws(HTTP1ParseError) {
        switch state {
        case .sizeStart, .size, .afterSize, .beforeExtensionName, .extensionName, .afterExtensionName, .beforeExtensionValue,
            .extensionToken, .extensionQuoted, .extensionQuotedPair, .afterQuotedValue, .afterExtension, .sizeLF:
            lineBytes &+= 1
            guard lineBytes <= limits.maximumChunkLineBytes else { throw .tooLarge(.chunkLineBytes(limits.maximumChunkLineBytes)) }
            try stepChunkLine(byte)
        case .dataCR:
            guard byte == HTTP1Bytes.cr else { throw Self.chunked(.missingCRLFAfterData) }
            state = .dataLF
        case .dataLF:
            guard byte == HTTP1Bytes.lf else { throw Self.chunked(.missingCRLFAfterData) }
            state = .sizeStart
            lineBytes = 0
        case .trailerLineStart, .trailerName, .trailerNameBlank, .trailerValue, .trailerLF, .endLF:
            trailerBytes &+= 1
            guard trailerBytes <= limits.maximumTrailerBytes else { throw .tooLarge(.trailerBytes(limits.maximumTrailerBytes)) }
            try stepTrailer(byte)
        case .data, .complete:
            // `decode` passes data on in runs and stops at the end; neither comes here.
            break
        }
    }

    /// `chunk-size *( BWS ";" BWS name [ BWS "=" BWS value ] ) CRLF` (RFC 9112 §7.1, §7.1.1).
    private mutating func stepChunkLine(_ byte: UInt8) throws(HTTP1ParseError) {
        if byte == HTTP1Bytes.lf, state != .sizeLF { throw Self.chunked(.bareLF) }
        let isBlank = HTTP1Bytes.isBlank(byte)
        switch state {
        case .sizeStart:
            guard let digit = HTTP1Bytes.hexValue(byte) else { throw Self.chunked(.invalidChunkSize) }
            size = digit
            state = .size
        case .size:
            if let digit = HTTP1Bytes.hexValue(byte) {
                // The limit is at least 0, so `bound - digit` cannot overflow.
                let bound = max(limits.maximumChunkSize, 0)
                let (shifted, overflow) = size.multipliedReportingOverflow(by: 16)
                guard !overflow, shifted <= bound &- digit else { throw Self.chunked(.chunkSizeTooLarge(limit: bound)) }
                size = shifted &+ digit
            } else if isBlank {
                state = .afterSize
            } else {
                try endOfSizeOrExtension(byte, otherwise: .invalidChunkSize)
            }
        case .afterSize:
            if !isBlank {
                guard byte == HTTP1Bytes.semicolon else {
                    throw Self.chunked(byte == HTTP1Bytes.cr ? .whitespaceAtEndOfChunkLine : .invalidChunkSize)
                }
                state = .beforeExtensionName
            }
        case .beforeExtensionName:
            if !isBlank {
                guard HTTP1Bytes.isToken(byte) else { throw Self.chunked(.invalidChunkExtension) }
                state = .extensionName
            }
        case .extensionName:
            if isBlank {
                state = .afterExtensionName
            } else if byte == HTTP1Bytes.equals {
                state = .beforeExtensionValue
            } else if !HTTP1Bytes.isToken(byte) {
                try endOfSizeOrExtension(byte, otherwise: .invalidChunkExtension)
            }
        case .afterExtensionName:
            if byte == HTTP1Bytes.equals {
                state = .beforeExtensionValue
            } else if !isBlank {
                try endOfBlanks(byte)
            }
        case .beforeExtensionValue:
            if byte == HTTP1Bytes.quote {
                state = .extensionQuoted
            } else if !isBlank {
                guard HTTP1Bytes.isToken(byte) else { throw Self.chunked(.invalidChunkExtension) }
                state = .extensionToken
            }
        case .extensionToken:
            if isBlank {
                state = .afterExtension
            } else if !HTTP1Bytes.isToken(byte) {
                try endOfSizeOrExtension(byte, otherwise: .invalidChunkExtension)
            }
        case .extensionQuoted:
            if byte == HTTP1Bytes.quote {
                state = .afterQuotedValue
            } else if byte == HTTP1Bytes.backslash {
                state = .extensionQuotedPair
            } else if !HTTP1Bytes.isText(byte) {
                throw Self.chunked(.invalidChunkExtension)
            }
        case .extensionQuotedPair:
            guard HTTP1Bytes.isText(byte) else { throw Self.chunked(.invalidChunkExtension) }
            state = .extensionQuoted
        case .afterQuotedValue:
            if isBlank {
                state = .afterExtension
            } else {
                try endOfSizeOrExtension(byte, otherwise: .invalidChunkExtension)
            }
        case .afterExtension:
            if !isBlank { try endOfBlanks(byte) }
        case .sizeLF:
            guard byte == HTTP1Bytes.lf else { throw Self.chunked(.bareCR) }
            if size == 0 {
                state = .trailerLineStart
            } else {
                state = .data
            }
        default:
            break
        }
    }

    /// After the size, a name or a value: a `;` starts an extension, a CR ends the line.
    private mutating func endOfSizeOrExtension(_ byte: UInt8, otherwise fault: HTTP1ChunkedFault) throws(HTTP1ParseError) {
        switch byte {
        case HTTP1Bytes.semicolon: state = .beforeExtensionName
        case HTTP1Bytes.cr: state = .sizeLF
        default: throw Self.chunked(fault)
        }
    }

    /// After whitespace that followed a name or a value: only a `;` may come, not the line's end.
    private mutating func endOfBlanks(_ byte: UInt8) throws(HTTP1ParseError) {
        switch byte {
        case HTTP1Bytes.semicolon: state = .beforeExtensionName
        case HTTP1Bytes.cr: throw Self.chunked(.whitespaceAtEndOfChunkLine)
        default: throw Self.chunked(.invalidChunkExtension)
        }
    }

    /// `*( field-line CRLF ) CRLF` (RFC 9112 §7.1.2), field lines checked as in a head.
    private mutating func stepTrailer(_ byte: UInt8) throws(HTTP1ParseError) {
        if byte == HTTP1Bytes.lf, state != .trailerLF, state != .endLF { throw Self.chunked(.bareLF) }
        switch state {
        case .trailerLineStart:
            if byte == HTTP1Bytes.cr {
                state = .endLF
            } else if HTTP1Bytes.isToken(byte) {
                trailerFields &+= 1
                guard trailerFields <= limits.maximumFieldCount else { throw .tooLarge(.trailerFieldCount(limits.maximumFieldCount)) }
                state = .trailerName
            } else if HTTP1Bytes.isBlank(byte) {
                throw Self.chunked(.trailer(.obsoleteLineFolding))
            } else {
                throw Self.chunked(.trailer(byte == HTTP1Bytes.colon ? .emptyName : .invalidNameCharacter))
            }
        case .trailerName, .trailerNameBlank:
            if byte == HTTP1Bytes.colon {
                guard state == .trailerName else { throw Self.chunked(.trailer(.whitespaceBeforeColon)) }
                state = .trailerValue
            } else if HTTP1Bytes.isBlank(byte) {
                state = .trailerNameBlank
            } else if byte == HTTP1Bytes.cr {
                throw Self.chunked(.trailer(.missingColon))
            } else if state == .trailerNameBlank || !HTTP1Bytes.isToken(byte) {
                throw Self.chunked(.trailer(.invalidNameCharacter))
            }
        case .trailerValue:
            if byte == HTTP1Bytes.cr {
                state = .trailerLF
            } else if !HTTP1Bytes.isText(byte) {
                throw Self.chunked(.trailer(.invalidValueCharacter))
            }
        case .trailerLF:
            guard byte == HTTP1Bytes.lf else { throw Self.chunked(.bareCR) }
            state = .trailerLineStart
        case .endLF:
            guard byte == HTTP1Bytes.lf else { throw Self.chunked(.bareCR) }
            state = .complete
        default:
            break
        }
    }
}
