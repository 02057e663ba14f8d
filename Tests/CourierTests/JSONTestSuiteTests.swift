import Courier
import CourierJSON
import CourierTesting
import Foundation
import Testing

/// The JSONTestSuite parsing corpus, served by a stub into the client and decoded by each decoder
/// the client can take.
///
/// Found at `../shared/json-test-suite/test_parsing` beside the repository (as CI lays it out), or
/// wherever `COURIER_JSON_TEST_SUITE` points.
private let corpus: URL? = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let directory =
        ProcessInfo.processInfo.environment["COURIER_JSON_TEST_SUITE"].map(URL.init(fileURLWithPath:))
        ?? root.appendingPathComponent("../shared/json-test-suite/test_parsing").standardizedFileURL
    return FileManager.default.fileExists(atPath: directory.path) ? directory : nil
}()

private func corpusFiles(prefix: String) -> [String] {
    guard let corpus, let names = try? FileManager.default.contentsOfDirectory(atPath: corpus.path) else { return [] }
    return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
}

/// The decoders under test.
enum DecoderChoice: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case foundation, courier

    var testDescription: String { rawValue }

    var decoder: any ResponseDecoder {
        switch self {
        case .foundation: JSONDecoder()
        case .courier: CourierJSONDecoder()
        }
    }
}

/// Where Foundation's JSONDecoder on this toolchain disagrees with the corpus. These are the
/// decoder's faults, not ours; they are marked as known issues so a fix upstream shows up as an
/// unexpected pass instead of passing unnoticed. CourierJSONDecoder has none.
private let decoderAcceptsInvalid: Set<String> = [
    "n_array_extra_comma.json",
    "n_array_number_and_comma.json",
    "n_object_trailing_comma.json",
]
private let decoderRejectsValid: Set<String> = [
    "y_number_0e1.json"
]

private func serve(_ name: String, decodingWith choice: DecoderChoice) async throws -> Result<JSONValue, APIError> {
    let corpus = try #require(corpus)
    let body = try Data(contentsOf: corpus.appendingPathComponent(name))
    let server = StubServer()
    server.route("GET", "/doc", StubResponse(body: body))
    // JSONDecoder's cases go through URLSession and the URLProtocol stub, as users' requests do;
    // CourierJSONDecoder's through the in-memory transport, so the suite does not run a thousand
    // URLSession calls where five hundred already cover that path.
    let client =
        switch choice {
        case .foundation: APIClient(baseURL: server.baseURL, session: server.session, decoder: choice.decoder)
        case .courier: APIClient(baseURL: server.baseURL, transport: server.transport, decoder: choice.decoder)
        }
    do {
        return .success(try await client.send(Get(path: "doc"), as: JSONValue.self))
    } catch {
        return .failure(error)
    }
}

@Suite(.enabled(if: corpus != nil, "JSONTestSuite corpus not found beside the repository"))
struct JSONTestSuiteTests {
    @Test func theCorpusIsComplete() {
        #expect(corpusFiles(prefix: "").count == 318)
    }

    @Test(arguments: DecoderChoice.allCases, corpusFiles(prefix: "y_"))
    func validDocumentsDecode(choice: DecoderChoice, name: String) async throws {
        let result = try await serve(name, decodingWith: choice)
        withKnownIssue("JSONDecoder rejects this valid document") {
            if case .failure(let error) = result { Issue.record("\(name): \(error.debugDescription)") }
        } when: {
            choice == .foundation && decoderRejectsValid.contains(name)
        }
    }

    @Test(arguments: DecoderChoice.allCases, corpusFiles(prefix: "n_"))
    func invalidDocumentsFailAsDecoding(choice: DecoderChoice, name: String) async throws {
        let result = try await serve(name, decodingWith: choice)
        withKnownIssue("JSONDecoder accepts this invalid document") {
            switch result {
            case .success(let value): Issue.record("\(name) decoded as \(value)")
            case .failure(let error): #expect(error == .decoding, "\(name): \(error.debugDescription)")
            }
        } when: {
            choice == .foundation && decoderAcceptsInvalid.contains(name)
        }
    }

    /// Each decoder's choices for these are its own (CourierJSONDecoder's are listed and tested in
    /// CourierJSONTests); through the client, a rejection is always a decoding error.
    @Test(arguments: DecoderChoice.allCases, corpusFiles(prefix: "i_"))
    func implementationDefinedDocumentsEitherDecodeOrFailAsDecoding(choice: DecoderChoice, name: String) async throws {
        if case .failure(let error) = try await serve(name, decodingWith: choice) {
            #expect(error == .decoding, "\(name): \(error.debugDescription)")
        }
    }
}
