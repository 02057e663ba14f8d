import Foundation

// The writers here are generic, if at all, only in the value's type, which every caller knows:
// called from the containers, which are generic in their key type, they are still compiled for
// the concrete value type. A writer also generic in the key would run as unspecialized generic
// code, looking type metadata up at every value.

/// A value written as one piece of JSON text, straight into the document's text.
protocol EncodableScalar: Encodable {
    /// Appends the value's JSON text to `state`'s text.
    func appendJSON(to state: EncodingState) throws(UnrepresentableFloat)
}

/// A NaN or an infinity with no strategy to write it: the caller, who knows the coding path, turns
/// it into Foundation's error.
struct UnrepresentableFloat: Error {
    let value: any Sendable
    /// `Double.nan`, `Float.-inf`: how Foundation names the value in its message.
    let name: String
    /// The element of a scalar array that could not be written, if the failure comes from one.
    var index: Int?

    init<Value: BinaryFloatingPoint & Sendable>(_ value: Value) {
        self.value = value
        name = "\(Value.self).\(value)"
    }

    /// Foundation's error, at `codingPath` (followed by the element's index, if any).
    func encodingError(at codingPath: [any CodingKey]) -> EncodingError {
        let path = index.map { codingPath + [IndexKey($0)] } ?? codingPath
        return .invalidValue(value, .init(codingPath: path, debugDescription: "Unable to encode \(name) directly in JSON."))
    }
}

extension EncodingState {
    /// Makes `node` the scalar whose text runs from `start` to the end of the text.
    @inline(__always)
    func markScalar(_ node: Int, from start: Int, kind: Node.Kind = .scalar) {
        nodes.base[node].kind = kind
        nodes.base[node].textStart = UInt32(truncatingIfNeeded: start)
        nodes.base[node].textLength = UInt32(truncatingIfNeeded: text.count - start)
    }

    /// Makes `node` `null`.
    @inline(__always)
    func setNull(at node: Int) {
        let start = text.count
        appendASCII("null")
        markScalar(node, from: start)
    }

    /// Makes `node` `true` or `false`.
    @inline(__always)
    func setBool(_ value: Bool, at node: Int) {
        let start = text.count
        value.appendJSON(to: self)
        markScalar(node, from: start)
    }

    /// Makes `node` the JSON string `value`.
    @inline(__always)
    func setString(_ value: String, at node: Int) {
        let start = text.count
        value.appendJSON(to: self)
        markScalar(node, from: start)
    }

    /// Makes `node` the number `value`.
    @inline(__always)
    func setInteger<Integer: FixedWidthInteger>(_ value: Integer, at node: Int) {
        let start = text.count
        appendInteger(value)
        markScalar(node, from: start)
    }

    /// Appends `value` in decimal.
    @inline(__always)
    func appendInteger<Integer: FixedWidthInteger>(_ value: Integer) {
        if Integer.bitWidth <= 64 {
            NumberWriter.append(UInt64(truncatingIfNeeded: value.magnitude), negative: value < 0, to: &text)
        } else {
            appendUTF8(value.description)
        }
    }

    /// Makes `node` the number `value`, or the strategy's string for a NaN or an infinity; the
    /// caller has checked with ``requireRepresentable(_:base:key:)``.
    @inline(__always)
    func setFloat<Value: BinaryFloatingPoint & TextOutputStreamable>(_ value: Value, at node: Int) {
        let start = text.count
        appendFloat(value)
        markScalar(node, from: start)
    }

    /// Throws Foundation's error unless `value` is finite or the strategy has a string for it;
    /// `key` under `base` is where it is.
    @inline(__always)
    func requireRepresentable<Value: BinaryFloatingPoint & Sendable, Key: CodingKey>(_ value: Value, base: PathBase, key: Key) throws {
        if !value.isFinite, nonConformingFloatsThrow {
            throw UnrepresentableFloat(value).encodingError(at: codingPath(base, appending: key))
        }
    }

    /// Whether NaN and the infinities cannot be written.
    var nonConformingFloatsThrow: Bool {
        if case .throw = options.nonConformingFloatEncodingStrategy { return true }
        return false
    }

    /// Makes `node` the array `values`, written as one piece of text (when the output is not
    /// pretty-printed, which lays each element out on a line of its own). Throws with the index of
    /// a float that cannot be written.
    func setScalarArray<Value: EncodableScalar>(_ values: [Value], at node: Int) throws(UnrepresentableFloat) {
        guard !options.outputFormatting.contains(.prettyPrinted) else {
            nodes.base[node].becomeContainer(.array)
            for index in values.indices {
                let element = addElement(to: node)
                let start = text.count
                try appendElement(values[index], at: index)
                markScalar(element, from: start)
            }
            return
        }
        let start = text.count
        appendASCII("[")
        for index in values.indices {
            if index > 0 { appendASCII(",") }
            try appendElement(values[index], at: index)
        }
        appendASCII("]")
        markScalar(node, from: start, kind: .scalarArray)
    }

    /// Appends `value`, the element at `index` of a scalar array, which a failure then names.
    @inline(__always)
    private func appendElement<Value: EncodableScalar>(_ value: Value, at index: Int) throws(UnrepresentableFloat) {
        do {
            try value.appendJSON(to: self)
        } catch {
            var failure = error
            failure.index = index
            throw failure
        }
    }

    /// Appends `value` as a number, or NaN or an infinity as the strategy's string; the caller has
    /// checked that the strategy has one (a value it cannot write is left out).
    @inline(__always)
    func appendFloat<Value: BinaryFloatingPoint & TextOutputStreamable>(_ value: Value) {
        guard value.isFinite else {
            if case .convertToString(let positive, let negative, let nan) = options.nonConformingFloatEncodingStrategy {
                StringEscaper.append(value.isNaN ? nan : value < 0 ? negative : positive, escapingSlashes: escapesSlashes, to: &text)
            }
            return
        }
        NumberWriter.append(value, to: &text)
    }

    /// Appends text known to be ASCII, such as punctuation.
    @inline(__always)
    func appendASCII(_ ascii: StaticString) {
        text.append(contentsOf: UnsafeBufferPointer(start: ascii.utf8Start, count: ascii.utf8CodeUnitCount))
    }

    /// Appends the UTF-8 of `string`, unescaped: a key, or a number's text.
    @inline(__always)
    func appendUTF8(_ string: String) {
        var string = string
        string.withUTF8 { text.append(contentsOf: $0) }
    }
}

extension String: EncodableScalar {
    func appendJSON(to state: EncodingState) {
        StringEscaper.append(self, escapingSlashes: state.escapesSlashes, to: &state.text)
    }
}

extension Bool: EncodableScalar {
    func appendJSON(to state: EncodingState) {
        state.appendASCII(self ? "true" : "false")
    }
}

extension EncodableScalar where Self: FixedWidthInteger {
    func appendJSON(to state: EncodingState) {
        state.appendInteger(self)
    }
}

extension Int: EncodableScalar {}
extension Int8: EncodableScalar {}
extension Int16: EncodableScalar {}
extension Int32: EncodableScalar {}
extension Int64: EncodableScalar {}
extension Int128: EncodableScalar {}
extension UInt: EncodableScalar {}
extension UInt8: EncodableScalar {}
extension UInt16: EncodableScalar {}
extension UInt32: EncodableScalar {}
extension UInt64: EncodableScalar {}
extension UInt128: EncodableScalar {}

extension EncodableScalar where Self: BinaryFloatingPoint & TextOutputStreamable & Sendable {
    func appendJSON(to state: EncodingState) throws(UnrepresentableFloat) {
        guard isFinite || !state.nonConformingFloatsThrow else { throw UnrepresentableFloat(self) }
        state.appendFloat(self)
    }
}

extension Double: EncodableScalar {}
extension Float: EncodableScalar {}
