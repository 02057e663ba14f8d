import BenchmarkEngine
import Foundation

/// What the command line asks the bench to do.
enum BenchCommand: Equatable {
    /// Run scenarios and write reports.
    case run(RunOptions)
    /// List the scenarios.
    case list(filter: String?)
    /// Print this help text and exit successfully.
    case help(String)

    /// Options of `bench run`.
    struct RunOptions: Equatable {
        /// Runs only scenarios whose name contains this text (case-insensitive); also selects
        /// scenarios that are not in the default suite.
        var filter: String?
        /// Shorter measurements, for CI.
        var isQuick = false
        /// Where run directories go.
        var outputDirectory = "Reports"
        /// The report formats to write.
        var formats: [ReportFormat] = ReportFormat.allCases
    }

    static let overview = """
        OVERVIEW: Benchmarks and load-tests the Courier client layer.

        USAGE: bench [run] [<options>]
               bench list [--filter <pattern>]
               bench help [<command>]

        COMMANDS:
          run (default)           Runs the default suite, prints a summary and writes reports.
          list                    Lists the scenarios.
          help                    Shows help for a command.

          See 'bench help <command>' or 'bench <command> --help' for its options.

        EXIT CODES:
          0   success
          1   a scenario failed or a report could not be written
          64  usage error (bad command, option or value)
        """

    static let runUsage = """
        OVERVIEW: Runs scenarios, prints a summary table and writes Reports/<run-id>/.

        USAGE: bench run [--filter <pattern>] [--quick] [--out <dir>] [--format <formats>]

        OPTIONS:
          --filter <pattern>      Only scenarios whose name contains <pattern> (case-insensitive).
                                  Also selects scenarios outside the default suite.
          --quick                 Short measurements (about 20 s in all), as CI runs them.
          --out <dir>             Directory for run reports. (default: Reports)
          --format <formats>      Comma-separated: json, csv, md. (default: json,csv,md)
          -h, --help              Shows this help.
        """

    static let listUsage = """
        OVERVIEW: Lists the scenarios, marking those outside the default suite.

        USAGE: bench list [--filter <pattern>]

        OPTIONS:
          --filter <pattern>      Only scenarios whose name contains <pattern>.
          -h, --help              Shows this help.
        """

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(UsageError) -> BenchCommand {
        let wantsHelp = arguments.contains("--help") || arguments.contains("-h")
        switch arguments.first {
        case nil:
            return .run(RunOptions())
        case "help":
            switch arguments.dropFirst().first {
            case nil: return .help(overview)
            case "run": return .help(runUsage)
            case "list": return .help(listUsage)
            case let other?: throw UsageError(message: "unknown command '\(other)'", usage: overview)
            }
        case "list":
            if wantsHelp { return .help(listUsage) }
            let values = try ArgumentParser(options: [("filter", true)], usage: listUsage).parse(arguments.dropFirst())
            return .list(filter: values["filter"])
        case "run":
            if wantsHelp { return .help(runUsage) }
            return .run(try parseRun(arguments.dropFirst()))
        case let first? where first.hasPrefix("-"):
            if wantsHelp { return .help(overview) }
            return .run(try parseRun(arguments[...]))
        case let other?:
            let known = ["run", "list", "help"].min { editDistance(other, $0) < editDistance(other, $1) }
            let hint = known.map { editDistance(other, $0) <= 2 ? " (did you mean '\($0)'?)" : "" } ?? ""
            throw UsageError(message: "unknown command '\(other)'\(hint)", usage: overview)
        }
    }

    private static func parseRun(_ arguments: ArraySlice<String>) throws(UsageError) -> RunOptions {
        let parser = ArgumentParser(options: [("filter", true), ("quick", false), ("out", true), ("format", true)], usage: runUsage)
        let values = try parser.parse(arguments)
        var options = RunOptions()
        options.filter = values["filter"]
        options.isQuick = values["quick"] != nil
        options.outputDirectory = values["out"] ?? options.outputDirectory
        if let list = values["format"] {
            var formats: [ReportFormat] = []
            for name in list.split(separator: ",", omittingEmptySubsequences: false) {
                guard let format = ReportFormat(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased()) else {
                    throw UsageError(message: "unknown format '\(name)' in '--format' (expected json, csv or md)", usage: runUsage)
                }
                if !formats.contains(format) { formats.append(format) }
            }
            options.formats = formats
        }
        return options
    }
}
