import CourierSystem
import Foundation
import Testing

/// The seed program, built as the `SeedExample` executable, must print exactly its four lines.
///
/// The first line also guards the seed's `Movies.query: [String: String]`: were the library's
/// requirement of another type, `Movies` would silently get the default and `?page=2` would vanish.
@Test func seedProgramPrintsItsFourLines() async throws {
    let executable = try #require(productURL(named: "SeedExample"), "build the SeedExample executable first")
    let process = Process()
    process.executableURL = executable
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = await onOwnThread {
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    #expect(process.terminationStatus == 0)
    #expect(
        String(decoding: data, as: UTF8.self) == """
            GET https://api.example.test/movies?page=2
            ["Alien"]
            error: badStatus(404)
            error: decoding

            """)
}

/// A product built next to the test bundle (`.build/<triple>/<configuration>/`).
private func productURL(named name: String) -> URL? {
    [Bundle.main.bundleURL.deletingLastPathComponent(), URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        .map { $0.appendingPathComponent(name) }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}
