import Courier
import CourierJSON
import Foundation

/// The decoder a load run decodes responses with: `--decoder foundation|courier`.
enum DecoderChoice: String, CaseIterable, Equatable, Sendable {
    /// Foundation's `JSONDecoder`, the client's default.
    case foundation
    /// `CourierJSONDecoder`.
    case courier

    /// A decoder of this kind with its default settings, for `--decode json`.
    func make() -> any ResponseDecoder {
        switch self {
        case .foundation: JSONDecoder()
        case .courier: CourierJSONDecoder()
        }
    }
}
