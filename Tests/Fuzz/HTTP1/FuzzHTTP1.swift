// The libFuzzer target of CourierHTTP1. Not a SwiftPM target: `.ci/fuzz-http1` compiles this file
// together with Sources/CourierHTTP1/*.swift into one module (hence no import), with
// `swiftc -sanitize=fuzzer,address -parse-as-library`.

/// libFuzzer's entry point: one input, a response as it might come off the wire.
///
/// A crash, a sanitizer report or a broken invariant (which stops the process on purpose) is a
/// failure. The invariants are those the transport relies on: the same verdict however the bytes
/// are split, ranges inside the head, no more body out than bytes in.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP1(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    let head = FuzzHTTP1.checkHead(input)
    if let head, head.framing == .chunked {
        FuzzHTTP1.checkChunked(UnsafeRawBufferPointer(rebasing: input[head.headLength...]), splitBy: input)
    } else if input.first != UInt8(ascii: "H") {
        // Not a response at all: a chunked body on its own, so that the decoder is fuzzed from
        // its first byte too.
        FuzzHTTP1.checkChunked(input, splitBy: input)
    }
    return 0
}

enum FuzzHTTP1 {
    /// Stops the process when an invariant does not hold: libFuzzer records the input as a crash.
    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("invariant broken: \(message())") }
    }

    /// Sizes of the pieces to split an input into, 1 to 16 bytes, taken from the input's own bytes
    /// from its end, so that the fuzzer steers the splits as it steers the bytes.
    struct Splits {
        let source: UnsafeRawBufferPointer
        var index = 0

        mutating func next() -> Int {
            guard !source.isEmpty else { return 1 }
            defer { index += 1 }
            return Int(source[source.count - 1 - index % source.count] & 0x0F) + 1
        }
    }

    /// Parses the head whole and in pieces, answering a GET and a HEAD, checks that all agree and
    /// that the head is sound; returns the head answering a GET.
    static func checkHead(_ input: UnsafeRawBufferPointer) -> HTTP1ResponseHead? {
        var parser = HTTP1ResponseParser()
        let whole = Result { () throws(HTTP1ParseError) in try parser.parseHead(input, requestWasHEAD: false) }
        let fields = parser.fields

        var pieces = HTTP1ResponseParser()
        var splits = Splits(source: input)
        var end = 0
        var piecewise: Result<HTTP1ResponseHead?, HTTP1ParseError> = .success(nil)
        repeat {
            end = min(input.count, end + splits.next())
            let prefix = UnsafeRawBufferPointer(rebasing: input[0..<end])
            piecewise = Result { () throws(HTTP1ParseError) in try pieces.parseHead(prefix, requestWasHEAD: false) }
        } while end < input.count && piecewise == .success(nil)
        require(piecewise == whole, "whole \(whole), in pieces \(piecewise)")
        require(pieces.fields == fields, "fields differ in pieces")

        var headParser = HTTP1ResponseParser()
        let answeringHEAD = Result { () throws(HTTP1ParseError) in try headParser.parseHead(input, requestWasHEAD: true) }

        switch whole {
        case .success(let head?):
            checkSound(head, fields: fields, in: input)
            guard case .success(let other?) = answeringHEAD else { fatalError("a HEAD answer refused: \(answeringHEAD)") }
            require(other.framing == .none && other.status == head.status && other.headLength == head.headLength, "HEAD answer \(other)")
            return head
        case .success(nil):
            require(answeringHEAD == .success(nil), "HEAD answer \(answeringHEAD) of an incomplete head")
            require(input.count < HTTP1Limits().maximumHeaderBytes, "incomplete beyond the limit")
        case .failure(let error):
            // Only the codings of a body that will not come may differ for a HEAD answer.
            if error != .framing(.unsupportedTransferCoding) {
                require(answeringHEAD == .failure(error), "HEAD answer \(answeringHEAD), GET answer \(error)")
            }
            _ = error.description
        }
        return nil
    }

    /// The head's parts lie inside it and say what RFC 9112 allows.
    static func checkSound(_ head: HTTP1ResponseHead, fields: [HTTP1Field], in input: UnsafeRawBufferPointer) {
        let length = head.headLength
        require(length <= input.count && length <= HTTP1Limits().maximumHeaderBytes, "head length \(length)")
        require(length >= 17 && Array(input[(length - 4)..<length]) == [0x0D, 0x0A, 0x0D, 0x0A], "head end")
        require((100...999).contains(head.status) && (0...9).contains(head.minorVersion), "status line")
        require(head.reason.lowerBound == 13 && head.reason.upperBound <= length - 4, "reason \(head.reason)")
        require(fields.count <= HTTP1Limits().maximumFieldCount, "field count")
        var previous = head.reason.upperBound
        for field in fields {
            require(previous < field.name.lowerBound && !field.name.isEmpty, "field order")
            require(field.name.upperBound < field.value.lowerBound && field.value.upperBound <= length - 4, "field \(field)")
            require(input[field.name.upperBound] == UInt8(ascii: ":"), "colon")
            for end in [field.value.first, field.value.last].compactMap({ $0 }) {
                require(input[end] != 0x20 && input[end] != 0x09, "value not trimmed")
            }
            previous = field.value.upperBound
        }
        if let encoding = head.contentEncoding {
            require(fields.contains { $0.value == encoding }, "Content-Encoding is a field's value")
        }
        switch head.framing {
        case .none: break
        case .length(let count): require(count >= 0, "length")
        case .chunked: require(head.minorVersion > 0, "chunked in HTTP/1.0")
        case .untilClose: require(!head.keepAlive, "keep-alive until close")
        }
        if head.isInformational || head.status == 204 || head.status == 304 {
            require(head.framing == .none, "a body after \(head.status)")
        }
    }

    /// What a chunked body decodes to.
    struct Decoded: Equatable {
        var body: [UInt8] = []
        var consumed = 0
        var isComplete = false
        var error: HTTP1ParseError?
    }

    /// Decodes `input` whole and in pieces, carrying what was not consumed into the next piece as
    /// the transport does, and checks that both agree.
    static func checkChunked(_ input: UnsafeRawBufferPointer, splitBy source: UnsafeRawBufferPointer) {
        let whole = decode(input, splits: nil)
        let piecewise = decode(input, splits: Splits(source: source))
        require(whole == piecewise, "whole \(whole), in pieces \(piecewise)")
        require(
            whole.body.count <= (whole.error == nil ? whole.consumed : input.count) && whole.consumed <= input.count, "more out than in")
        require(whole.isComplete || whole.error != nil || whole.consumed == input.count, "an incomplete body left bytes")
    }

    /// Decodes `input` in pieces of the sizes `splits` gives, or whole.
    static func decode(_ input: UnsafeRawBufferPointer, splits: Splits?) -> Decoded {
        var splits = splits
        var decoder = HTTP1ChunkedDecoder()
        var decoded = Decoded()
        var pending: [UInt8] = []
        var position = 0
        repeat {
            let end = min(input.count, position + (splits?.next() ?? input.count))
            pending += input[position..<end]
            position = end
            do {
                let (consumed, isComplete) = try pending.withUnsafeBytes { buffer in
                    try decoder.decode(buffer) { run in
                        require(run.count <= buffer.count, "a run longer than its input")
                        decoded.body += run
                    }
                }
                require(consumed <= pending.count, "consumed \(consumed) of \(pending.count)")
                decoded.consumed += consumed
                pending.removeFirst(consumed)
                if isComplete {
                    decoded.isComplete = true
                    return decoded
                }
            } catch let error as HTTP1ParseError {
                _ = error.description
                decoded.error = error
                // What was consumed before the error depends on the pieces, and means nothing after it.
                decoded.consumed = 0
                return decoded
            } catch {
                fatalError("not an HTTP1ParseError: \(error)")
            }
        } while position < input.count
        return decoded
    }
}
