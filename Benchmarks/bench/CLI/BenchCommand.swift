import BenchmarkEngine
import Foundation

/// What the command line asks the bench to do.
enum BenchCommand: Equatable {
    /// Run scenarios and write reports.
    case run(RunOptions)
    /// List the scenarios.
    case list(filter: String?)
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
    }

    static let overview = """
        OVERVIEW: Benchmarks and load-tests the Courier client layer.

        USAGE: bench [run] [<options>]
               bench load --url <url> [<options>]
               bench serve [--port <p>] [--duration <d>]
               bench fixtures --out <dir>
               bench list [--filter <pattern>]
               bench help [<command>]

        COMMANDS:
          run (default)           Runs the default suite, prints a summary and writes reports.
          load                    Drives the client against any URL and writes reports.
          serve                   Runs the fixture server (the default suite's real endpoint).
          fixtures                Writes the fixture payloads as files, for nginx and friends.
          list                    Lists the scenarios.
          help                    Shows help for a command.

          See 'bench help <command>' or 'bench <command> --help' for its options.

        EXIT CODES:
          0   success
          1   a scenario failed, a report could not be written, or no request of 'load' succeeded
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

    static let serveUsage = """
        OVERVIEW: Runs the fixture server on 127.0.0.1 until the duration is over; see README for routes.

        USAGE: bench serve [--port <p>] [--duration <d>]

        OPTIONS:
          --port <p>              Port to listen on. (default: one the system picks, printed)
          --duration <d>          How long to serve, such as 30s or 5m. (default: 60s)
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
            case "load": return .help(LoadOptions.usage)
            case "serve": return .help(serveUsage)
            case "fixtures": return .help(fixturesUsage)
            case let other?: throw UsageError(message: "unknown command '\(other)'", usage: overview)
            }
        case "list":
            if wantsHelp { return .help(listUsage) }
            let values = try ArgumentParser(options: [("filter", true)], usage: listUsage).parse(arguments.dropFirst())
            return .list(filter: values["filter"])
        case "load":
            if wantsHelp { return .help(LoadOptions.usage) }
            return .load(try LoadOptions.parse(arguments.dropFirst()))
        case "serve":
            if wantsHelp { return .help(serveUsage) }
            let values = try ArgumentParser(options: [("port", true), ("duration", true)], usage: serveUsage).parse(arguments.dropFirst())
            var port: UInt16 = 0
            if let value = values["port"] {
                guard let parsed = UInt16(value) else {
                    throw UsageError(message: "invalid value '\(value)' for '--port' (expected 0 to 65535)", usage: serveUsage)
                }
                port = parsed
            }
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
        case let first? where first.hasPrefix("-"):
            if wantsHelp { return .help(overview) }
            return .run(try parseRun(arguments[...]))
        case let other?:
            let known = ["run", "load", "serve", "fixtures", "list", "help"].min { editDistance(other, $0) < editDistance(other, $1) }
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
