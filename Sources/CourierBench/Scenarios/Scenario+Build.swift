import BenchmarkEngine
import Courier
import CourierTesting
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Scenario {
    /// Building the request for your `endpoint` against `baseURL` with the client's
    /// `request(for:)`, interleaved batch by batch with the same request built by hand from the
    /// endpoint's own path, query items, headers and body with `URLComponents` and `URLRequest`
    /// (what an app does without Courier).
    ///
    /// ```swift
    /// .build("build/list-issues", ListIssues(state: .open, page: 2), against: GitHub.baseURL)
    /// ```
    ///
    /// Reports ns/op, mallocs/op and bytes/op, and the speedup over the hand-built request. Both
    /// are built once before timing: an endpoint that cannot be built fails the scenario.
    ///
    /// - Parameters:
    ///   - name: The scenario's name; its partner is `<name> (baseline: URLComponents)`.
    ///   - endpoint: The endpoint value to build, as your app would send it.
    ///   - baseURL: The client's base URL.
    ///   - encoder: The encoder for a `.json` body, as your client has it.
    ///   - baseline: The encoder of the hand-built request: by default `encoder` when it is a
    ///     `JSONEncoder`, and a plain `JSONEncoder` otherwise: give one with your strategies when the
    ///     client encodes with something else, such as `CourierJSONEncoder`.
    ///   - check: What a comparison with a baseline judges: by default the ratio and the time,
    ///     since your endpoint's properties run on both sides (see ``PairedSpeedCheck``).
    ///   - summary: One line for `list`; by default the method and the path.
    ///   - isDefault: Whether the default suite runs it.
    ///   - thresholds: Its own comparison thresholds: those it names replace the command line's.
    public static func build<Request: Endpoint>(
        _ name: String,
        _ endpoint: Request,
        against baseURL: URL,
        encoder: any RequestEncoder = JSONEncoder(),
        baseline: JSONEncoder? = nil,
        judgedBy check: PairedSpeedCheck = .ratioAndTime,
        summary: String? = nil,
        isDefault: Bool = true,
        thresholds: ThresholdOverrides? = nil
    ) -> Scenario {
        Scenario(
            name,
            summary: summary ?? "\(endpoint.method) \(endpoint.path): client vs URLComponents + URLRequest",
            isDefault: isDefault,
            thresholds: thresholds
        ) { context in
            let client = APIClient(baseURL: baseURL, transport: InMemoryTransport.constant(body: Data()), encoder: encoder)
            let handEncoder = baseline ?? (encoder as? JSONEncoder) ?? JSONEncoder()
            _ = try client.request(for: endpoint)
            _ = try URLRequest(handBuilding: endpoint, baseURL: baseURL, encoder: handEncoder)
            let results = try await MicroRunner.measure(
                [
                    .init(name) { iterations in
                        for _ in 0..<iterations { blackHole(try client.request(for: endpoint)) }
                    },
                    .init("\(name) (baseline: URLComponents)") { iterations in
                        for _ in 0..<iterations {
                            blackHole(try URLRequest(handBuilding: endpoint, baseURL: baseURL, encoder: handEncoder))
                        }
                    },
                ], in: context)
            return [results[0].compared(with: results[1], judgingTime: check == .ratioAndTime), results[1]]
        }
    }
}

extension URLRequest {
    /// The request for `endpoint` as an app builds it without Courier: the path appended to the base
    /// URL, the query items sorted by name as the client sorts them, the header fields set one by
    /// one, and the body encoded with `encoder`, with its content type unless a header names one.
    init(handBuilding endpoint: some Endpoint, baseURL: URL, encoder: JSONEncoder) throws {
        let path = endpoint.path
        let url: URL?
        if path.hasPrefix("http://") || path.hasPrefix("https://") {
            url = URL(string: path)
        } else {
            var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
            let items = endpoint.queryItems
            if !items.isEmpty {
                components?.queryItems = items.sorted { $0.name < $1.name }
            }
            url = components?.url
        }
        guard let url else { throw URLError(.badURL) }
        self.init(url: url)
        httpMethod = endpoint.method
        for (name, value) in endpoint.headers {
            setValue(value, forHTTPHeaderField: name)
        }
        if let body = endpoint.body {
            httpBody = try body.encoded(with: encoder)
            if let contentType = body.contentType, value(forHTTPHeaderField: "Content-Type") == nil {
                setValue(contentType, forHTTPHeaderField: "Content-Type")
            }
        }
    }
}

/// What a comparison with a baseline run judges a paired scenario's speed by: the ratio to the
/// partner measured beside it, or that and the scenario's own time.
///
/// Counted (`run --instructions`), a scenario's counts are judged themselves, with one exception:
/// under ``ratio``, a decode scenario whose client decodes with a `JSONDecoder` is judged by its
/// counts' ratios to the `JSONDecoder` beside it. Its counts are mostly Foundation's decoding, which
/// moves with the executable's layout (by 0.5–2.5% here when unrelated code of it changed) on both
/// sides alike; the ratio keeps Courier's share, which does not move.
///
/// The ratio is steady on a busy machine (the two alternate batch by batch), but it only sees
/// Courier's share: your model's `init(from:)` or your endpoint's properties run on both sides, so a
/// slowdown there moves both and leaves the ratio alone. Judging the time too catches it, at the
/// price of comparing times across two runs (use a wide `--fail-time-tolerance` on a shared CI
/// machine).
public enum PairedSpeedCheck: Sendable, Equatable {
    /// The ratio alone: Courier's overhead over Foundation.
    case ratio
    /// The ratio and the median time per operation.
    case ratioAndTime
}
