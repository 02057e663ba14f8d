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
