import Foundation
import Testing

/// What a real consumer of JUnit XML makes of a file: PyPI's `junitparser` reads it back, after
/// `xmlschema` validates it against `Fixtures/junit.xsd`. Both are installed by `make deps` and CI.
struct JUnitReading: Decodable, Equatable {
    /// One test case as junitparser reads it.
    struct Case: Decodable, Equatable {
        var classname: String
        var name: String
        /// `passed`, `failure`, `error` or `skipped`.
        var result: String
        var message: String?
        var text: String?
    }

    var tests: Int
    var failures: Int
    var errors: Int
    var skipped: Int
    var cases: [Case]

    /// The case of `classname` and `name`.
    func `case`(_ classname: String, _ name: String) -> Case? {
        cases.first { $0.classname == classname && $0.name == name }
    }
}

/// `file` validated against the JUnit schema and read back by junitparser.
func readJUnit(_ file: URL) async throws -> JUnitReading {
    let schema = try #require(Bundle.module.url(forResource: "Fixtures/junit", withExtension: "xsd"))
    let script = #"""
        import json, sys
        import xmlschema
        from junitparser import JUnitXml, Failure, Error, Skipped
        xmlschema.XMLSchema(sys.argv[1]).validate(sys.argv[2])
        xml = JUnitXml.fromfile(sys.argv[2])
        cases = []
        for suite in xml:
            for case in suite:
                kinds = [r for r in case.result if isinstance(r, (Failure, Error, Skipped))]
                kind = kinds[0] if kinds else None
                result = {Failure: "failure", Error: "error", Skipped: "skipped"}.get(type(kind), "passed")
                cases.append({"classname": case.classname, "name": case.name, "result": result,
                              "message": kind.message if kind is not None else None, "text": kind.text if kind is not None else None})
        print(json.dumps({"tests": xml.tests, "failures": xml.failures, "errors": xml.errors, "skipped": xml.skipped, "cases": cases}))
        """#
    let output = try await runPython(script, arguments: [schema.path, file.path])
    return try JSONDecoder().decode(JUnitReading.self, from: Data(output.utf8))
}

/// Runs a Python script with `arguments` and returns what it printed; a failure (a file the schema
/// refuses, say) is thrown with Python's own message.
func runPython(_ script: String, arguments: [String]) async throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let ended = AsyncStream<Int32> { continuation in
        process.terminationHandler = {
            continuation.yield($0.terminationStatus)
            continuation.finish()
        }
    }
    try process.run()
    async let printed = textToEnd(of: output)
    async let said = textToEnd(of: errors)
    let (text, errorText) = await (printed, said)
    var status: Int32 = -1
    for await code in ended { status = code }
    guard status == 0 else { throw PythonFailure(status: status, message: errorText) }
    return text
}

/// A Python script that exited non-zero, with what it said.
struct PythonFailure: Error, CustomStringConvertible {
    let status: Int32
    let message: String
    var description: String { "python3 exited \(status): \(message)" }
}
