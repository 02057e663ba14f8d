import CourierBench
import CourierFixtures
import CourierJSON
import Foundation

/// Decoding throughput: each generated payload shape decoded into its typed model through the
/// client's decode path, through `CourierJSONDecoder` and through a bare `JSONDecoder`, batches
/// interleaved. Both are compared with JSONDecoder: the client row's ratio is the client's overhead
/// (below 1.0 it costs more than the decoder alone), the CourierJSONDecoder row's is its speedup.
/// Judged by those ratios alone: the fixture models are fixed, so what could regress is the
/// decoders' share.
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
            baseline: shape.makeDecoder(),
            alongside: [NamedDecoder("CourierJSONDecoder", shape.makeCourierDecoder())],
            judgedBy: .ratio,
            objects: { $0.objectCount },
            summary: "\(shape.rawValue): client decode path and CourierJSONDecoder vs JSONDecoder"
        )
    }
}

extension PayloadShape {
    /// A `CourierJSONDecoder` set up as ``makeDecoder()`` sets up `JSONDecoder` for this shape.
    func makeCourierDecoder() -> CourierJSONDecoder {
        CourierJSONDecoder(dateDecodingStrategy: self == .iso8601Dates ? .iso8601 : .deferredToDate)
    }
}
