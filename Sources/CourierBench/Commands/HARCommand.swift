import BenchmarkEngine
import Courier
import Foundation

/// `har`: a targets file written from a HAR export, so a browser session or a proxy's recording
/// becomes the request mix `load --targets` and `capacity --targets` replay, with its secrets left
/// out.
public struct HARCommand: BenchCommand, Equatable {
    public static let name = "har"
    public static let abstract = "Writes a targets file from a HAR export, secrets and static assets left out."
    public static let synopsis =
        "har <file.har> --out <file> [--journey] [--include-static] [--host <host>]... [--base-url <url>] [--force]"

    let file: String
    let output: String
    let options: HARConversion.Options
    let replaces: Bool

    static let out = OptionDeclaration(
        "out", value: .file, valueName: "<file>", help: "The targets file to write, such as targets.json; written whole or not at all.")
    static let includeStatic = OptionDeclaration(
        flag: "include-static", help: "Keeps images, fonts, style sheets and scripts, by response type or URL extension.")
    static let host = OptionDeclaration(
        repeating: "host", value: .text(), valueName: "<host>",
        help: "Keeps only requests to this host (api.example.com, or with its port), ignoring case; repeat for more.")
    static let baseURL = OptionDeclaration(
        "base-url", value: .text(), valueName: "<url>",
        help: "URLs starting with it are written as paths after it, so 'load --targets <file> --base-url' aims the recording elsewhere.")
    static let force = OptionDeclaration(flag: "force", help: "Replaces <file> when it exists.")
    static let journey = OptionDeclaration(
        flag: "journey",
        help:
            "Writes a version-2 file of one journey instead: every request in the recording's order, each a step, with the recorded pause before the next as its think time; and points out, on standard error, the values of answers that later requests send back, to turn into extractions."
    )

    public static func declaration(in suite: BenchSuite) -> CommandDeclaration {
        CommandDeclaration(
            overview: """
                Reads a HAR 1.2 export (a browser's developer tools, a proxy) and writes a version-1 targets file: one request per kind of request recorded, weighted by how many times it was, so the mix replays the recording's proportions.
                """,
            usage: [synopsis],
            arguments: [.init("<file.har>", help: "The HAR export.")],
            options: [out, journey, includeStatic, host, baseURL, force],
            discussion: """
                A kind is a method and a URL whose query values and id-like path segments (numbers, UUIDs, long hex or token-like runs) are set aside: GET /issues/123 and GET /issues/456 are one kind, named "GET /issues/{id}", weight 2. Its URL, header fields and body are those of its first recording.

                Secrets are never written or printed: header fields named as \(CommandLineRedaction.rule) are dropped whole, as are cookies (give them at run time with 'load --header'); such query parameters, form fields and JSON members keep their names, their values written REDACTED. Hop-by-hop and browser-made fields (Host, Connection, Accept-Encoding, :authority, sec-*, User-Agent, Referer, …) are dropped; multipart bodies are left out. '{{' is written '{{{{', so it is sent as recorded.

                With --journey, each request recorded is a step of one journey, in order, named as its kind (a kind sent again is "GET /items/{id} (2)"), with the recorded pause before the next step as its think time; a line on standard error names each step that sends a value an earlier answer gave (in a JSON body or a header field: a token, an id), where it went and the extraction to write, never the value.

                One line on standard error says how many entries were read, kinds written, left out and secrets dropped. An existing <file> is left as it is without '--force' (exit 64). A HAR that cannot be read exits 66; one that is not JSON, not a HAR, has an entry without a request, method or URL (named by its index), or leaves no request to write exits 65.
                """
        )
    }

    public static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> HARCommand {
        let parsed = try declaration(in: suite).parser(tool: suite.tool, positionals: 1).parse(arguments)
        guard let file = parsed.positionals.first else { throw UsageError(message: "missing <file.har>", usage: parsed.usage) }
        guard let output = try parsed.value(of: out) else { throw UsageError(message: "missing '--out <file>'", usage: parsed.usage) }
        var options = HARConversion.Options(includesStatic: try parsed.value(of: includeStatic), hosts: try parsed.value(of: host))
        options.asJourney = try parsed.value(of: journey)
        if let text = try parsed.value(of: baseURL) {
            let url = try RequestOptions.url(text, usage: parsed.usage, option: "--base-url")
            guard url.query == nil, url.fragment == nil else {
                throw UsageError(message: "'--base-url' takes no query or fragment", usage: parsed.usage)
            }
            var base = Redaction.url(url.absoluteString)
            while base.hasSuffix("/") { base.removeLast() }
            options.baseURL = base
        }
        return HARCommand(file: file, output: output, options: options, replaces: try parsed.value(of: force))
    }

    public func run(in context: CommandContext) async throws -> BenchExitCode {
        let destination = URL(fileURLWithPath: output)
        if !replaces, FileManager.default.fileExists(atPath: destination.path) {
            throw UsageError(message: "'\(output)' exists; '--force' replaces it", usage: Self.help(in: context.suite))
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue,
            let data = FileManager.default.contents(atPath: file)
        else {
            throw MissingInput(
                "cannot read '\(file)': \(FileManager.default.fileExists(atPath: file) ? "permission denied or not a file" : "no such file")"
            )
        }
        let conversion = try HARConversion(data, file: file, options: options)
        do {
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Platform.writeAtomically(conversion.targets, to: destination)
        } catch {
            throw UsageError(message: "cannot write '--out' '\(output)': \(error)", usage: Self.help(in: context.suite))
        }
        Platform.writeToStandardError(conversion.summary.line(tool: context.suite.tool, output: output) + "\n")
        for carried in conversion.carried { Platform.writeToStandardError(carried.line + "\n") }
        return .success
    }
}
