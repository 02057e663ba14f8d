/// Shell completion for a bench executable, written from its commands' declarations: the command
/// names, each command's subcommands and options, and what each option's value completes to.
enum CompletionScript {
    /// The shells a script can be written for.
    enum Shell: String, CaseIterable, Equatable, Sendable {
        case bash
        case zsh
    }

    /// The script that completes `suite`'s command line in `shell`.
    static func script(for shell: Shell, of suite: BenchSuite) -> String {
        switch shell {
        case .bash: bash(suite)
        case .zsh: zsh(suite)
        }
    }

    /// A shell function name made of the tool's name: letters, digits and `_` only.
    private static func function(_ suite: BenchSuite) -> String {
        "_" + String(suite.tool.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    private static func words(of command: any BenchCommand.Type, in suite: BenchSuite) -> (
        subcommands: [String], options: [any CommandLineOption]
    ) {
        let declaration = command.declaration(in: suite)
        return (declaration.subcommands, declaration.options)
    }

    private static func bash(_ suite: BenchSuite) -> String {
        let name = function(suite)
        let commands = suite.commands.map { $0.name } + ["help"]
        let cases = suite.commands.map { command in
            let (subcommands, options) = words(of: command, in: suite)
            let values = options.compactMap { option -> String? in
                let completion: String
                switch option.completion {
                case .none: return nil
                case .file: completion = "compgen -f -- \"$cur\""
                case .directory: completion = "compgen -d -- \"$cur\""
                case .choices(let words): completion = "compgen -W '\(words.joined(separator: " "))' -- \"$cur\""
                }
                return "            --\(option.name)) COMPREPLY=($(\(completion))); return ;;"
            }
            let flags = (options.map { "--\($0.name)" } + ["--help"]).joined(separator: " ")
            let first =
                subcommands.isEmpty
                ? ""
                : "\n        if [[ $COMP_CWORD -eq 2 ]]; then COMPREPLY=($(compgen -W '\(subcommands.joined(separator: " "))' -- \"$cur\")); return; fi"
            return """
                    \(command.name))\(first)
                        case "$prev" in
                \(values.joined(separator: "\n"))
                        esac
                        COMPREPLY=($(compgen -W '\(flags)' -- "$cur")) ;;
                """
        }
        return """
            # bash completion for \(suite.tool): eval "$(\(suite.tool) completion bash)"
            \(name)() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                if [[ $COMP_CWORD -eq 1 ]]; then
                    COMPREPLY=($(compgen -W '\(commands.joined(separator: " "))' -- "$cur")); return
                fi
                case "${COMP_WORDS[1]}" in
            \(cases.joined(separator: "\n"))
                    help) COMPREPLY=($(compgen -W '\(commands.joined(separator: " "))' -- "$cur")) ;;
                esac
            }
            complete -F \(name) \(suite.tool)
            """
    }

    private static func zsh(_ suite: BenchSuite) -> String {
        let name = function(suite)
        let commands = (suite.commands.map { ($0.name, $0.abstract) } + [("help", "Shows help for a command.")])
            .map { "'\($0.0):\(quoted(summary($0.1)))'" }
        let cases = suite.commands.map { command in
            let (subcommands, options) = words(of: command, in: suite)
            let specs = options.map { option -> String in
                let described = quoted(summary(option.help)).replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(
                    of: "]", with: "\\]")
                let repeats = option.isRepeatable ? "*" : ""
                guard let valueName = option.valueName else { return "'\(repeats)--\(option.name)[\(described)]'" }
                let action =
                    switch option.completion {
                    case .none: " "
                    case .file: "_files"
                    case .directory: "_files -/"
                    case .choices(let words): "(\(words.joined(separator: " ")))"
                    }
                return
                    "'\(repeats)--\(option.name)=[\(described)]:\(quoted(valueName).replacingOccurrences(of: ":", with: "\\:")):\(action)'"
            }
            let positional =
                subcommands.isEmpty ? "'*:argument:_files'" : "'1:command:(\(subcommands.joined(separator: " ")))' '*:argument:_files'"
            return "        \(command.name)) _arguments \(specs.joined(separator: " ")) \(positional) ;;"
        }
        return """
            #compdef \(suite.tool)
            # zsh completion for \(suite.tool): \(suite.tool) completion zsh > "${fpath[1]}/_\(suite.tool)"
            \(name)() {
                local -a commands
                commands=(\(commands.joined(separator: " ")))
                if (( CURRENT == 2 )); then
                    _describe command commands
                    return
                fi
                local command=$words[2]
                shift words
                (( CURRENT-- ))
                case $command in
            \(cases.joined(separator: "\n"))
                    help) _describe command commands ;;
                esac
            }
            \(name) "$@"
            """
    }

    /// The first sentence or clause of `help`, for a one-line description.
    private static func summary(_ help: String) -> String {
        let end = [". ", "; "].compactMap { help.range(of: $0)?.lowerBound }.min() ?? help.endIndex
        let text = String(help[..<end])
        return text.hasSuffix(".") ? String(text.dropLast()) : text
    }

    /// `text` inside single quotes.
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "'\\''")
    }
}
