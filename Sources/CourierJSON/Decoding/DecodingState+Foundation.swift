import Foundation

extension DecodingState {
    /// A `Date`, by the date strategy.
    func date<Key: CodingKey>(at index: Int, base: PathBase, key: Key) throws -> Date {
        switch options.dateDecodingStrategy {
        case .deferredToDate:
            return try nested(at: index, base: base, key: key) { try Date(from: $0) }
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try scalar(Double.self, at: index, base: base, key: key))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try scalar(Double.self, at: index, base: base, key: key) / 1000)
        case .iso8601:
            let token = tokens[index]
            guard token.kind == .string else { throw decodingError(mismatch(Date.self, token), base: base, key: key) }
            let date =
                token.hasEscapes
                ? Array(string(token).utf8).withUnsafeBufferPointer(ISO8601.date)
                : ISO8601.date(text(of: token))
            guard let date else {
                throw decodingError(
                    .corrupted("Expected date string to be ISO8601-formatted", offset: offset(of: token)), base: base, key: key)
            }
            return date
        case .formatted(let formatter):
            let text = try scalar(String.self, at: index, base: base, key: key)
            guard let date = formatter.date(from: text) else {
                throw decodingError(
                    .corrupted("Date string does not match format expected by formatter", offset: offset(of: tokens[index])), base: base,
                    key: key)
            }
            return date
        case .custom(let read):
            return try nested(at: index, base: base, key: key) { try read($0) }
        }
    }

    /// A `Data`, by the data strategy.
    func data<Key: CodingKey>(at index: Int, base: PathBase, key: Key) throws -> Data {
        switch options.dataDecodingStrategy {
        case .deferredToData:
            return try nested(at: index, base: base, key: key) { try Data(from: $0) }
        case .base64:
            guard let data = Data(base64Encoded: try scalar(String.self, at: index, base: base, key: key)) else {
                throw decodingError(
                    .corrupted("Encountered Data is not valid Base64", offset: offset(of: tokens[index])), base: base, key: key)
            }
            return data
        case .custom(let read):
            return try nested(at: index, base: base, key: key) { try read($0) }
        }
    }

    /// A `URL` from a string, as Foundation's decoder reads it (not `URL`'s own keyed form).
    func url<Key: CodingKey>(at index: Int, base: PathBase, key: Key) throws -> URL {
        guard let url = URL(string: try scalar(String.self, at: index, base: base, key: key)) else {
            throw decodingError(.corrupted("Invalid URL string", offset: offset(of: tokens[index])), base: base, key: key)
        }
        return url
    }

    /// A `Decimal` from a number's exact text, as Foundation's decoder reads it.
    func decimal<Key: CodingKey>(at index: Int, base: PathBase, key: Key) throws -> Decimal {
        let token = tokens[index]
        guard token.kind == .number else { throw decodingError(mismatch(Decimal.self, token), base: base, key: key) }
        let text = String(decoding: text(of: token), as: UTF8.self)
        guard let decimal = Decimal(string: text, locale: nil) else {
            throw decodingError(
                .corrupted("Number \(text) is not representable as Decimal", offset: offset(of: token)), base: base, key: key)
        }
        return decimal
    }
}
