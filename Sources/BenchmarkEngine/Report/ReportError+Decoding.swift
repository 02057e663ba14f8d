import Foundation

extension ReportError {
    /// What is wrong with `data`, which failed to decode as a report with `error`, in a few words:
    /// `not a bench report (missing key 'scenarios')`, `invalid JSON at line 3, column 8`,
    /// `wrong type at scenarios[0].operations (expected an integer)`.
    static func problem(with data: Data, _ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            let missing = "missing key '\(key.stringValue)'"
            return context.codingPath.isEmpty ? "not a bench report (\(missing))" : "\(missing) at \(path(context.codingPath))"
        case .typeMismatch(let type, let context):
            guard !context.codingPath.isEmpty else { return "not a bench report (the top level is not a JSON object)" }
            return "wrong type at \(path(context.codingPath)) (expected \(describe(type)))"
        case .valueNotFound(let type, let context):
            return "null at \(path(context.codingPath)) (expected \(describe(type)))"
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return invalidJSON(data)
        case .dataCorrupted(let context):
            return "invalid value at \(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "not a bench report"
        }
    }

    /// Where JSON that does not parse goes wrong. The decoder does not say; JSONSerialization gives
    /// the offset in its message only, so the position is best effort, and without it the message
    /// still says what the file is not.
    private static func invalidJSON(_ data: Data) -> String {
        guard !data.isEmpty else { return "empty file, not a bench report" }
        do {
            _ = try JSONSerialization.jsonObject(with: data)
        } catch {
            let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
            if let range = text.range(of: "character "), let offset = Int(text[range.upperBound...].prefix { $0.isNumber }),
                offset <= data.count
            {
                let before = data.prefix(offset)
                let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
                let column = offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 - data.startIndex + 1 } ?? 0) + 1
                return "invalid JSON at line \(line), column \(column)"
            }
            return text.isEmpty ? "invalid JSON" : "invalid JSON (\(text))"
        }
        return "invalid JSON"
    }

    /// `scenarios[0].outcomes.sent`.
    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("") { path, key in
            if let index = key.intValue { return path + "[\(index)]" }
            return path.isEmpty ? key.stringValue : path + "." + key.stringValue
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type, is UInt64.Type: "an integer"
        case is Double.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        default: String(describing: type).hasPrefix("Dictionary") ? "an object" : "\(type)"
        }
    }
}
