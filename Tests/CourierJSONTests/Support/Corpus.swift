import Foundation

/// JSONTestSuite's parsing corpus: `../shared/json-test-suite/test_parsing` beside the repository
/// (as CI lays it out), or wherever `COURIER_JSON_TEST_SUITE` points; `nil` when it is not there.
enum Corpus {
    static let directory: URL? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let directory =
            ProcessInfo.processInfo.environment["COURIER_JSON_TEST_SUITE"].map(URL.init(fileURLWithPath:))
            ?? root.appendingPathComponent("../shared/json-test-suite/test_parsing").standardizedFileURL
        return FileManager.default.fileExists(atPath: directory.path) ? directory : nil
    }()

    /// The names of the corpus files starting with `prefix`, sorted.
    static func files(prefix: String) -> [String] {
        guard let directory, let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    /// The bytes of the corpus file `name`.
    static func contents(_ name: String) throws -> Data {
        guard let directory else { throw CocoaError(.fileNoSuchFile) }
        return try Data(contentsOf: directory.appendingPathComponent(name))
    }
}
