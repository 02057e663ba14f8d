import CourierBench
import CourierFixtures
import Foundation

/// Decoding throughput: each generated payload shape decoded into its typed model through the
/// client's decode path and through a bare `JSONDecoder`, batches interleaved. The speedup column is
/// then the client's overhead: below 1.0 it costs more than the decoder alone. Judged by that ratio
/// alone: the fixture models are fixed, so what could regress is the client's share.
enum DecodingScenarios {
    static var all: [Scenario] {
        PayloadShape.allCases.map { shape in scenario(shape, shape.documentType) }
    }

    private static func scenario<Document: FixtureDocument>(_ shape: PayloadShape, _ type: Document.Type) -> Scenario {
        .decode(
            "decode/\(shape.rawValue)",
            as: Document.self,
            from: .generated(shape.rawValue) { Payload.make(shape).json },
            decoder: RegressionKnob.clientDecoder(for: shape),
            judgedBy: .ratio,
            objects: { $0.objectCount },
            summary: "\(shape.rawValue): client decode path vs JSONDecoder"
        )
    }
}
