/// What a command is on the command line, declared once: what it does, its forms, its arguments
/// and options, and what else its help says. Its `--help`, its parser's options, shell completion
/// and the CLI reference are all rendered from it.
///
/// ```swift
/// CommandDeclaration(
///     overview: "Lists the scenarios.", usage: ["list [--filter <pattern>]"], options: [filter]
/// )
/// ```
public struct CommandDeclaration: Sendable {
    /// A positional argument, for the help's ARGUMENTS.
    public struct Argument: Sendable {
        /// Its name as the usage writes it: `<baseline>`.
        public let name: String
        /// What it is.
        public let help: String

        /// An argument `name`, described by `help`.
        public init(_ name: String, help: String) {
            self.name = name
            self.help = help
        }
    }

    /// The paragraphs after `OVERVIEW:`.
    public var overview: String
    /// Each form of the command after the tool's name (`history list [--history <file>]`), one line
    /// of usage each, wrapped as needed.
    public var usage: [String]
    /// The positional arguments.
    public var arguments: [Argument]
    /// The options, in the help's order.
    public var options: [any CommandLineOption]
    /// The words that select a subcommand (`list`, `show`), for completion.
    public var subcommands: [String]
    /// Paragraphs after the options.
    public var discussion: String

    /// A command declared as given. Paragraphs are separated by blank lines and wrapped to the
    /// help's width; lines that start with two spaces are kept as written (a small table, say).
    public init(
        overview: String, usage: [String], arguments: [Argument] = [], options: [any CommandLineOption] = [],
        subcommands: [String] = [], discussion: String = ""
    ) {
        self.overview = overview
        self.usage = usage
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
        self.discussion = discussion
    }

    /// `options` as a usage line writes optional ones: `[--out <dir>] [--slo <objective>]...`.
    public static func synopsis(of options: [any CommandLineOption]) -> String {
        options.map { "[\($0.label)]\($0.isRepeatable ? "..." : "")" }.joined(separator: " ")
    }

    /// A parser for its options and at most `positionals` arguments, whose errors carry the help
    /// `tool` prints.
    public func parser(tool: String, positionals: Int = 0) -> CommandLineParser {
        CommandLineParser(options: options, positionals: positionals, usage: help(tool: tool))
    }

    /// The help as `help <command>` and `--help` print it.
    public func help(tool: String) -> String {
        var sections = [HelpLayout.paragraphs(overview, first: "OVERVIEW: "), usageSection(tool: tool)]
        if !arguments.isEmpty {
            sections.append("ARGUMENTS:\n" + arguments.map { HelpLayout.entry($0.name, $0.help) }.joined(separator: "\n"))
        }
        let entries = options.map { HelpLayout.entry($0.label, $0.help) } + [HelpLayout.entry("-h, --help", "Shows this help.")]
        sections.append("OPTIONS:\n" + entries.joined(separator: "\n"))
        if !discussion.isEmpty { sections.append(HelpLayout.paragraphs(discussion)) }
        return sections.joined(separator: "\n\n")
    }

    private func usageSection(tool: String) -> String {
        usage.enumerated().map { index, form in
            HelpLayout.usage("\(tool) \(form)", first: index == 0 ? "USAGE: " : "       ")
        }.joined(separator: "\n")
    }
}

/// Help texts' layout: 100 columns; option descriptions in a column that starts at 26.
enum HelpLayout {
    static let width = 100
    static let column = 26

    /// `text` wrapped at word boundaries into lines of at most `width` columns, the first after
    /// `first`, the others after `indent` spaces.
    static func wrap(_ text: String, first: String = "", indent: Int = 0, width: Int = width) -> String {
        wrap(words: text.split(separator: " ").map(String.init), first: first, indent: indent, width: width)
    }

    /// `words` laid out as ``wrap(_:first:indent:width:)`` lays out a text's.
    static func wrap(words: [String], first: String = "", indent: Int = 0, width: Int = width) -> String {
        var lines: [String] = []
        var line = first
        var isEmpty = true
        for word in words {
            if !isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent)
                isEmpty = true
            }
            line += (isEmpty ? "" : " ") + word
            isEmpty = false
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// An option's or argument's entry: `label` in its column, `help` wrapped in the description
    /// column, on the next line when the label reaches it.
    static func entry(_ label: String, _ help: String) -> String {
        let head = "  " + label
        var words: [String] = []
        for word in help.split(separator: " ").map(String.init) {
            // "(default: 0)" reads as one: never a line ending in "(default:".
            if words.last == "(default:" { words[words.count - 1] += " " + word } else { words.append(word) }
        }
        let description = wrap(words: words, first: String(repeating: " ", count: column), indent: column)
        guard head.count <= column - 2 else { return head + "\n" + description }
        return head.padding(toLength: column, withPad: " ", startingAt: 0) + description.dropFirst(column)
    }

    /// Blank-line-separated paragraphs, each wrapped; lines that start with two spaces kept whole.
    static func paragraphs(_ text: String, first: String = "") -> String {
        var prefix = first
        return text.components(separatedBy: "\n\n").map { paragraph in
            var lines: [String] = []
            var prose: [String] = []
            func flush() {
                guard !prose.isEmpty else { return }
                lines.append(wrap(prose.joined(separator: " "), first: prefix))
                prefix = ""
                prose = []
            }
            for line in paragraph.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("  ") {
                    flush()
                    lines.append(String(line))
                } else {
                    prose.append(String(line))
                }
            }
            flush()
            return lines.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// One form of a command's usage, wrapped under its first option: brackets are never split.
    static func usage(_ form: String, first: String) -> String {
        var words: [String] = []
        var depth = 0
        for word in form.split(separator: " ") {
            if depth > 0, let last = words.popLast() { words.append(last + " " + word) } else { words.append(String(word)) }
            depth += word.filter { $0 == "[" }.count - word.filter { $0 == "]" }.count
        }
        let command = words.prefix { word in !word.hasPrefix("[") && !word.hasPrefix("<") && !word.hasPrefix("-") }
        let indent = first.count + command.joined(separator: " ").count + 1
        return wrap(words: words, first: first, indent: indent)
    }
}
