extension DecodingState {
    /// `failure` as the `DecodingError` Foundation throws, at `base` and `key`.
    func decodingError<Key: CodingKey>(_ failure: ValueFailure, base: PathBase, key: Key) -> DecodingError {
        let codingPath = codingPath(base, appending: key)
        switch failure {
        case .typeMismatch(let type, let kind, let offset):
            return .typeMismatch(type, .init(
                codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(kind.described) instead, at \(location(of: offset))."))
        case .valueNotFound(let type, let offset):
            return .valueNotFound(type, .init(
                codingPath: codingPath, debugDescription: "Cannot get value of type \(type) -- found null value instead, at \(location(of: offset))."))
        case .corrupted(let message, let offset):
            return .dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(message), at \(location(of: offset))."))
        }
    }

    /// The failure for reading `type` from an entry of another kind: null is a missing value.
    func mismatch(_ type: Any.Type, _ token: Token) -> ValueFailure {
        token.kind == .null
            ? .valueNotFound(type, offset: offset(of: token))
            : .typeMismatch(type, found: token.kind, offset: offset(of: token))
    }
}
