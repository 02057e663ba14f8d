import BenchmarkEngine
import Courier
import CourierTesting
import Foundation

extension Scenario {
    /// Decoding `payload` as your `Value` through the client's decode path (what
    /// `APIClient.send` does after a response), interleaved batch by batch with `JSONDecoder`
    /// alone, so the client's overhead stays visible, and with any other decoders you name.
    ///
    /// ```swift
    /// .decode("decode/issues-page", as: [Issue].self, from: .resource("issues.json", in: .module), decoder: .github)
    /// .decode("decode/issues-page", as: [Issue].self, from: page, decoder: .github,
    ///         alongside: [NamedDecoder("CourierJSONDecoder", CourierJSONDecoder.github)])
    /// ```
    ///
    /// Reports ns/op, MB/s, mallocs/op and bytes/op (from jemalloc; `null` without it), objects/s
    /// when `Value` is a collection (or as `objects` counts them), and each row's speedup over
    /// `JSONDecoder` alone. The payload is decoded once before timing: one that does not fit
    /// `Value` fails the scenario with the decoder's reason.
    ///
    /// - Parameters:
    ///   - name: The scenario's name, `group/what`; its partner is `<name> (baseline: JSONDecoder)`,
    ///     and each decoder alongside is `<name> (<label>)`.
    ///   - type: The type to decode the payload as, `Value`.
    ///   - payload: The JSON to decode.
    ///   - decoder: The client's decoder, with your key, date and data strategies: a `JSONDecoder`,
    ///     `CourierJSONDecoder`, or any `ResponseDecoder`.
    ///   - baseline: The `JSONDecoder` the others are compared with. By default Foundation's decoder
    ///     with `decoder`'s strategies and `userInfo` when `decoder` is a `JSONDecoder` (a subclass of
    ///     yours then counts as overhead), and a plain `JSONDecoder` otherwise: give one with your
    ///     strategies when the client decodes with something else.
    ///   - others: Decoders measured alone beside the client, each compared with the baseline.
    ///   - check: What a comparison with a baseline judges: by default the ratio and the time,
    ///     so a slower `init(from:)` of yours is caught (see ``PairedSpeedCheck``).
    ///   - objects: How many objects one decoded value holds, for objects/s; by default a
    ///     collection's count, and none for anything else.
    ///   - summary: One line for `list`; by default the type and the payload.
    ///   - isDefault: Whether the default suite runs it; `--filter` reaches it either way.
    ///   - thresholds: Its own comparison thresholds: those it names replace the command line's.
    public static func decode<Value: Decodable & Sendable>(
        _ name: String,
        as type: Value.Type,
        from payload: PayloadSource,
        decoder: any ResponseDecoder = JSONDecoder(),
        baseline: JSONDecoder? = nil,
        alongside others: [NamedDecoder] = [],
        judgedBy check: PairedSpeedCheck = .ratioAndTime,
        objects: (@Sendable (Value) -> Int)? = nil,
        summary: String? = nil,
        isDefault: Bool = true,
        thresholds: ThresholdOverrides? = nil
    ) -> Scenario {
        Scenario(
            name,
            summary: summary
                ?? "\(Value.self) from \(payload): client decode path\(others.map { " and \($0.label)" }.joined()) vs JSONDecoder",
            isDefault: isDefault,
            thresholds: thresholds
        ) { context in
            let body = try payload.data()
            let client = APIClient.decodingOnly(with: decoder)
            let alone = baseline ?? (decoder as? JSONDecoder).map(JSONDecoder.init(strategiesOf:)) ?? JSONDecoder()
            let sample: Value
            do {
                sample = try alone.decode(Value.self, from: body)
            } catch {
                throw PayloadMismatch(payload: payload.description, type: Value.self, error: error)
            }
            let throughClient = MicroRunner.Operation(name) { iterations in
                for _ in 0..<iterations { blackHole(try client.decode(Value.self, from: body)) }
            }
            let alongside = others.map { other in
                MicroRunner.Operation("\(name) (\(other.label))") { iterations in
                    for _ in 0..<iterations { blackHole(try other.decoder.decode(Value.self, from: body)) }
                }
            }
            let partner = MicroRunner.Operation("\(name) (baseline: JSONDecoder)") { iterations in
                for _ in 0..<iterations { blackHole(try alone.decode(Value.self, from: body)) }
            }
            var results = try await MicroRunner.measure([throughClient] + alongside + [partner], in: context)
            let count = objects?(sample) ?? (sample as? any Collection)?.count
            for index in results.indices {
                results[index].payloadBytesPerOperation = body.count
                results[index].objectsPerOperation = count
            }
            let baselineResult = results.removeLast()
            // The client's path decodes with Foundation's decoder when it was given one: judged by
            // the ratio, its counts leave out what the build's layout does to that decoder.
            let sharesThePartner = check == .ratio && decoder is JSONDecoder
            return results.enumerated().map { index, result in
                result.compared(
                    with: baselineResult, judgingTime: check == .ratioAndTime, judgingCountRatios: index == 0 && sharesThePartner)
            } + [baselineResult]
        }
    }
}

extension APIClient {
    /// A client for decoding alone, with `decoder`: decode scenarios need a client, not a server.
    static func decodingOnly(with decoder: any ResponseDecoder) -> APIClient {
        // A literal that always parses.
        APIClient(
            baseURL: URL(string: "https://api.example.invalid/")!, transport: InMemoryTransport.constant(body: Data()), decoder: decoder)
    }
}

extension JSONDecoder {
    /// A plain `JSONDecoder` with `decoder`'s strategies and `userInfo`: Foundation's decoder alone,
    /// configured as yours is.
    convenience init(strategiesOf decoder: JSONDecoder) {
        self.init()
        keyDecodingStrategy = decoder.keyDecodingStrategy
        dateDecodingStrategy = decoder.dateDecodingStrategy
        dataDecodingStrategy = decoder.dataDecodingStrategy
        nonConformingFloatDecodingStrategy = decoder.nonConformingFloatDecodingStrategy
        userInfo = decoder.userInfo
        // Set only when on: setting `assumesTopLevelDictionary`, even to false, costs Foundation 6.3's
        // decoder an allocation per decode that a fresh decoder does not make.
        if decoder.allowsJSON5 { allowsJSON5 = true }
        if decoder.assumesTopLevelDictionary { assumesTopLevelDictionary = true }
    }
}

/// A decoder a decode scenario measures alone beside the client, and the label its row carries:
/// `decode/issues (CourierJSONDecoder)`.
public struct NamedDecoder: Sendable {
    /// What the row's name says in parentheses.
    public let label: String
    /// The decoder, set up with the strategies the payload needs.
    public let decoder: any ResponseDecoder

    /// `decoder`, reported as `label`.
    public init(_ label: String, _ decoder: any ResponseDecoder) {
        self.label = label
        self.decoder = decoder
    }
}
