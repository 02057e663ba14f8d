import CourierBench
import Foundation
import Testing

@testable import bench

/// The CLI reference, the CourierBench catalog's BenchCommandLine article, and the README's
/// summary are what bench's declarations render. After changing an option, regenerate both with
/// `BENCH_WRITE_REFERENCE=1 swift test --filter CommandLineReferenceTests` (or by hand: `swift run
/// bench help --reference > Sources/CourierBench/Documentation.docc/BenchCommandLine.md`, and
/// `swift run bench help --reference readme` between the README's markers).
@Suite struct CommandLineReferenceTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// Whether the tests write what the declarations render instead of comparing with it.
    private static let writes = ProcessInfo.processInfo.environment["BENCH_WRITE_REFERENCE"] == "1"

    /// The reference lists the transports of a build with libcurl; one without renders another.
    private static let hasCurl = Bench.suite.transports.contains { $0.name == "curl" }

    @Test(.enabled(if: hasCurl, "the reference article is rendered by a build with libcurl"))
    func theReferenceArticleIsWhatTheDeclarationsRender() throws {
        let path = Self.root.appendingPathComponent(CommandLineReference.articlePath)
        let rendered = CommandLineReference.markdown(of: Bench.suite) + "\n"
        if Self.writes { try rendered.write(to: path, atomically: true, encoding: .utf8) }
        let file = try String(contentsOf: path, encoding: .utf8)
        #expect(
            file == rendered,
            "\(CommandLineReference.articlePath) differs from the declarations: swift run bench help --reference > \(CommandLineReference.articlePath)"
        )
    }

    @Test func theREADMEsSummaryIsWhatTheDeclarationsRender() throws {
        let path = Self.root.appendingPathComponent("README.md")
        var readme = try String(contentsOf: path, encoding: .utf8)
        let begin = try #require(readme.range(of: CommandLineReference.readmeBegin))
        let end = try #require(readme.range(of: CommandLineReference.readmeEnd, range: begin.upperBound..<readme.endIndex))
        let rendered = CommandLineReference.readme(of: Bench.suite)
        if Self.writes {
            readme.replaceSubrange(begin.lowerBound..<end.upperBound, with: rendered)
            try readme.write(to: path, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            String(readme[begin.lowerBound..<end.upperBound]) == rendered,
            "README's CLI summary differs: swift run bench help --reference readme")
    }

    @Test func theReferenceHasEveryCommandAndEveryExitCode() {
        let reference = CommandLineReference.markdown(of: Bench.suite)
        for command in Bench.suite.commands {
            #expect(reference.contains("## `bench \(command.name)`"))
        }
        for code in BenchExitCode.documented {
            #expect(reference.contains("| `\(code.rawValue)` |"))
        }
    }
}

extension CommandLineReferenceTests {
    /// The hidden `help --reference` prints what the files must hold, and is not in the overview.
    @Test func helpReferencePrintsBothParts() throws {
        guard case .help(let reference) = try Bench.suite.parse(["help", "--reference"]),
            case .help(let readme) = try Bench.suite.parse(["help", "--reference", "readme"])
        else {
            Issue.record("help --reference is not help")
            return
        }
        #expect(reference == CommandLineReference.markdown(of: Bench.suite))
        #expect(readme == CommandLineReference.readme(of: Bench.suite))
        #expect(!Bench.suite.overview.contains("--reference"))
    }
}
