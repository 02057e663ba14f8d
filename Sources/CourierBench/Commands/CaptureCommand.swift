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

    public static func help(in suite: BenchSuite) -> String {
        """
        OVERVIEW: Sends one request and saves the response body to <file>, for a decode scenario
        (.file("<file>") or a resource), and its status and header fields to <file minus .json>.headers.json.

        USAGE: \(suite.tool) capture --url <url> --out <file> [--header 'Name: value']... [--method <m>]
                             [--timeout <t>] [--transport <t>]

        OPTIONS:
          --url <url>             http:// or https:// URL to fetch.
          --out <file>            Where the body goes, such as Fixtures/issues.json; replaced whole, or
                                  left as it was when the request fails.
          --header 'Name: value'  A request header field; repeat for more.
          --method <m>            HTTP method. (default: GET)
          --timeout <t>           The request's limit, 1ms–24h, such as 10s. (default: 30s)
          --transport <t>         \(suite.transports.map(\.name).joined(separator: " or ")). (default: urlsession)
          -h, --help              Shows this help.

        \(HelpText.wrap("Secrets never reach the headers file, a message or the console: in the request and the response, REDACTED stands for \(CommandLineRedaction.rule).", column: 0))
        A status outside 200..<300 writes nothing and exits 1.
        """
    }

    public static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> CaptureCommand {
        let usage = help(in: suite)
        let options: [ArgumentParser.Option] = ["url", "out", "header", "method", "timeout", "transport"].map(ArgumentParser.Option.value)
        let parsed = try ArgumentParser(options: options, usage: usage).parse(arguments)
        let url = try RequestOptions.url(parsed["url"], usage: usage)
        guard let output = parsed["out"] else { throw UsageError(message: "missing '--out <file>'", usage: usage) }
        var headers: [RequestOptions.Header] = []
        for field in parsed.all("header") {
            headers.append(try RequestOptions.Header.parse(field, usage: usage))
        }
        let method = parsed["method"] ?? "GET"
        guard method.allSatisfy({ $0.isLetter && $0.isASCII }) else {
            throw UsageError(message: "invalid method '\(method)' in '--method' (expected letters, such as GET or POST)", usage: usage)
        }
        let transportName = parsed["transport"] ?? TransportKind.urlSession.name
        guard let transport = suite.transports.first(where: { $0.name == transportName }) else {
            let choices = suite.transports.map(\.name).joined(separator: " or ")
            throw UsageError(message: "invalid value '\(transportName)' for '--transport' (expected \(choices))", usage: usage)
        }
        var timeout = 30.0
        if let text = parsed["timeout"] { timeout = try ArgumentParser.seconds(text, option: "timeout", usage: usage) }
        return CaptureCommand(url: url, output: output, method: method.uppercased(), headers: headers, timeoutSeconds: timeout, transport: transport)
    }

    public func run(in context: CommandContext) async throws -> ExitCode {
        let body = URL(fileURLWithPath: output)
        let headFile = Self.headersFile(for: body)
        // Checked before sending, so a typo in --out does not cost a request to someone's API.
        let directory = body.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw UsageError(message: "cannot write '--out' '\(output)': \(error.localizedDescription)", usage: Self.help(in: context.suite))
        }
        guard FileManager.default.isWritableFile(atPath: directory.path) else {
            throw UsageError(message: "cannot write '--out' '\(output)': \(directory.path) is not writable", usage: Self.help(in: context.suite))
        }

        var fields = HTTPHeaders()
        for header in headers { fields.add(name: header.name, value: header.value) }
        let request = HTTPRequest(method: method, url: url.absoluteString, headers: fields)
        let open = try transport.make(TransportSettings(connections: 1, timeoutSeconds: timeoutSeconds))
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
            isJSON: isJSON
        )
        let head = try JSONReportWriter.render(value: record)
        try Platform.writeAtomically(data, to: body)
        try Platform.writeAtomically(head, to: headFile)
        print("Captured \(response.statusCode), \(data.count) bytes\(isJSON ? " of JSON" : " (not JSON: a decode scenario will fail on it)"), into \(body.path); head in \(headFile.path)")
        return .success
    }

    /// `Fixtures/issues.json` → `Fixtures/issues.headers.json`.
    static func headersFile(for body: URL) -> URL {
        let stem = body.pathExtension == "json" ? body.deletingPathExtension() : body
        return stem.deletingLastPathComponent().appendingPathComponent(stem.lastPathComponent + ".headers.json")
    }
}
