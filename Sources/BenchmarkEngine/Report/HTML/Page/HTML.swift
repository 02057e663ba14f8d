/// Text for an HTML page, made safe: everything a report holds that came from outside the bench —
/// scenario names, URLs, command lines, error classes, labels — goes through ``escape(_:)`` before
/// it reaches the page, in text and in attribute values alike, so it can only ever read as
/// characters, never as markup.
enum HTML {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as character references, and control
    /// characters other than tab and line breaks dropped (HTML does not allow them, and a browser
    /// would show them as boxes).
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            default:
                if scalar.properties.generalCategory != .control {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }

    /// An identifier for `id` and `href="#…"` made of `text`'s letters and digits, `-` for the rest:
    /// safe in any attribute and fragment without escaping.
    static func identifier(_ text: String) -> String {
        var identifier = ""
        var lastWasDash = true
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                identifier.unicodeScalars.append(scalar)
                lastWasDash = false
            } else if !lastWasDash {
                identifier += "-"
                lastWasDash = true
            }
        }
        while identifier.hasSuffix("-") { identifier.removeLast() }
        return identifier.isEmpty ? "x" : identifier
    }
}
