/// Help texts' layout: option descriptions in a column that starts at 26 and ends by 100.
enum HelpText {
    /// `text` wrapped at word boundaries into lines that fit the description column; lines after
    /// the first are indented to it, as the caller's first line already is.
    static func wrap(_ text: String, column: Int = 26, width: Int = 100) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width - column {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n" + String(repeating: " ", count: column))
    }
}
