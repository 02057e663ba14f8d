import Foundation

/// A payload that does not decode as the type asked for, with the decoder's reason in one line
/// (`no key 'login' at [3].user`), instead of `DecodingError`'s multi-line dump.
struct PayloadMismatch: Error, CustomStringConvertible {
    /// The payload's name.
    let payload: String
    /// The type it was decoded as.
    let type: String
    /// Why it did not decode.
    let reason: String

    init(payload: String, type: Any.Type, error: any Error) {
        self.payload = payload
        self.type = String(describing: type)
        reason = (error as? DecodingError)?.summary ?? String(describing: error)
    }

    var description: String {
        "\(payload) does not decode as \(type): \(reason)"
    }
}

extension DecodingError {
    /// What went wrong and where, in one line.
    var summary: String {
        switch self {
        case .keyNotFound(let key, let context):
            "no key '\(key.stringValue)' at \(Self.path(context.codingPath))"
        case .typeMismatch(let type, let context):
            "expected \(type) at \(Self.path(context.codingPath))"
        case .valueNotFound(let type, let context):
            "null where \(type) was expected at \(Self.path(context.codingPath))"
        case .dataCorrupted(let context):
            Self.reason(context) + (context.codingPath.isEmpty ? "" : " at \(Self.path(context.codingPath))")
        @unknown default:
            String(describing: self)
        }
    }

    private static func reason(_ context: Context) -> String {
        // JSON syntax errors keep their position in the underlying error's description.
        let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
        return underlying ?? context.debugDescription
    }

    /// `[3].user.login`, or `the top level`.
    private static func path(_ codingPath: [any CodingKey]) -> String {
        guard !codingPath.isEmpty else { return "the top level" }
        let parts = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
        let joined = parts.joined()
        return joined.hasPrefix(".") ? String(joined.dropFirst()) : joined
    }
}
