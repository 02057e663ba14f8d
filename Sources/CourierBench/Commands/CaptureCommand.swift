import BenchmarkEngine
import Courier
import Foundation

/// `capture`: one real response saved as a decode payload, its head beside it with secrets
/// redacted, so a team's real JSON becomes a scenario without writing Swift to fetch it.
public struct CaptureCommand: BenchCommand, Equatable {
    public static let name = "capture"
    public static let abstract = "Saves a real response body as a payload file for decode scenarios."
    public static let synopsis = "capture --url <url> --out <file> [--header 'Name: value']..."

    let url: URL
    let output: String
    let method: String
    let headers: [RequestOptions.Header]
    let timeoutSeconds: Double
    let transport: TransportKind
    let trust: TrustSettings

    static let url = OptionDeclaration("url", value: .text(), valueName: "<url>", help: "http:// or https:// URL to fetch.")
    static let out = OptionDeclaration(
        "out", value: .file, valueName: "<file>",
        help: "Where the body goes, such as Fixtures/issues.json; replaced whole, or left as it was when the request fails."
    )
    static let header = RequestOptions.header(help: "A request header field; repeat for more.")
    static let timeout = OptionDeclaration(
        "timeout", value: .duration(), default: 30, valueName: "<t>", help: "The request's limit, {range}, such as 10s."
    )

    public static func declaration(in suite: BenchSuite) -> CommandDeclaration {
        CommandDeclaration(
            overview:
                "Sends one request and saves the response body to <file>, for a decode scenario (.file(\"<file>\") or a resource), and its status and header fields to <file minus .json>.headers.json.",
            usage: [
                "capture --url <url> --out <file> [--header 'Name: value']... [--method <m>] [--timeout <t>] [--transport <t>] [--cacert <file>] [--insecure] [--cert <file> [--key <file>]] [--resolve <host:port:address>]... [--tls-min <version>] [--tls-max <version>]"
            ],
            options: [
                url, out, header, RequestOptions.method, timeout,
                RequestOptions.transport(in: suite, help: "\(suite.transports.map(\.name).joined(separator: " or "))."),
            ] + TrustOptions.options,
            discussion: """
                Secrets never reach the headers file, a message or the console: in the request and the response, REDACTED stands for \(CommandLineRedaction.rule).

                A status outside 200..<300 writes nothing and exits 1.
                """
        )
    }

    public static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> CaptureCommand {
        let parsed = try declaration(in: suite).parser(tool: suite.tool).parse(arguments)
        let url = try RequestOptions.url(try parsed.value(of: url), usage: parsed.usage)
        guard let output = try parsed.value(of: out) else { throw UsageError(message: "missing '--out <file>'", usage: parsed.usage) }
        return CaptureCommand(
            url: url, output: output, method: try parsed.value(of: RequestOptions.method), headers: try parsed.value(of: header),
            timeoutSeconds: try parsed.value(of: timeout), transport: try parsed.value(of: RequestOptions.transport(in: suite)),
            trust: try TrustOptions.parse(parsed)
        )
    }

    public func run(in context: CommandContext) async throws -> BenchExitCode {
        let body = URL(fileURLWithPath: output)
        let headFile = Self.headersFile(for: body)
        // Checked before sending, so a typo in --out does not cost a request to someone's API.
        let directory = body.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw UsageError(
                message: "cannot write '--out' '\(output)': \(error.localizedDescription)", usage: Self.help(in: context.suite))
        }
        guard FileManager.default.isWritableFile(atPath: directory.path) else {
            throw UsageError(
                message: "cannot write '--out' '\(output)': \(directory.path) is not writable", usage: Self.help(in: context.suite))
        }

        var fields = HTTPHeaders()
        for header in headers { fields.add(name: header.name, value: header.value) }
        let request = HTTPRequest(method: method, url: url.absoluteString, headers: fields)
        var settings = TransportSettings(connections: 1, timeout: Duration(seconds: timeoutSeconds))
        settings.trust = trust
        let open: OpenTransport
        do {
            open = try transport.make(settings)
        } catch let error as TransportSettingsError {
            throw UsageError(message: error.description, usage: Self.help(in: context.suite))
        }
        let exchange: (HTTPResponse, Data)
        do {
            exchange = try await open.client(baseURL: url).data(for: request)
        } catch {
            await open.shutDown()
            throw CaptureFailed(method: method, url: url, error: error)
        }
        await open.shutDown()
        let (response, data) = exchange

        let isJSON = (try? JSONDecoder().decode(JSONValue.self, from: data)) != nil
        let record = CaptureRecord(
            capturedAt: ISO8601DateFormatter().string(from: Date()),
            method: method,
            url: Redaction.url(url.absoluteString),
            requestHeaders: Redaction.headers(fields).map(CaptureRecord.Field.init),
            status: response.statusCode,
            responseHeaders: Redaction.headers(response.headers).map(CaptureRecord.Field.init),
            bytes: data.count,
            isJSON: isJSON,
            insecure: trust.allowsInsecureConnections ? true : nil,
            tlsVersions: trust.tlsVersionsRecorded
        )
        let head = try JSONReportWriter.render(value: record)
        try Platform.writeAtomically(data, to: body)
        try Platform.writeAtomically(head, to: headFile)
        print(
            "Captured \(response.statusCode), \(data.count) bytes\(isJSON ? " of JSON" : " (not JSON: a decode scenario will fail on it)"), into \(body.path); head in \(headFile.path)"
                + (trust.allowsInsecureConnections ? "\n" + SummaryTable.insecureNotice : "")
                + (trust.tlsVersionsRecorded.map { "\n" + SummaryTable.tlsVersionsNotice($0) } ?? "")
        )
        return .success
    }

    /// `Fixtures/issues.json` → `Fixtures/issues.headers.json`.
    static func headersFile(for body: URL) -> URL {
        let stem = body.pathExtension == "json" ? body.deletingPathExtension() : body
        return stem.deletingLastPathComponent().appendingPathComponent(stem.lastPathComponent + ".headers.json")
    }
}

/// A capture whose request failed: a status outside 200..<300, or no answer.
struct CaptureFailed: Error, CustomStringConvertible {
    let method: String
    let url: URL
    let error: APIError

    var description: String {
        let target = "\(method) \(Redaction.url(url.absoluteString))"
        if case .badStatus(let code) = error.kind {
            return "\(target) answered \(code); nothing written"
        }
        let cause = error.underlyingError.map { " (\($0.localizedDescription))" } ?? ""
        return "\(target) failed: \(error.kind)\(cause); nothing written"
    }
}

/// What `capture` writes beside the body: the request and the response head, redacted.
struct CaptureRecord: Codable, Equatable {
    /// One header field.
    struct Field: Codable, Equatable {
        let name: String
        let value: String

        init(_ field: HTTPHeaders.Field) {
            name = field.name
            value = field.value
        }
    }

    let capturedAt: String
    let method: String
    let url: String
    let requestHeaders: [Field]
    let status: Int
    let responseHeaders: [Field]
    let bytes: Int
    let isJSON: Bool
    /// `true` when the server's certificate and name went unchecked (`--insecure`); absent otherwise.
    var insecure: Bool? = nil
    /// The TLS versions allowed (`1.0-1.3`) when not the default of 1.2 and up; absent otherwise.
    var tlsVersions: String? = nil
}
