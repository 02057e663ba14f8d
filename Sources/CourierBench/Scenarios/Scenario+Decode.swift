import BenchmarkEngine
import Courier
import CourierTesting
import Foundation

extension Scenario {
    /// Decoding `payload` as your `Value` through the client's decode path (what
    /// `APIClient.send` does after a response), interleaved batch by batch with `JSONDecoder`
    /// alone, so the client's overhead stays visible.
    ///
    /// ```swift
    /// .decode("decode/issues-page", as: [Issue].self, from: .resource("issues.json", in: .module), decoder: .github)
    /// ```
    ///
    /// Reports ns/op, MB/s, mallocs/op and bytes/op (from jemalloc; `null` without it), objects/s
    /// when `Value` is a collection (or as `objects` counts them), and the speedup over `JSONDecoder`
    /// alone — Foundation's decoder with `decoder`'s strategies and `userInfo`, so a decoder subclass
    /// of yours counts as overhead. The payload is decoded once before timing: one that does not fit
    /// `Value` fails the scenario with the decoder's reason.
    ///
    /// - Parameters:
    ///   - name: The scenario's name, `group/what`; its partner is `<name> (baseline: JSONDecoder)`.
    ///   - payload: The JSON to decode.
    ///   - decoder: Your decoder, with its key, date and data strategies.
    ///   - judgedBy: What a comparison with a baseline judges: by default the ratio and the time,
    ///     so a slower `init(from:)` of yours is caught (see ``PairedSpeedCheck``).
    ///   - objects: How many objects one decoded value holds, for objects/s; by default a
    ///     collection's count, and none for anything else.
    ///   - summary: One line for `list`; by default the type and the payload.
    ///   - isDefault: Whether the default suite runs it; `--filter` reaches it either way.
    ///   - thresholds: Its own comparison thresholds, when the command line's do not fit.
    public static func decode<Value: Decodable & Sendable>(
        _ name: String,
        as type: Value.Type,
        from payload: PayloadSource,
        decoder: JSONDecoder = JSONDecoder(),
        judgedBy check: PairedSpeedCheck = .ratioAndTime,
        objects: (@Sendable (Value) -> Int)? = nil,
        summary: String? = nil,
        isDefault: Bool = true,
        thresholds: Thresholds? = nil
    ) -> Scenario {
        Scenario(
            name,
            summary: summary ?? "\(Value.self) from \(payload): client decode path vs JSONDecoder",
            isDefault: isDefault,
            thresholds: thresholds
        ) { context in
            let body = try payload.data()
            let client = APIClient.decodingOnly(with: decoder)
            let alone = JSONDecoder(strategiesOf: decoder)
            let sample: Value
            do {
                sample = try alone.decode(Value.self, from: body)
            } catch {
                throw PayloadMismatch(payload: payload.description, type: Value.self, error: error)
            }
            var results = try await MicroRunner.measure([
                .init(name) { iterations in
                    for _ in 0..<iterations { blackHole(try client.decode(Value.self, from: body)) }
                },
                .init("\(name) (baseline: JSONDecoder)") { iterations in
                    for _ in 0..<iterations { blackHole(try alone.decode(Value.self, from: body)) }
                },
            ], in: context)
            let count = objects?(sample) ?? (sample as? any Collection)?.count
            for index in results.indices {
                results[index].payloadBytesPerOperation = body.count
                results[index].objectsPerOperation = count
            }
            return [results[0].compared(with: results[1], judgingTime: check == .ratioAndTime), results[1]]
        }
    }
}

extension APIClient {
    /// A client for decoding alone, with `decoder`: decode scenarios need a client, not a server.
    static func decodingOnly(with decoder: JSONDecoder) -> APIClient {
        // A literal that always parses.
        APIClient(baseURL: URL(string: "https://api.example.invalid/")!, transport: InMemoryTransport.constant(body: Data()), decoder: decoder)
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
