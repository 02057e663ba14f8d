import CourierHTTP1
import Testing

/// Every error reads well, falls in one family, and is the verdict of some case of the tables.
struct HTTP1ParseErrorTests {
    /// One error of every case, payloads aside.
    static let everyError: [HTTP1ParseError] =
        [
            .framing(.conflictingContentLength(5, 6)), .framing(.invalidContentLength), .framing(.contentLengthWithTransferEncoding),
            .framing(.unsupportedTransferCoding), .framing(.transferEncodingInHTTP10),
            .tooLarge(.headBytes(1)), .tooLarge(.fieldCount(1)), .tooLarge(.trailerBytes(1)), .tooLarge(.trailerFieldCount(1)),
            .tooLarge(.chunkLineBytes(1)),
            .malformed(.notAStatusLine), .malformed(.unsupportedVersion), .malformed(.invalidStatusCode),
            .malformed(.missingSpaceAfterStatusCode), .malformed(.invalidReasonPhrase), .malformed(.bareCR), .malformed(.bareLF),
            .malformed(.repeatedContentEncoding),
        ] + fieldFaults.map { .malformed(.field($0)) }
        + (chunkedFaults + fieldFaults.map { .trailer($0) }).map { .framing(.invalidChunkedEncoding($0)) }

    static let fieldFaults: [HTTP1FieldFault] = [
        .obsoleteLineFolding, .emptyName, .invalidNameCharacter, .whitespaceBeforeColon, .missingColon, .invalidValueCharacter,
    ]

    static let chunkedFaults: [HTTP1ChunkedFault] = [
        .invalidChunkSize, .chunkSizeTooLarge(limit: 1), .whitespaceAtEndOfChunkLine, .invalidChunkExtension, .missingCRLFAfterData,
        .bareCR, .bareLF,
    ]

    /// The error's case, payloads aside. Exhaustive, so that a new case cannot be left out here.
    static func name(_ error: HTTP1ParseError) -> String {
        switch error {
        case .framing(.invalidChunkedEncoding(.trailer(let fault))): "trailer.\(fault)"
        case .framing(.invalidChunkedEncoding(.chunkSizeTooLarge)): "chunkSizeTooLarge"
        case .framing(.invalidChunkedEncoding(let fault)): "chunked.\(fault)"
        case .framing(.conflictingContentLength): "conflictingContentLength"
        case .framing(let fault): "framing.\(fault)"
        case .tooLarge(.headBytes): "headBytes"
        case .tooLarge(.fieldCount): "fieldCount"
        case .tooLarge(.trailerBytes): "trailerBytes"
        case .tooLarge(.trailerFieldCount): "trailerFieldCount"
        case .tooLarge(.chunkLineBytes): "chunkLineBytes"
        case .malformed(let fault): "malformed.\(fault)"
        }
    }

    /// Every error path has a test: each case is the verdict of at least one case of the tables.
    @Test func everyErrorIsSomeCasesVerdict() {
        var seen = Set<String>()
        for testCase in HeadCase.all {
            if case .error(let error) = testCase.verdict { seen.insert(Self.name(error)) }
        }
        for testCase in ChunkedCase.all {
            if case .error(let error) = testCase.verdict { seen.insert(Self.name(error)) }
        }
        let all = Set(Self.everyError.map(Self.name))
        #expect(all.count == Self.everyError.count)
        #expect(all.subtracting(seen).sorted() == [])
        #expect(seen.subtracting(all).sorted() == [])
    }

    @Test func descriptionsNameTheFamilyAndTheFault() {
        let descriptions = Self.everyError.map(\.description)
        #expect(Set(descriptions).count == descriptions.count)
        for error in Self.everyError {
            let prefix =
                switch error {
                case .framing: "invalid framing: "
                case .tooLarge: "response too large: "
                case .malformed: "malformed response: "
                }
            #expect(error.description.hasPrefix(prefix))
            #expect(error.description.count > prefix.count + 5)
        }
        #expect(
            HTTP1ParseError.framing(.conflictingContentLength(5, 75)).description == "invalid framing: conflicting Content-Length: 5, 75")
        #expect(HTTP1ParseError.tooLarge(.headBytes(65536)).description == "response too large: a head longer than 65536 bytes")
        #expect(
            HTTP1ParseError.framing(.invalidChunkedEncoding(.trailer(.whitespaceBeforeColon))).description
                == "invalid framing: invalid chunked encoding: trailer field: whitespace between a field name and its colon")
    }
}
