/// A type read straight from one tape entry, with no `Decoder` in between: the standard library's
/// scalars, which every container decodes through their own requirements.
protocol JSONScalar {
    /// The value at `index`, or why it cannot be one.
    static func read(from state: DecodingState, at index: Int) throws(ValueFailure) -> Self
}

extension Bool: JSONScalar {
    /// A null is a type mismatch for `Bool`, not a missing value as for every other type: that is
    /// what Foundation's decoder throws, and callers match on it.
    static func read(from state: DecodingState, at index: Int) throws(ValueFailure) -> Bool {
        let token = state.tokens[index]
        switch token.kind {
        case .true: return true
        case .false: return false
        default: throw .typeMismatch(Bool.self, found: token.kind, offset: state.offset(of: token))
        }
    }
}

extension String: JSONScalar {
    static func read(from state: DecodingState, at index: Int) throws(ValueFailure) -> String {
        let token = state.tokens[index]
        guard token.kind == .string else { throw state.mismatch(String.self, token) }
        return state.string(token)
    }
}

extension Double: JSONScalar {
    static func read(from state: DecodingState, at index: Int) throws(ValueFailure) -> Double {
        try state.floatingPoint(at: index, converting: NumberConversion.double)
    }
}

extension Float: JSONScalar {
    static func read(from state: DecodingState, at index: Int) throws(ValueFailure) -> Float {
        try state.floatingPoint(at: index, converting: NumberConversion.float)
    }
}

extension JSONScalar where Self: FixedWidthInteger {
    static func read(from state: DecodingState, at index: Int) throws(ValueFailure) -> Self {
        let token = state.tokens[index]
        guard token.kind == .number else { throw state.mismatch(Self.self, token) }
        let text = state.text(of: token)
        guard let value = IntegerConversion.integer(text, isInteger: token.flags & Token.numberIsInteger != 0, as: Self.self) else {
            throw .corrupted(
                "Parsed JSON number <\(String(decoding: text, as: UTF8.self))> does not fit in \(Self.self)", offset: Int(token.start))
        }
        return value
    }
}

extension Int: JSONScalar {}
extension Int8: JSONScalar {}
extension Int16: JSONScalar {}
extension Int32: JSONScalar {}
extension Int64: JSONScalar {}
extension Int128: JSONScalar {}
extension UInt: JSONScalar {}
extension UInt8: JSONScalar {}
extension UInt16: JSONScalar {}
extension UInt32: JSONScalar {}
extension UInt64: JSONScalar {}
extension UInt128: JSONScalar {}

extension DecodingState {
    /// A number as `Value`, or a string the non-conforming float strategy names.
    func floatingPoint<Value: BinaryFloatingPoint>(
        at index: Int, converting convert: (UnsafeBufferPointer<UInt8>) -> Value
    ) throws(ValueFailure) -> Value {
        let token = tokens[index]
        if token.kind == .number {
            let value = convert(text(of: token))
            guard value.isFinite else {
                throw .corrupted(
                    "Number \(String(decoding: text(of: token), as: UTF8.self)) is not representable in Swift", offset: Int(token.start))
            }
            return value
        }
        if token.kind == .string,
            case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) = options.nonConformingFloatDecodingStrategy
        {
            switch string(token) {
            case positiveInfinity: return .infinity
            case negativeInfinity: return -.infinity
            case nan: return .nan
            default: break
            }
        }
        throw mismatch(Value.self, token)
    }

    /// Reads a scalar; the coding path is built only if that fails.
    @inline(__always)
    func scalar<Value: JSONScalar, Key: CodingKey>(_ type: Value.Type, at index: Int, base: PathBase, key: Key) throws -> Value {
        do {
            return try Value.read(from: self, at: index)
        } catch {
            throw decodingError(error, base: base, key: key)
        }
    }
}
