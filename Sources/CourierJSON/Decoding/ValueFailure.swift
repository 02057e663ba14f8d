/// Why a value could not be read as the type asked for, before the coding path is known.
///
/// The readers throw this small value; the container that called them, which knows the path, turns
/// it into Foundation's `DecodingError` with ``DecodingState/decodingError(_:base:key:)``, so no
/// path is built unless something fails.
enum ValueFailure: Error {
    /// The value is of another JSON type.
    case typeMismatch(Any.Type, found: TokenKind, offset: Int)
    /// The value is `null`.
    case valueNotFound(Any.Type, offset: Int)
    /// The value is of the right JSON type but cannot be this Swift value (a number out of range,
    /// a string that is not a date).
    case corrupted(String, offset: Int)
}
