import CourierJSON
import Foundation
import Testing

/// How an encode ended, in terms two encoders can be compared on: the document's text, or the
/// error's case and coding path.
enum EncodeOutcome: Equatable, CustomStringConvertible {
    case json(String)
    case invalidValue(path: [String])
    case otherError(String)

    init(_ body: () throws -> Data) {
        do {
            self = .json(String(decoding: try body(), as: UTF8.self))
        } catch let EncodingError.invalidValue(_, context) {
            self = .invalidValue(path: context.codingPath.map(describe))
        } catch {
            self = .otherError("\(error)")
        }
    }

    var description: String {
        switch self {
        case .json(let text): text.debugDescription
        case .invalidValue(let path): "invalidValue at \(path)"
        case .otherError(let error): "error \(error)"
        }
    }

    /// The text, if the encode succeeded.
    var text: String? {
        if case .json(let text) = self { return text }
        return nil
    }
}

/// Both encoders, set up alike: `formatting` for both, then `configure` for the rest.
func encoders(
    formatting: CourierJSONEncoder.OutputFormatting = .sortedKeys,
    configure: (inout CourierJSONEncoder, JSONEncoder) -> Void = { _, _ in }
) -> (courier: CourierJSONEncoder, foundation: JSONEncoder) {
    var courier = CourierJSONEncoder(outputFormatting: formatting)
    let foundation = JSONEncoder()
    foundation.outputFormatting = JSONEncoder.OutputFormatting(rawValue: formatting.rawValue)
    configure(&courier, foundation)
    return (courier, foundation)
}

/// Encodes `value` with both encoders, set up alike.
func encodeOutcomes<T: Encodable>(
    _ value: T,
    formatting: CourierJSONEncoder.OutputFormatting = .sortedKeys,
    configure: (inout CourierJSONEncoder, JSONEncoder) -> Void = { _, _ in }
) -> (courier: EncodeOutcome, foundation: EncodeOutcome) {
    let (courier, foundation) = encoders(formatting: formatting, configure: configure)
    return (EncodeOutcome { try courier.encode(value) }, EncodeOutcome { try foundation.encode(value) })
}

/// Expects both encoders to end alike: the same bytes (Foundation's output is deterministic with
/// `.sortedKeys`, which `formatting` has unless a test says otherwise), or the same error.
func expectSameEncoding<T: Encodable>(
    _ value: T,
    formatting: CourierJSONEncoder.OutputFormatting = .sortedKeys,
    configure: (inout CourierJSONEncoder, JSONEncoder) -> Void = { _, _ in },
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let (courier, foundation) = encodeOutcomes(value, formatting: formatting, configure: configure)
    #expect(courier == foundation, "\(T.self)", sourceLocation: sourceLocation)
}
