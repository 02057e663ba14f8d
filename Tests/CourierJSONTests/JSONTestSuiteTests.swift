import Courier
import CourierJSON
import Foundation
import Testing

/// JSONTestSuite's parsing corpus, decoded as any JSON: every `y_` decodes, every `n_` fails as
/// `dataCorrupted`, and each `i_` (implementation-defined) gets the choice DecodingAndEncoding.md
/// documents.
@Suite(.enabled(if: Corpus.directory != nil, "JSONTestSuite corpus not found beside the repository"))
struct JSONTestSuiteTests {
    /// What CourierJSONDecoder does with each implementation-defined document, and why.
    enum Choice: Equatable {
        /// Decodes as any JSON.
        case decodes
        /// Is not JSON: rejected before any decoding, as `dataCorrupted` with no coding path.
        case invalid
        /// Is valid JSON whose number is too large for a `Double` (or a `Decimal`): decoding it as one
        /// fails, skipping it works.
        case numberOutOfRange
    }

    static let choices: [String: Choice] = [
        // Numbers past Double's range are errors, not infinities; below it they round to zero, the
        // correctly rounded value (what Double(String) gives). Integers past Int64 decode as Double.
        "i_number_double_huge_neg_exp.json": .decodes,
        "i_number_huge_exp.json": .numberOutOfRange,
        "i_number_neg_int_huge_exp.json": .numberOutOfRange,
        "i_number_pos_double_huge_exp.json": .numberOutOfRange,
        "i_number_real_neg_overflow.json": .numberOutOfRange,
        "i_number_real_pos_overflow.json": .numberOutOfRange,
        "i_number_real_underflow.json": .decodes,
        "i_number_too_big_neg_int.json": .decodes,
        "i_number_too_big_pos_int.json": .decodes,
        "i_number_very_big_negative_int.json": .decodes,
        // A lone UTF-16 surrogate escape cannot be a Swift String: an error, not a replacement.
        "i_object_key_lone_2nd_surrogate.json": .invalid,
        "i_string_1st_surrogate_but_2nd_missing.json": .invalid,
        "i_string_1st_valid_surrogate_2nd_invalid.json": .invalid,
        "i_string_incomplete_surrogate_and_escape_valid.json": .invalid,
        "i_string_incomplete_surrogate_pair.json": .invalid,
        "i_string_incomplete_surrogates_escape_valid.json": .invalid,
        "i_string_invalid_lonely_surrogate.json": .invalid,
        "i_string_invalid_surrogate.json": .invalid,
        "i_string_inverted_surrogates_U+1D11E.json": .invalid,
        "i_string_lone_second_surrogate.json": .invalid,
        // Only UTF-8 is JSON (RFC 8259 §8.1): invalid UTF-8 and other encodings are rejected.
        "i_string_UTF-16LE_with_BOM.json": .invalid,
        "i_string_UTF-8_invalid_sequence.json": .invalid,
        "i_string_UTF8_surrogate_U+D800.json": .invalid,
        "i_string_invalid_utf-8.json": .invalid,
        "i_string_iso_latin_1.json": .invalid,
        "i_string_lone_utf8_continuation_byte.json": .invalid,
        "i_string_not_in_unicode_range.json": .invalid,
        "i_string_overlong_sequence_2_bytes.json": .invalid,
        "i_string_overlong_sequence_6_bytes.json": .invalid,
        "i_string_overlong_sequence_6_bytes_null.json": .invalid,
        "i_string_truncated-utf-8.json": .invalid,
        "i_string_utf16BE_no_BOM.json": .invalid,
        "i_string_utf16LE_no_BOM.json": .invalid,
        // Nesting up to 512 levels is fine; a UTF-8 byte order mark is skipped (RFC 8259 §8.1).
        "i_structure_500_nested_arrays.json": .decodes,
        "i_structure_UTF-8_BOM_empty_object.json": .decodes,
    ]

    @Test func theCorpusIsComplete() {
        #expect(Corpus.files(prefix: "").count == 318)
        #expect(Set(Corpus.files(prefix: "i_")) == Set(Self.choices.keys))
    }

    @Test(arguments: Corpus.files(prefix: "y_"))
    func validDocumentsDecode(name: String) throws {
        _ = try CourierJSONDecoder().decode(JSONValue.self, from: Corpus.contents(name))
    }

    @Test(arguments: Corpus.files(prefix: "n_"))
    func invalidDocumentsFailAsDataCorrupted(name: String) throws {
        let data = try Corpus.contents(name)
        let error = #expect(throws: DecodingError.self) { try CourierJSONDecoder().decode(JSONValue.self, from: data) }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("\(name): \(String(describing: error))")
            return
        }
        #expect(context.codingPath.isEmpty)
        #expect(context.debugDescription.contains("not valid JSON"))
    }

    @Test(arguments: Corpus.files(prefix: "i_"))
    func implementationDefinedDocumentsGetTheDocumentedChoice(name: String) throws {
        let data = try Corpus.contents(name)
        let decoder = CourierJSONDecoder()
        switch Self.choices[name] {
        case .decodes:
            _ = try decoder.decode(JSONValue.self, from: data)
        case .invalid:
            #expect(throws: DecodingError.self) { try decoder.decode(Skipped.self, from: data) }
        case .numberOutOfRange:
            _ = try decoder.decode(Skipped.self, from: data)
            let error = #expect(throws: DecodingError.self) { try decoder.decode([Double].self, from: data) }
            guard case .dataCorrupted(let context) = error else {
                Issue.record("\(name): \(String(describing: error))")
                return
            }
            #expect(context.debugDescription.contains("not representable"))
            #expect(context.codingPath.map(\.intValue) == [0])
        case nil:
            Issue.record("\(name) has no documented choice")
        }
    }

    /// The underflowing numbers decode as zero, and the big integers as the nearest doubles.
    @Test func implementationDefinedNumbersDecodeAsDoubleParsesThem() throws {
        for name in [
            "i_number_double_huge_neg_exp.json", "i_number_real_underflow.json", "i_number_too_big_neg_int.json",
            "i_number_too_big_pos_int.json", "i_number_very_big_negative_int.json",
        ] {
            let data = try Corpus.contents(name)
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: "[] \n"))
            #expect(try CourierJSONDecoder().decode([Double].self, from: data) == [Double(text)], "\(name)")
        }
    }
}

/// A model that reads nothing: whatever the document holds, only its validity matters.
private struct Skipped: Decodable {
    init(from decoder: any Decoder) throws {}
}
