import BenchmarkEngine
import Foundation

/// What the command line asks the bench to do.
enum BenchCommand: Equatable {
    /// Run scenarios and write reports.
    case run(RunOptions)
    /// List the scenarios.
    case list(filter: String?)
    /// Save a run's report as a named baseline.
    case saveBaseline(name: String, run: String?, reportsDirectory: String)
    /// List the saved baselines.
    case listBaselines(reportsDirectory: String)
    /// Compare a run with a baseline.
    case compare(CompareOptions)
    /// Drive the client against one URL and write reports.
    case load(LoadOptions)
    /// Run the fixture server in the foreground, for wrk or curl, for at most `seconds`.
    case serve(port: UInt16, seconds: Double)
    /// Write the fixture payloads as files, for a static server such as nginx.
    case fixtures(directory: String)
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
        /// A baseline to compare the run with.
        var baseline: String?
        /// The thresholds of that comparison.
        var thresholds = Thresholds()
    }

    /// Options of `bench compare`.
    struct CompareOptions: Equatable {
        /// A saved baseline's name, or the path of a run directory or `report.json`.
        var baseline: String
        /// The run to compare: a run directory or `report.json`; the latest run when `nil`.
        var current: String?
        /// Where runs and `baselines/` live.
        var reportsDirectory = "Reports"
        /// The comparison's thresholds.
        var thresholds = Thresholds()
    }

    static let overview = """
        OVERVIEW: Benchmarks and load-tests the Courier client layer.

        USAGE: bench [run] [<options>]
               bench load --url <url> [<options>]
               bench serve [--port <p>] [--duration <d>]
               bench fixtures --out <dir>
               bench list [--filter <pattern>]
               bench baseline save [<name>] [--run <dir>] | bench baseline list
               bench compare <baseline> [<current>] [<thresholds>]
               bench help [<command>]

        COMMANDS:
          run (default)           Runs the default suite, prints a summary and writes reports.
          load                    Drives the client against any URL and writes reports.
          serve                   Runs the fixture server (the default suite's real endpoint).
          fixtures                Writes the fixture payloads as files, for nginx and friends.
          list                    Lists the scenarios.
          baseline                Saves a run as a named baseline, or lists them.
          compare                 Compares a run with a baseline and flags regressions.
          help                    Shows help for a command.

          See 'bench help <command>' or 'bench <command> --help' for its options.

        EXIT CODES:
          0   success; no regression
          1   a regression, a failed scenario, a report that could not be written, or no request of
              'load' succeeded
          64  usage error (bad command, option or value, invalid baseline name)
          65  a baseline or report that is not valid JSON or not a bench report
          66  the baseline or run to compare does not exist
        """

    static let thresholdUsage = """
          --time-tolerance <t>    A speed change counts beyond this and beyond the noise. (default: 10%)
          --fail-time-tolerance <t>
                                  Slower beyond this fails; less is a warning. (default: the time tolerance)
          --malloc-tolerance <n>  Allocations per operation more that fail, 0.001–1000000. (default: 0.5)
          --load-tolerance <t>    Load-run changes beyond this are warnings. (default: 30%)
                                  Tolerances are fractions (0.25) or percentages (25%), from 0 to
                                  10000%.
        """

    static let runUsage = """
        OVERVIEW: Runs scenarios, prints a summary table and writes Reports/<run-id>/.

        USAGE: bench run [--filter <pattern>] [--quick] [--out <dir>] [--format <formats>]
                         [--baseline <name> [<thresholds>]]

        OPTIONS:
          --filter <pattern>      Only scenarios whose name contains <pattern> (case-insensitive).
                                  Also selects scenarios outside the default suite.
          --quick                 Short measurements (about 13 s in all), as CI runs them.
          --out <dir>             Directory for run reports. (default: Reports)
          --format <formats>      Comma-separated: json, csv, md. (default: json,csv,md)
          --baseline <name>       Compares the run with a saved baseline (or a report's path); exits 1
                                  on a regression.
        \(thresholdUsage)
          -h, --help              Shows this help.
        """

    static let listUsage = """
        OVERVIEW: Lists the scenarios, marking those outside the default suite.

        USAGE: bench list [--filter <pattern>]

        OPTIONS:
          --filter <pattern>      Only scenarios whose name contains <pattern>.
          -h, --help              Shows this help.
        """

    static let baselineUsage = """
        OVERVIEW: Saves a run as a named baseline in <reports>/baselines/, or lists the saved ones.

        USAGE: bench baseline save [<name>] [--run <dir>] [--reports <dir>]
               bench baseline list [--reports <dir>]

        ARGUMENTS:
          <name>                  Letters, digits, '.', '_' and '-'. (default: default)

        OPTIONS:
          --run <dir>             The run directory or report.json to save. (default: <reports>/latest)
          --reports <dir>         Where runs and baselines live. (default: Reports)
          -h, --help              Shows this help.
        """

    static let compareUsage = """
        OVERVIEW: Compares a run with a baseline, per scenario and metric, and writes comparison.md and
        comparison.json next to the run's report.

        USAGE: bench compare <baseline> [<current>] [--reports <dir>] [<thresholds>]

        ARGUMENTS:
          <baseline>              A saved baseline's name, or a run directory or report.json.
          <current>               A run directory or report.json. (default: <reports>/latest)

        OPTIONS:
          --reports <dir>         Where runs and baselines live. (default: Reports)
        \(thresholdUsage)
          -h, --help              Shows this help.
        """

    private static let thresholdOptions: [(name: String, takesValue: Bool)] = [
        ("time-tolerance", true), ("fail-time-tolerance", true), ("malloc-tolerance", true), ("load-tolerance", true),
    ]

    static let serveUsage = """
        OVERVIEW: Runs the fixture server on 127.0.0.1 until the duration is over; see README for routes.

        USAGE: bench serve [--port <p>] [--duration <d>]

        OPTIONS:
          --port <p>              Port to listen on, 0–65535; 0 lets the system pick one, printed.
                                  (default: 0)
          --duration <d>          How long to serve, 1ms–24h, such as 30s or 5m. (default: 60s)
          -h, --help              Shows this help.
        """

    static let fixturesUsage = """
        OVERVIEW: Writes each fixture payload to <dir>/fixtures/<shape> and the movie routes to
        <dir>/movies/index and <dir>/movies/1, the paths the fixture server serves them at.

        USAGE: bench fixtures --out <dir>
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
            case "baseline": return .help(baselineUsage)
            case "compare": return .help(compareUsage)
            case "load": return .help(LoadOptions.usage)
            case "serve": return .help(serveUsage)
            case "fixtures": return .help(fixturesUsage)
            case let other?: throw UsageError(message: "unknown command '\(other)'", usage: overview)
            }
        case "list":
            if wantsHelp { return .help(listUsage) }
            let parsed = try ArgumentParser(options: [("filter", true)], usage: listUsage).parse(arguments.dropFirst())
            return .list(filter: parsed["filter"])
        case "load":
            if wantsHelp { return .help(LoadOptions.usage) }
            return .load(try LoadOptions.parse(arguments.dropFirst()))
        case "serve":
            if wantsHelp { return .help(serveUsage) }
            let values = try ArgumentParser(options: [("port", true), ("duration", true)], usage: serveUsage).parse(arguments.dropFirst())
            let port = UInt16(try values.integer("port", in: 0...65535) ?? 0)
            let seconds = try values["duration"].map { value throws(UsageError) in try LoadOptions.seconds(value, option: "duration", usage: serveUsage) } ?? 60
            return .serve(port: port, seconds: seconds)
        case "fixtures":
            if wantsHelp { return .help(fixturesUsage) }
            let values = try ArgumentParser(options: [("out", true)], usage: fixturesUsage).parse(arguments.dropFirst())
            guard let directory = values["out"] else { throw UsageError(message: "missing '--out <dir>'", usage: fixturesUsage) }
            return .fixtures(directory: directory)
        case "run":
            if wantsHelp { return .help(runUsage) }
            return .run(try parseRun(arguments.dropFirst()))
        case "baseline":
            if wantsHelp { return .help(baselineUsage) }
            return try parseBaseline(arguments.dropFirst())
        case "compare":
            if wantsHelp { return .help(compareUsage) }
            return .compare(try parseCompare(arguments.dropFirst()))
        case let first? where first.hasPrefix("-"):
            if wantsHelp { return .help(overview) }
            return .run(try parseRun(arguments[...]))
        case let other?:
            let known = ["run", "load", "serve", "fixtures", "list", "baseline", "compare", "help"].min { editDistance(other, $0) < editDistance(other, $1) }
            let hint = known.map { editDistance(other, $0) <= 2 ? " (did you mean '\($0)'?)" : "" } ?? ""
            throw UsageError(message: "unknown command '\(other)'\(hint)", usage: overview)
        }
    }

    private static func parseRun(_ arguments: ArraySlice<String>) throws(UsageError) -> RunOptions {
        let options = [("filter", true), ("quick", false), ("out", true), ("format", true), ("baseline", true)] + thresholdOptions
        let parsed = try ArgumentParser(options: options, usage: runUsage).parse(arguments)
        var run = RunOptions()
        run.filter = parsed["filter"]
        run.isQuick = parsed["quick"] != nil
        run.outputDirectory = parsed["out"] ?? run.outputDirectory
        run.baseline = try parsed["baseline"].map { argument throws(UsageError) in try validBaseline(argument, usage: runUsage) }
        run.thresholds = try thresholds(parsed, usage: runUsage)
        if let list = parsed["format"] {
            var formats: [ReportFormat] = []
            for name in list.split(separator: ",", omittingEmptySubsequences: false) {
                guard let format = ReportFormat(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased()) else {
                    throw UsageError(message: "unknown format '\(name)' in '--format' (expected json, csv or md)", usage: runUsage)
                }
                if !formats.contains(format) { formats.append(format) }
            }
            run.formats = formats
        }
        return run
    }

    private static func parseBaseline(_ arguments: ArraySlice<String>) throws(UsageError) -> BenchCommand {
        switch arguments.first {
        case "save":
            let parser = ArgumentParser(options: [("run", true), ("reports", true)], positionals: 1, usage: baselineUsage)
            let parsed = try parser.parse(arguments.dropFirst())
            let name = parsed.positionals.first ?? "default"
            guard BaselineStore.isValidName(name) else {
                throw UsageError(message: "invalid baseline name '\(name)' (expected letters, digits, '.', '_' and '-', not starting with '.')", usage: baselineUsage)
            }
            return .saveBaseline(name: name, run: parsed["run"], reportsDirectory: parsed["reports"] ?? "Reports")
        case "list":
            let parsed = try ArgumentParser(options: [("reports", true)], usage: baselineUsage).parse(arguments.dropFirst())
            return .listBaselines(reportsDirectory: parsed["reports"] ?? "Reports")
        case let other?:
            throw UsageError(message: "unknown baseline command '\(other)' (expected save or list)", usage: baselineUsage)
        case nil:
            throw UsageError(message: "missing baseline command (save or list)", usage: baselineUsage)
        }
    }

    private static func parseCompare(_ arguments: ArraySlice<String>) throws(UsageError) -> CompareOptions {
        let parser = ArgumentParser(options: [("reports", true)] + thresholdOptions, positionals: 2, usage: compareUsage)
        let parsed = try parser.parse(arguments)
        guard let baseline = parsed.positionals.first else {
            throw UsageError(message: "missing <baseline>", usage: compareUsage)
        }
        var options = CompareOptions(baseline: try validBaseline(baseline, usage: compareUsage))
        options.current = parsed.positionals.dropFirst().first
        options.reportsDirectory = parsed["reports"] ?? options.reportsDirectory
        options.thresholds = try thresholds(parsed, usage: compareUsage)
        return options
    }

    /// A baseline argument as given: a path to a report, or a valid baseline name.
    private static func validBaseline(_ argument: String, usage: String) throws(UsageError) -> String {
        guard BenchApp.isPath(argument) || BaselineStore.isValidName(argument) else {
            throw UsageError(message: "invalid baseline name '\(argument)' (expected letters, digits, '.', '_' and '-', not starting with '.'; or the path of a run directory or report.json)", usage: usage)
        }
        return argument
    }

    private static func thresholds(_ parsed: ArgumentParser.Parsed, usage: String) throws(UsageError) -> Thresholds {
        func fraction(_ name: String) throws(UsageError) -> Double? {
            guard let text = parsed[name] else { return nil }
            let isPercent = text.hasSuffix("%")
            let number = Double(isPercent ? String(text.dropLast()) : text).map { isPercent ? $0 / 100 : $0 }
            guard let number, (0...100).contains(number) else {
                throw UsageError(message: "invalid value '\(text)' for '--\(name)' (expected a fraction from 0 to 100 such as 0.25, or a percentage from 0% to 10000% such as 25%)", usage: usage)
            }
            return number
        }
        let defaults = Thresholds()
        let time = try fraction("time-tolerance") ?? defaults.time
        let mallocs = try parsed.number("malloc-tolerance", in: 0.001...1_000_000, what: "allocations per operation") ?? defaults.mallocsPerOperation
        return Thresholds(
            mallocsPerOperation: mallocs,
            time: time,
            failingTime: try fraction("fail-time-tolerance"),
            load: try fraction("load-tolerance") ?? defaults.load
        )
    }
}
