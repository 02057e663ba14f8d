import BenchmarkEngine
import CourierFixtureServer
import Foundation

/// `bench serve`: the fixture server in the foreground, for wrk, curl or another client.
enum ServeCommand {
    static func run(port: UInt16, seconds: Double) async -> Int32 {
        let server: FixtureServer
        do {
            server = try FixtureServer.start(configuration(port: port))
        } catch {
            Platform.writeToStandardError("error: cannot start the fixture server: \(error)\n")
            return BenchApp.ExitCode.failure
        }
        print("Serving \(server.baseURL.absoluteString) for \(seconds) s (try \(server.url("/movies?page=1").absoluteString))")
        try? await Task.sleep(for: .seconds(seconds))
        server.stop()
        return BenchApp.ExitCode.success
    }

    private static func configuration(port: UInt16) -> FixtureServer.Configuration {
        var configuration = FixtureServer.Configuration()
        configuration.port = port
        return configuration
    }
}
