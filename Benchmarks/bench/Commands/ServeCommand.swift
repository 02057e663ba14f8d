import BenchmarkEngine
import BenchmarkMetrics
import CourierBench
import CourierFixtureServer
import Foundation

/// `bench serve`: the fixture server in the foreground, for wrk, curl or another client.
struct ServeCommand: BenchCommand, Equatable {
    static let name = "serve"
    static let abstract = "Runs the fixture server (the default suite's real endpoint)."
    static let synopsis =
        "serve [--port <p>] [--duration <d>] [--workers <n>] [--service-time <t>] [--metrics-listen [<addr>:]<port> [--metrics-grace <d>]]"

    let port: UInt16
    let seconds: Double
    /// The virtual workers behind `/capacity`.
    var capacity = FixtureServer.standardCapacity
    /// Where the server's request counts are served; `nil` for nowhere.
    var metricsListen: ListenAddress?
    /// How long after the duration the counts are served, until a scrape has read them.
    var metricsGrace = ServeCommand.metricsGrace.defaultValue

    static let port = OptionDeclaration(
        "port", value: .integer(in: 0...65535), default: 0, valueName: "<p>",
        help: "Port to listen on, {range}; 0 lets the system pick one, printed."
    )
    static let duration = OptionDeclaration(
        "duration", value: .duration(), default: 60, valueName: "<d>", help: "How long to serve, {range}, such as 30s or 5m."
    )
    static let workers = OptionDeclaration(
        "workers", value: .integer(in: 1...100_000), default: FixtureServer.standardCapacity.workers, valueName: "<n>",
        help: "Virtual workers behind /capacity, {range}."
    )
    static let serviceTime = OptionDeclaration(
        "service-time", value: .duration(), default: seconds(of: FixtureServer.standardCapacity.serviceTime), valueName: "<t>",
        help: "How long each /capacity request occupies its worker, {range}; the route's true capacity is workers ÷ service time."
    )

    static let metricsListen = OptionDeclaration(
        "metrics-listen", value: .listenAddress, valueName: "[<addr>:]<port>",
        help:
            "Serves GET /metrics (OpenMetrics) while serving: courier_fixture_requests_total by path and port. The address defaults to 127.0.0.1."
    )
    static let metricsGrace = OptionDeclaration(
        "metrics-grace", value: .duration(in: 0...600, examples: "30s or 0s"), default: 30, valueName: "<d>",
        help: "After --duration, how long at most /metrics stays up until a scrape has read the final counts, {range}."
    )

    private static func seconds(of duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func declaration(in suite: BenchSuite) -> CommandDeclaration {
        CommandDeclaration(
            overview:
                "Runs the fixture server on 127.0.0.1 until the duration is over; its routes: LoadTesting.md in the CourierBench documentation.",
            usage: [synopsis], options: [port, duration, workers, serviceTime, metricsListen, metricsGrace]
        )
    }

    static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> ServeCommand {
        let parsed = try declaration(in: suite).parser(tool: suite.tool).parse(arguments)
        var command = ServeCommand(port: UInt16(try parsed.value(of: port)), seconds: try parsed.value(of: duration))
        command.capacity.workers = try parsed.value(of: workers)
        command.capacity.serviceTime = .nanoseconds(Int64(try parsed.value(of: serviceTime) * 1e9))
        command.metricsListen = try parsed.value(of: metricsListen)
        command.metricsGrace = try parsed.value(of: metricsGrace)
        if command.metricsListen == nil, parsed.contains(metricsGrace) {
            throw UsageError(message: "'--metrics-grace' needs '--metrics-listen'", usage: parsed.usage)
        }
        return command
    }

    func run(in context: CommandContext) async throws -> BenchExitCode {
        var configuration = FixtureServer.Configuration()
        configuration.port = port
        configuration.routes["/capacity"]?.capacity = capacity
        let server: FixtureServer
        do {
            server = try FixtureServer.start(configuration)
        } catch {
            throw ServeFailed(reason: "\(error)")
        }
        var listener: MetricsListener?
        if let metricsListen {
            do {
                listener = try MetricsListener.start(metricsListen, serving: FixtureServerMetrics(server: server))
            } catch {
                server.stop()
                throw ServeFailed(reason: "cannot serve metrics on \(metricsListen): \(error)")
            }
        }
        print(
            "Serving \(server.baseURL.absoluteString) for \(seconds) s (try \(server.url("/movies?page=1").absoluteString)); "
                + "/capacity: \(capacity.workers) workers of \(capacity.serviceTime), \(capacity.requestsPerSecond) requests/s"
                + (listener.map { "; metrics at \($0.url)" } ?? ""))
        try? await Task.sleep(for: .seconds(seconds))
        if let listener {
            let scraped = await listener.linger(upTo: Duration(seconds: metricsGrace))
            if !scraped { Platform.writeToStandardError("metrics: no scrape read the final counts in time\n") }
        }
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
