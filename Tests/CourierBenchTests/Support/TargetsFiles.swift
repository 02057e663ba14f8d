import Foundation

@testable import CourierBench

/// A fresh directory holding `files` (name to contents), for one test's targets file and its data.
func targetsDirectory(_ files: [String: String]) throws -> URL {
    let directory = temporaryDirectory("targets")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for (name, contents) in files {
        try Data(contents.utf8).write(to: directory.appendingPathComponent(name))
    }
    return directory
}

/// The targets file `json` loaded from a fresh directory beside `files`, as `targets.json`, with
/// `environment` for its `{{env.NAME}}`.
func loadTargets(
    _ json: String, files: [String: String] = [:], baseURL: String? = "http://127.0.0.1:8080", environment: [String: String] = [:]
) throws -> TargetsFile {
    let directory = try targetsDirectory(files.merging(["targets.json": json]) { $1 })
    return try TargetsFile.load(
        path: directory.appendingPathComponent("targets.json").path, baseURL: baseURL.flatMap(URL.init(string:)), environment: environment)
}

/// The error loading `json` beside `files` throws; `nil` when it loads.
func targetsError(
    _ json: String, files: [String: String] = [:], baseURL: String? = "http://127.0.0.1:8080", environment: [String: String] = [:]
) -> TargetsFileError? {
    do {
        _ = try loadTargets(json, files: files, baseURL: baseURL, environment: environment)
        return nil
    } catch let error as TargetsFileError {
        return error
    } catch {
        return nil
    }
}
