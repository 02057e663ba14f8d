import BenchmarkEngine
import CourierBench
import CourierFixtures
import CourierJSON
import Foundation

/// Encoding throughput: each generated payload's model encoded by `CourierJSONEncoder` and by
/// `JSONEncoder`, both with Foundation's defaults (`.iso8601` for the dates), batches interleaved;
/// the ratio is `CourierJSONEncoder`'s speedup, and what a comparison judges: the models are fixed,
/// so what could regress is the encoder's share. Declared with the engine's `Scenario` and
/// `MicroRunner`, as CourierBench has no kind for encoders alone.
enum EncodingScenarios {
    static var all: [Scenario] {
        PayloadShape.allCases.map { shape in
            let name = "encode/\(shape.rawValue)"
            return Scenario(name, summary: "\(shape.rawValue): CourierJSONEncoder vs JSONEncoder") { context in
                let document = shape.makeDocument()
                var courier = CourierJSONEncoder()
                let foundation = JSONEncoder()
                if shape == .iso8601Dates {
                    courier.dateEncodingStrategy = .iso8601
                    foundation.dateEncodingStrategy = .iso8601
                }
                let bytes = try foundation.encode(document).count
                var results = try await MicroRunner.measure(
                    [
                        .init(name) { iterations in
                            for _ in 0..<iterations { blackHole(try courier.encode(document)) }
                        },
                        .init("\(name) (baseline: JSONEncoder)") { iterations in
                            for _ in 0..<iterations { blackHole(try foundation.encode(document)) }
                        },
                    ], in: context)
                for index in results.indices {
                    results[index].payloadBytesPerOperation = bytes
                    results[index].objectsPerOperation = document.objectCount
                }
                return [results[0].compared(with: results[1]), results[1]]
            }
        }
    }
}
