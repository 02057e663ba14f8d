import BenchmarkEngine
import BenchmarkMetrics
import Courier
import Foundation

/// `--metrics-listen`, `--metrics-remote-write`, `--otlp` and their settings: where a load's live
/// metrics go while it runs, as `load`, `capacity` and `run` take them.
struct MetricsOptions: Equatable, Sendable {
    /// Where `/metrics` is served; `nil` for nowhere.
    var listen: ListenAddress?
    /// Where remote write pushes; `nil` for nowhere.
    var remoteWrite: URL?
    /// Where OTLP/HTTP pushes; `nil` for nowhere.
    var otlp: URL?
    /// Extra header fields of every push.
    var headers: [RequestOptions.Header] = []
    /// Whether remote write sends native histograms.
    var nativeHistograms = false
    /// How often a push goes out.
    var intervalSeconds = MetricsOptions.interval.defaultValue
    /// How long the final figures are served and pushed for after the run.
    var graceSeconds = MetricsOptions.grace.defaultValue
    /// Exporters a suite declares in Swift (``SuiteLiveMetrics``): pushed to beside the command
    /// line's, never passed on as arguments (a worker's suite declares them too).
    var suiteExporters: [any MetricsExporter] = []

    static let listenOption = OptionDeclaration(
        "metrics-listen", value: .listenAddress, valueName: "[<addr>:]<port>",
        help:
            "Serves GET /metrics in the OpenMetrics text format while the run lasts and for --metrics-grace after: requests by outcome (and by name), missed, in flight, the target and achieved rate, the latency histogram, the generator's CPU and run-queue wait, labelled with run_id, scenario, transport and shard. The address defaults to 127.0.0.1; 0.0.0.0 listens on every interface. A port already taken exits 1 before any request."
    )
    static let remoteWriteOption = OptionDeclaration(
        "metrics-remote-write", value: .text(), valueName: "<url>",
        help:
            "Pushes the same series every --metrics-interval with Prometheus remote write 1.0 (protobuf, snappy), such as http://prometheus:9090/api/v1/write. A failed push is retried with backoff until the next is due; a slow or dead receiver never slows or fails the run, and the samples it dropped are reported at the end. The URL's secrets are redacted in reports."
    )
    static let otlpOption = OptionDeclaration(
        "otlp", value: .text(), valueName: "<url>",
        help:
            "Pushes the same figures every --metrics-interval with OpenTelemetry's OTLP/HTTP (protobuf) to the URL as given, such as http://collector:4318/v1/metrics: counters as cumulative monotonic sums, gauges as gauges, the latency as an exponential histogram of scale 3 (buckets 2^(1/8) apart, a quantile within 9 %), the run named by the resource's attributes (service.name, bench.run_id, bench.scenario, bench.transport, bench.shard). Failures are retried, dropped and reported as remote write's are; the URL's secrets are redacted in reports."
    )
    static let headerOption = OptionDeclaration(
        repeating: "metrics-header", value: RequestOptions.Header.value, valueName: "'Name: value'",
        help:
            "A header field of every push (remote write and OTLP), such as 'Authorization: Bearer …'; repeat for more. Reports redact \(CommandLineRedaction.rule)."
    )
    static let nativeOption = OptionDeclaration(
        flag: "metrics-native-histograms",
        help:
            "Remote write sends the latency as a native (exponential) histogram of schema 3 (buckets 2^(1/8) apart) instead of the classic buckets; the receiver needs --enable-feature=native-histograms."
    )
    static let interval = OptionDeclaration(
        "metrics-interval", value: .duration(in: 0.1...3600, examples: "5s or 500ms"), default: 5, valueName: "<d>",
        help: "How often remote write pushes, {range}."
    )
    static let grace = OptionDeclaration(
        "metrics-grace", value: .duration(in: 0...600, examples: "30s or 0s"), default: 30, valueName: "<d>",
        help:
            "After the report is written, how long at most the final figures are served (until a scrape has read them) and pushed (until accepted), {range}."
    )

    /// The options, for a command's declaration.
    static let options: [any CommandLineOption] = [
        listenOption, remoteWriteOption, otlpOption, headerOption, nativeOption, interval, grace,
    ]

    /// The options `parsed` gives, with what a suite declares (`run`'s, ``BenchSuite/liveMetrics``)
    /// added before they are checked: its exporters make `--metrics-interval` and `--metrics-grace`
    /// apply.
    static func parse(_ parsed: ParsedCommandLine, declared: SuiteLiveMetrics = SuiteLiveMetrics()) throws(UsageError) -> MetricsOptions {
        var options = MetricsOptions()
        options.listen = try parsed.value(of: listenOption)
        if let url = try parsed.value(of: remoteWriteOption) {
            options.remoteWrite = try RequestOptions.url(url, usage: parsed.usage, option: "--metrics-remote-write")
        }
        if let url = try parsed.value(of: otlpOption) {
            options.otlp = try RequestOptions.url(url, usage: parsed.usage, option: "--otlp")
        }
        options.headers = try parsed.value(of: headerOption)
        options.nativeHistograms = try parsed.value(of: nativeOption)
        options.intervalSeconds = try parsed.value(of: interval)
        options.graceSeconds = try parsed.value(of: grace)
        options = options.adding(declared)
        let pushOnly = [(headerOption.name, parsed.contains(headerOption)), (interval.name, parsed.contains(interval))]
        if !options.pushes, let orphan = pushOnly.first(where: \.1)?.0 {
            throw UsageError(
                message: "'--\(orphan)' applies to pushes; add '--metrics-remote-write <url>' or '--otlp <url>'", usage: parsed.usage)
        }
        // A suite's own exporters take their header fields in Swift: one given here would go nowhere.
        if options.pushes, options.remoteWrite == nil, options.otlp == nil, parsed.contains(headerOption) {
            throw UsageError(
                message:
                    "'--\(headerOption.name)' applies to '--metrics-remote-write' and '--otlp'; the suite's own exporters take their header fields in Swift",
                usage: parsed.usage)
        }
        if options.remoteWrite == nil, parsed.contains(nativeOption) {
            throw UsageError(
                message: "'--\(nativeOption.name)' applies to remote write; add '--metrics-remote-write <url>'", usage: parsed.usage)
        }
        if !options.isEnabled, parsed.contains(grace) {
            throw UsageError(
                message: "'--metrics-grace' needs '--metrics-listen', '--metrics-remote-write' or '--otlp'", usage: parsed.usage)
        }
        return options
    }

    /// The options on a command line that parse to these, for a worker process.
    var arguments: [String] {
        var arguments = listen.map { ["--\(Self.listenOption.name)", $0.description] } ?? []
        if let remoteWrite {
            arguments += ["--\(Self.remoteWriteOption.name)", remoteWrite.absoluteString]
            if nativeHistograms { arguments.append("--\(Self.nativeOption.name)") }
        }
        if let otlp { arguments += ["--\(Self.otlpOption.name)", otlp.absoluteString] }
        if pushes {
            for header in headers { arguments += ["--\(Self.headerOption.name)", "\(header.name): \(header.value)"] }
            arguments += ["--\(Self.interval.name)", Self.milliseconds(intervalSeconds)]
        }
        guard isEnabled else { return [] }
        return arguments + ["--\(Self.grace.name)", Self.milliseconds(graceSeconds)]
    }

    /// `seconds` as a duration option takes it, in whole milliseconds.
    private static func milliseconds(_ seconds: Double) -> String {
        "\(Int((seconds * 1000).rounded()))ms"
    }

    /// Whether any live metrics were asked for.
    var isEnabled: Bool {
        listen != nil || pushes
    }

    /// These options with what `suite` declares: its listener unless the command line names one,
    /// and its exporters beside the command line's.
    private func adding(_ suite: SuiteLiveMetrics) -> MetricsOptions {
        var options = self
        options.listen = listen ?? suite.listen
        options.suiteExporters = suite.exporters
        return options
    }

    /// Whether anything is pushed.
    private var pushes: Bool {
        remoteWrite != nil || otlp != nil || !suiteExporters.isEmpty
    }

    /// The exporters these options push to: remote write first, then OTLP, with the same headers.
    var exporters: [any MetricsExporter] {
        let fields = headers.map { ($0.name, $0.value) }
        let remoteWrite = remoteWrite.map {
            RemoteWriteExporter(
                url: $0.absoluteString, headers: fields, nativeHistograms: nativeHistograms, transport: MetricsHTTPTransport())
        }
        let otlp = otlp.map { OTLPExporter(url: $0.absoluteString, headers: fields, transport: MetricsHTTPTransport()) }
        return [remoteWrite as (any MetricsExporter)?, otlp].compactMap { $0 } + suiteExporters
    }

    /// Starts the live metrics labelled `labels`, or `nil` when none were asked for; prints where
    /// they are served. Throws ``MetricsUnavailable`` when the listener cannot bind.
    func start(labels: RunLabels) throws(MetricsUnavailable) -> LiveExport? {
        guard isEnabled else { return nil }
        do {
            let export = try LiveExport.start(
                labels: labels, listen: listen, exporters: exporters, interval: Duration(seconds: intervalSeconds))
            if let listener = export.listener { Platform.writeToStandardError("Serving metrics at \(listener.url)\n") }
            return export
        } catch {
            throw MetricsUnavailable(address: listen?.description ?? "", reason: "\(error)")
        }
    }

    /// Serves and pushes the final figures for the grace period, then prints what became of them.
    static func close(_ export: LiveExport?, graceSeconds: Double) async {
        guard let export else { return }
        let closing = await export.close(grace: Duration(seconds: graceSeconds))
        for line in closing.lines { Platform.writeToStandardError(line + "\n") }
    }

    static func == (lhs: MetricsOptions, rhs: MetricsOptions) -> Bool {
        lhs.listen == rhs.listen && lhs.remoteWrite == rhs.remoteWrite && lhs.otlp == rhs.otlp && lhs.headers == rhs.headers
            && lhs.nativeHistograms == rhs.nativeHistograms && lhs.intervalSeconds == rhs.intervalSeconds
            && lhs.graceSeconds == rhs.graceSeconds
    }
}

extension OptionValue where Value == ListenAddress {
    /// `[ADDR:]PORT` with an IPv4 address, 127.0.0.1 unless given: where `--metrics-listen` serves.
    public static var listenAddress: OptionValue {
        OptionValue { text, option throws(InvalidValue) in
            guard let address = ListenAddress(text) else {
                throw .expected("[ADDR:]PORT with an IPv4 address, such as 9464 or 0.0.0.0:9464", not: text, for: option)
            }
            return address
        }
    }
}

/// `--metrics-listen`'s address could not be bound.
struct MetricsUnavailable: Error, CustomStringConvertible {
    let address: String
    let reason: String

    var description: String {
        "cannot serve metrics on \(address): \(reason)"
    }
}
