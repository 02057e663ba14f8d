import CourierFixtures
import CourierJSON
import Foundation
import Testing

/// Mutated documents, byte by byte: the decoder returns a value or a `DecodingError`, never
/// anything else, never crashes, and accepts exactly what the reference validator accepts.
@Suite(.enabled(if: Corpus.directory != nil, "JSONTestSuite corpus not found beside the repository"))
struct FuzzTests {
    /// One random edit: a byte replaced, inserted or removed, or a structural character inserted.
    private static func mutate(_ bytes: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        var bytes = bytes
        let interesting: [UInt8] =
            Array("{}[],:\"\\-+.eE0123456789tfnu ".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xFF]
        let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
        let byte = Bool.random(using: &random) ? interesting.randomElement(using: &random) ?? 0 : UInt8.random(in: 0...255, using: &random)
        switch (Int.random(in: 0..<4, using: &random), bytes.isEmpty) {
        case (0, false): bytes[position] = byte
        case (1, false): bytes.remove(at: position)
        case (2, false): bytes[position] ^= 1 << UInt8.random(in: 0..<8, using: &random)
        default: bytes.insert(byte, at: position)
        }
        return bytes
    }

    /// Decodes `bytes` as `Model` and checks the verdict against the reference; returns whether it
    /// decoded.
    @discardableResult
    private static func check<Model: Decodable>(_ bytes: [UInt8], as model: Model.Type, sourceLocation: SourceLocation = #_sourceLocation)
        -> Bool
    {
        let decoded: Bool
        do {
            _ = try CourierJSONDecoder().decode(Model.self, from: bytes)
            decoded = true
        } catch is DecodingError {
            decoded = false
        } catch {
            Issue.record("not a DecodingError: \(error)", sourceLocation: sourceLocation)
            return false
        }
        #expect(
            decoded == ReferenceValidator.isValid(bytes), "\(String(decoding: bytes, as: UTF8.self).debugDescription)",
            sourceLocation: sourceLocation)
        return decoded
    }

    /// Every corpus file, each mutated 12 times, a mutation building on the last about half the time.
    @Test(.timeLimit(.minutes(2)))
    func mutatedCorpusFiles() async throws {
        var random = SplitMix64(seed: 0xF022)
        var cases = 0
        var decoded = 0
        for name in Corpus.files(prefix: "") {
            await yieldPeriodically(cases, every: 24)
            let original = Array(try Corpus.contents(name))
            var bytes = original
            for _ in 0..<12 {
                bytes = Self.mutate(Bool.random(using: &random) ? bytes : original, using: &random)
                if Self.check(bytes, as: Document.self) { decoded += 1 }
                cases += 1
            }
        }
        #expect(cases == 318 * 12)
        // Both outcomes are exercised: the mutations are neither all fatal nor all harmless.
        #expect(decoded > cases / 20 && decoded < cases / 2)
    }

    /// The fixture payloads, which are larger and varied, mutated at random places and checked
    /// for validity alone (reading every value of a 15 kB document with `try?` at each one is
    /// slow with either decoder: each failed attempt builds an error).
    @Test(.timeLimit(.minutes(2)))
    func mutatedFixtures() async {
        var random = SplitMix64(seed: 0xF1C5)
        for (shape, count) in [(PayloadShape.tinyObject, 200), (.deeplyNested, 150), (.list100, 30)] {
            let original = Array(Payload.make(shape).json)
            for round in 0..<count {
                await yieldPeriodically(round, every: 1)
                Self.check(Self.mutate(original, using: &random), as: Skipped.self)
            }
        }
    }

    /// The reference agrees with the corpus on every file whose verdict the corpus fixes, so it is
    /// fit to judge the mutations.
    @Test func theReferenceAgreesWithTheCorpus() throws {
        for name in Corpus.files(prefix: "y_") { #expect(ReferenceValidator.isValid(Array(try Corpus.contents(name))), "\(name)") }
        for name in Corpus.files(prefix: "n_") { #expect(!ReferenceValidator.isValid(Array(try Corpus.contents(name))), "\(name)") }
        for (name, choice) in JSONTestSuiteTests.choices {
            #expect(ReferenceValidator.isValid(Array(try Corpus.contents(name))) == (choice != .invalid), "\(name)")
        }
    }
}

/// Reads nothing: only the document's validity counts.
private struct Skipped: Decodable {
    init(from decoder: any Decoder) throws {}
}

/// Reads every value of any document, so conversions run too. A number too large for a `Double`
/// is valid JSON, so failing to convert it is not a failure here.
private struct Document: Decodable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() || (try? container.decode(Bool.self)) != nil || (try? container.decode(String.self)) != nil {
            return
        }
        do {
            _ = try container.decode(Double.self)
        } catch DecodingError.typeMismatch {
            if (try? container.decode([Document].self)) != nil { return }
            _ = try container.decode([String: Document].self)
        } catch {
            // A number out of Double's range.
        }
    }
}
