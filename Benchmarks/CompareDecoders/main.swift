import CourierFixtures
import CourierJSON
import Foundation

// The Swift side of `make compare-decoders` (.ci/compare-decoders runs it):
//
//   compare-decoders generate DIR
//       writes the four payloads, movies.json, issues.json, events.json and numbers.json, to DIR;
//   compare-decoders run DECODER PAYLOAD FILE BATCHES DECODES
//       decodes FILE as PAYLOAD's model with DECODER (courier, foundation or floor) BATCHES times
//       DECODES times and prints the best batch's MB/s and the digest of the decoded values.
//
// The Rust (Benchmarks/CompareDecoders/serde) and Python (compare-decoders.py) programs take the
// same `run` arguments and print the same line, so the script treats all decoders alike.

/// A payload of the comparison: its model, how it is decoded, how it is made.
enum PayloadKind: String, CaseIterable {
    case movies, issues, events, numbers

    /// The document, written as its JSON payloads are.
    func generate() throws -> Data {
        switch self {
        case .movies: return Payload.make(.list10k).json
        case .numbers: return Payload.make(.numberHeavy).json
        case .issues:
            // Slashes as GitHub writes them, unescaped: the escapes are the bodies'.
            var encoder = CourierJSONEncoder()
            encoder.outputFormatting = .withoutEscapingSlashes
            encoder.keyEncodingStrategy = .convertToSnakeCase
            encoder.dateEncodingStrategy = .iso8601
            return try encoder.encode(Issue.generate(count: 500))
        case .events:
            var encoder = CourierJSONEncoder()
            encoder.outputFormatting = .withoutEscapingSlashes
            encoder.dateEncodingStrategy = .iso8601
            return try encoder.encode(Event.generate(count: 6_000))
        }
    }

    /// Hands the payload's model type and strategies to `body`.
    func withModel<Result>(_ body: (_ model: any (Decodable & Digestible).Type, _ strategies: Strategies) throws -> Result) rethrows
        -> Result
    {
        switch self {
        case .movies: try body([FixtureMovie].self, Strategies(snakeCaseKeys: false, iso8601Dates: false))
        case .numbers: try body([FixtureNumbers].self, Strategies(snakeCaseKeys: false, iso8601Dates: false))
        case .issues: try body([Issue].self, Strategies(snakeCaseKeys: true, iso8601Dates: true))
        case .events: try body([Event].self, Strategies(snakeCaseKeys: false, iso8601Dates: true))
        }
    }
}

/// The two strategies the payloads use, set alike on every Swift decoder.
struct Strategies {
    let snakeCaseKeys: Bool
    let iso8601Dates: Bool
}

/// Decodes `Decodable` values from JSON, as both decoders compared do.
protocol TopLevelDecoding {
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T
}

extension CourierJSONDecoder: TopLevelDecoding {}
extension JSONDecoder: TopLevelDecoding {}

/// The decoder named on the command line, with the payload's strategies.
func makeDecoder<Model: Decodable>(_ name: String, _ strategies: Strategies, model: Model.Type, payload: Data) throws
    -> any TopLevelDecoding
{
    switch name {
    case "courier":
        var decoder = CourierJSONDecoder()
        if strategies.snakeCaseKeys { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        if strategies.iso8601Dates { decoder.dateDecodingStrategy = .iso8601 }
        return decoder
    case "foundation":
        let decoder = JSONDecoder()
        if strategies.snakeCaseKeys { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        if strategies.iso8601Dates { decoder.dateDecodingStrategy = .iso8601 }
        return decoder
    case "floor":
        return try ReplayDecoder.recording(Model.self, payload, strategies: strategies)
    default:
        throw UsageError(message: "unknown decoder \(name) (courier, foundation or floor)")
    }
}

struct UsageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Decodes `data` as `Model` `batches` × `decodes` times; the best batch's MB/s and the digest.
func measure<Model: Decodable & Digestible>(
    _ model: Model.Type, decoder name: String, strategies: Strategies, data: Data, batches: Int, decodes: Int
) throws -> (megabytesPerSecond: Double, digest: String) {
    let decoder = try makeDecoder(name, strategies, model: Model.self, payload: data)
    var last = try decoder.decode(Model.self, from: data)
    let clock = ContinuousClock()
    var best = Duration.seconds(Int64.max)
    for _ in 0..<batches {
        let start = clock.now
        for _ in 0..<decodes { last = try decoder.decode(Model.self, from: data) }
        best = min(best, clock.now - start)
    }
    let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) * 1e-18
    var digest = Digest()
    last.digest(into: &digest)
    return (Double(data.count * decodes) / seconds / 1e6, digest.hex)
}

func main(_ arguments: [String]) throws {
    switch arguments.first {
    case "generate" where arguments.count == 2:
        let directory = URL(fileURLWithPath: arguments[1], isDirectory: true)
        for kind in PayloadKind.allCases {
            try kind.generate().write(to: directory.appendingPathComponent("\(kind.rawValue).json"))
        }
    case "run" where arguments.count == 6:
        guard let kind = PayloadKind(rawValue: arguments[2]), let batches = Int(arguments[4]), let decodes = Int(arguments[5]),
            batches > 0, decodes > 0
        else { throw UsageError(message: "run DECODER PAYLOAD FILE BATCHES DECODES: bad payload or counts") }
        let data = try Data(contentsOf: URL(fileURLWithPath: arguments[3]))
        let (rate, digest) = try kind.withModel { model, strategies in
            try measure(model, decoder: arguments[1], strategies: strategies, data: data, batches: batches, decodes: decodes)
        }
        print(String(format: "%.1f %@", rate, digest))
    default:
        throw UsageError(message: "usage: compare-decoders generate DIR | run DECODER PAYLOAD FILE BATCHES DECODES")
    }
}

do {
    try main(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("compare-decoders: \(error)\n".utf8))
    exit(1)
}
