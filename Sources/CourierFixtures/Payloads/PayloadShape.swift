import Foundation

/// The kinds of JSON document the fixtures can generate.
///
/// Each shape stresses a different part of a JSON decoder, so a benchmark that
/// sweeps every case sees where a decode path is slow rather than one average.
public enum PayloadShape: String, CaseIterable, Sendable, Codable {
    /// One small ``FixtureMovie`` object of roughly 100 bytes; measures per-call overhead.
    case tinyObject
    /// A top-level array of 100 ``FixtureMovie`` records.
    case list100
    /// A top-level array of 10 000 ``FixtureMovie`` records (between 1 and 2 MB).
    case list10k
    /// A chain of 64 ``FixtureNode`` objects, each nested inside the previous one.
    ///
    /// 64 levels exercise recursion while staying far below the 512-level limit
    /// `JSONDecoder` enforces.
    case deeplyNested
    /// A top-level array of ``FixtureArticle`` records with long, escape-heavy,
    /// non-ASCII strings (accents, CJK, emoji, `\uXXXX` escapes and surrogate pairs).
    case stringHeavy
    /// A top-level array of ``FixtureNumbers`` rows: integers of every width and
    /// sign, zero, negative zero, and doubles across the full exponent range.
    case numberHeavy
    /// A top-level array of ``FixtureEvent`` records whose dates are ISO-8601 strings.
    ///
    /// Decode it with a decoder from ``makeDecoder()``, which selects `.iso8601`.
    case iso8601Dates
}

/// One generated fixture: its name, JSON bytes and how many objects it holds.
public struct Payload: Sendable {
    /// The shape this payload was generated for.
    public let shape: PayloadShape
    /// The UTF-8 JSON document, identical on every run and every machine.
    public let json: Data
    /// How many top-level records the document holds, as counted by ``FixtureDocument/objectCount``.
    public let objectCount: Int
}

extension Payload {
    /// Generates the payload for `shape`.
    ///
    /// The bytes are written by hand from a fixed-seed generator rather than via
    /// `JSONEncoder`, so the fixtures can contain what an encoder never emits
    /// (`\uXXXX` escapes, surrogate pairs, `-0.0`, date offsets) and stay
    /// byte-for-byte stable across Foundation versions. Generation is not cached:
    /// callers that need a payload repeatedly should keep the value.
    public static func make(_ shape: PayloadShape) -> Payload {
        let document = shape.generatedDocument
        var writer = JSONWriter()
        document.write(to: &writer)
        return Payload(shape: shape, json: Data(writer.bytes), objectCount: document.objectCount)
    }
}
