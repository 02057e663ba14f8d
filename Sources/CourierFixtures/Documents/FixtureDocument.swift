/// A root value a fixture payload decodes into.
///
/// Requiring `Equatable` lets a benchmark or test check a decode against
/// ``PayloadShape/makeDocument()`` instead of trusting that "no error" means "correct".
public protocol FixtureDocument: Codable, Sendable, Equatable {
    /// How many records this value holds, so every shape reports comparable work.
    var objectCount: Int { get }
}

/// Lists count their elements' records, which lets `[FixtureMovie]` and friends
/// be payload roots without a wrapper type.
extension Array: FixtureDocument where Element: FixtureDocument {
    /// The sum of the elements' record counts.
    public var objectCount: Int {
        reduce(0) { $0 + $1.objectCount }
    }
}
