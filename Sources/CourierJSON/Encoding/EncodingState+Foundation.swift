import Foundation

extension EncodingState {
    /// Writes a `Date` into `node` by the date strategy.
    func setDate<Key: CodingKey>(_ date: Date, at node: Int, base: PathBase, key: Key) throws {
        switch options.dateEncodingStrategy {
        case .deferredToDate:
            // What `Date.encode(to:)` writes, without a nested encoder.
            let interval = date.timeIntervalSinceReferenceDate
            try requireRepresentable(interval, base: base, key: key)
            setFloat(interval, at: node)
        case .secondsSince1970:
            try setDateNumber(date.timeIntervalSince1970, at: node, base: base, key: key)
        case .millisecondsSince1970:
            try setDateNumber(1000.0 * date.timeIntervalSince1970, at: node, base: base, key: key)
        case .iso8601:
            let start = text.count
            ISO8601.appendString(date, escapingSlashes: escapesSlashes, to: &text)
            markScalar(node, from: start)
        case .formatted(let formatter):
            setString(formatter.string(from: date), at: node)
        case .custom(let write):
            try nested(at: node, base: base, key: key) { try write(date, $0) }
            closeIfEmpty(node)
        }
    }

    /// A date as a number: never as the non-conforming float strategy's strings, as in Foundation.
    private func setDateNumber<Key: CodingKey>(_ number: Double, at node: Int, base: PathBase, key: Key) throws {
        guard number.isFinite else { throw UnrepresentableFloat(number).encodingError(at: codingPath(base, appending: key)) }
        setFloat(number, at: node)
    }

    /// Writes a `Data` into `node` by the data strategy.
    func setData<Key: CodingKey>(_ data: Data, at node: Int, base: PathBase, key: Key) throws {
        switch options.dataEncodingStrategy {
        case .deferredToData:
            try nested(at: node, base: base, key: key) { try data.encode(to: $0) }
        case .base64:
            let start = text.count
            data.withUnsafeBytes { Base64.appendString($0, escapingSlashes: escapesSlashes, to: &text) }
            markScalar(node, from: start)
        case .custom(let write):
            try nested(at: node, base: base, key: key) { try write(data, $0) }
            closeIfEmpty(node)
        }
    }

    /// Writes a `Decimal` into `node` as a number, its `description`, as Foundation's encoder does;
    /// but not NaN, whose description (`NaN`) is no JSON number, which Foundation writes anyway.
    func setDecimal<Key: CodingKey>(_ decimal: Decimal, at node: Int, base: PathBase, key: Key) throws {
        guard !decimal.isNaN else {
            throw EncodingError.invalidValue(
                decimal,
                .init(
                    codingPath: codingPath(base, appending: key), debugDescription: "Unable to encode Decimal.nan directly in JSON."))
        }
        let start = text.count
        appendUTF8(decimal.description)
        markScalar(node, from: start)
    }

}
