import BenchmarkEngine
import CourierFixtures
import Foundation

/// `bench fixtures`: the payloads as files, laid out as the fixture server serves them, so that a
/// static server (nginx in CI) answers the same paths with the same bytes.
enum FixturesCommand {
    static func run(directory: String) -> Int32 {
        let root = URL(fileURLWithPath: directory)
        var files: [(path: String, data: Data)] = PayloadShape.allCases.map { ("fixtures/\($0.rawValue)", Payload.make($0).json) }
        files.append(("movies/1", Payload.make(.tinyObject).json))
        files.append(("movies/index", Payload.make(.list100).json))
        do {
            for file in files {
                let url = root.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Platform.writeAtomically(file.data, to: url)
            }
        } catch {
            Platform.writeToStandardError("error: \(error)\n")
            return BenchApp.ExitCode.failure
        }
        print("Wrote \(files.count) fixture files to \(root.path)")
        return BenchApp.ExitCode.success
    }
}
