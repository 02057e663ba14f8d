import CourierBench
import CourierFixtureServer
import Foundation

/// `bench serve`: the fixture server in the foreground, for wrk, curl or another client.
struct ServeCommand: BenchCommand, Equatable {
    static let name = "serve"
    static let abstract = "Runs the fixture server (the default suite's real endpoint)."
    static let synopsis = "serve [--port <p>] [--duration <d>] [--workers <n>] [--service-time <t>]"

    let port: UInt16
    let seconds: Double
    /// The virtual workers behind `/capacity`.
    var capacity = FixtureServer.standardCapacity

    static func help(in suite: BenchSuite) -> String {
        """
        OVERVIEW: Runs the fixture server on 127.0.0.1 until the duration is over; see README for routes.

        USAGE: \(suite.tool) serve [--port <p>] [--duration <d>] [--workers <n>] [--service-time <t>]

        OPTIONS:
          --port <p>              Port to listen on, 0–65535; 0 lets the system pick one, printed.
                                  (default: 0)
          --duration <d>          How long to serve, 1ms–24h, such as 30s or 5m. (default: 60s)
          --workers <n>           Virtual workers behind /capacity, 1–100000. (default: 4)
          --service-time <t>      How long each /capacity request occupies its worker, 1ms–24h;
                                  the route's true capacity is workers ÷ service time. (default: 10ms)
          -h, --help              Shows this help.
        """
    }

    static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> ServeCommand {
        let usage = help(in: suite)
        let names = ["port", "duration", "workers", "service-time"]
        let values = try ArgumentParser(options: names.map(ArgumentParser.Option.value), usage: usage).parse(arguments)
        let port = UInt16(try values.integer("port", in: 0...65535) ?? 0)
        var seconds = 60.0
        if let value = values["duration"] { seconds = try ArgumentParser.seconds(value, option: "duration", usage: usage) }
        var command = ServeCommand(port: port, seconds: seconds)
        command.capacity.workers = try values.integer("workers", in: 1...100_000) ?? command.capacity.workers
        if let value = values["service-time"] {
            command.capacity.serviceTime = .nanoseconds(Int64(try ArgumentParser.seconds(value, option: "service-time", usage: usage) * 1e9))
        }
        return command
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        var configuration = FixtureServer.Configuration()
        configuration.port = port
        configuration.routes["/capacity"]?.capacity = capacity
        let server: FixtureServer
        do {
            server = try FixtureServer.start(configuration)
        } catch {
            throw ServeFailed(reason: "\(error)")
        }
        print("Serving \(server.baseURL.absoluteString) for \(seconds) s (try \(server.url("/movies?page=1").absoluteString)); "
            + "/capacity: \(capacity.workers) workers of \(capacity.serviceTime), \(capacity.requestsPerSecond) requests/s")
        try? await Task.sleep(for: .seconds(seconds))
        server.stop()
        return .success
    }
}

/// The fixture server would not start (the port is taken, say).
struct ServeFailed: Error, CustomStringConvertible {
    let reason: String

    var description: String {
        "cannot start the fixture server: \(reason)"
    }
}
