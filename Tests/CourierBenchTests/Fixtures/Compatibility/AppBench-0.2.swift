// A bench executable as a package wrote it against Courier 0.2.0, before the renames of its last
// days: `Thresholds` for a scenario's own thresholds, `ArgumentParser` for a command's options,
// `ExitCode` for how a command ends, `RunCommand.filter` for one pattern. CompatibilityTests
// type-checks it against the package as built: it must compile, deprecation warnings allowed.
// Not compiled with the tests (it is a resource of theirs), and never to be modernized: it is what
// such a package looks like.
import CourierBench
import Foundation

struct Issue: Decodable, Sendable {
    let id: Int
    let title: String
}

struct HelloCommand: BenchCommand {
    static let name = "hello"
    static let abstract = "Greets someone."
    static let synopsis = "hello [--name <name>] [--times <n>] [--pause <duration>] [--loud]"

    let name: String
    let times: Int
    let pause: Double
    let isLoud: Bool

    static func help(in suite: BenchSuite) -> String {
        "OVERVIEW: \(abstract)\n\nUSAGE: \(suite.tool) \(synopsis)"
    }

    static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> HelloCommand {
        let usage = help(in: suite)
        let parser = ArgumentParser(options: [.value("name"), .value("times"), .value("pause"), .flag("loud")], usage: usage)
        let parsed = try parser.parse(arguments)
        let pause = try parsed["pause"].map { text throws(UsageError) in try ArgumentParser.seconds(text, option: "pause", usage: usage) }
        return HelloCommand(
            name: parsed["name"] ?? "world", times: try parsed.integer("times", in: 1...10) ?? 1, pause: pause ?? 0,
            isLoud: parsed["loud"] != nil)
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        for _ in 0..<times { print(isLoud ? "HELLO, \(name.uppercased())!" : "Hello, \(name)!") }
        return times > 0 ? .success : ExitCode(rawValue: 1)
    }
}

@main struct AppBench: BenchMain {
    static let issues = Data(#"[{"id":1,"title":"Crash on launch"},{"id":2,"title":"Slow list"}]"#.utf8)

    static let suite = BenchSuite(
        tool: "appbench",
        version: "1.4.0",
        scenarios: [
            .decode("decode/issues", as: [Issue].self, from: .bytes(issues), thresholds: Thresholds(failingTime: 3)),
            .custom("custom/sum", summary: "a sum", thresholds: Thresholds(mallocsPerOperation: 2)) {
                blackHole((0..<100).reduce(0, +))
            },
        ],
        commands: [HelloCommand.self]
    )

    /// What a CI script of the time built by hand.
    static func quickRun(of pattern: String) -> RunCommand {
        var run = RunCommand()
        run.filter = pattern
        run.skipped = ["custom/"]
        run.isQuick = true
        return run
    }

    static func status(of error: any Error) -> Int32 {
        ExitCode(for: error).rawValue
    }
}
