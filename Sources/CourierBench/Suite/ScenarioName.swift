/// The rules a scenario name follows, so that every report, filter and baseline can rely on it.
///
/// A name is `group/what` (more levels are fine): the `/`-separated parts are not empty and are
/// not `.` or `..`, so a name can always stand as a relative path; it is printable (no control
/// characters, no line breaks) and has no `\`, so it reads the same in a terminal, a CSV and a
/// Markdown table; and it does not start or end with a space.
public enum ScenarioName {
    /// What is wrong with `name`, or `nil` when it follows the rules.
    public static func problem(with name: String) -> String? {
        if name.isEmpty { return "it is empty" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" }) {
            return "it contains a control character or line break"
        }
        if name.contains("\\") { return "it contains '\\' (use '/' between a group and a name)" }
        if name.first == " " || name.last == " " { return "it starts or ends with a space" }
        if name.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            return "a part between '/' is empty, '.' or '..'"
        }
        return nil
    }
}
