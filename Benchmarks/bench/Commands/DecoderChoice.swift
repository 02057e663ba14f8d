import Courier
import CourierFixtures
import CourierJSON
import Foundation

/// The decoder a load run decodes responses with: `--decoder foundation|courier`.
enum DecoderChoice: String, CaseIterable, Equatable, Sendable {
    /// Foundation's `JSONDecoder`, the client's default.
    case foundation
    /// `CourierJSONDecoder`.
    case courier

    /// A decoder of this kind, set up for `shape` (ISO 8601 dates for `iso8601Dates`) or with the
    /// defaults when there is none.
    func make(for shape: PayloadShape?) -> any ResponseDecoder {
        switch self {
        case .foundation: shape?.makeDecoder() ?? JSONDecoder()
        case .courier: shape?.makeCourierDecoder() ?? CourierJSONDecoder()
        }
    }
}

extension PayloadShape {
    /// A `CourierJSONDecoder` set up as ``makeDecoder()`` sets up `JSONDecoder` for this shape.
    func makeCourierDecoder() -> CourierJSONDecoder {
        CourierJSONDecoder(dateDecodingStrategy: self == .iso8601Dates ? .iso8601 : .deferredToDate)
    }
}
