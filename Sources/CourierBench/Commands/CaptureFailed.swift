import Courier
import Foundation

/// A capture whose request failed: a status outside 200..<300, or no answer.
struct CaptureFailed: Error, CustomStringConvertible {
    let method: String
    let url: URL
    let error: APIError

    var description: String {
        let target = "\(method) \(Redaction.url(url.absoluteString))"
        if case .badStatus(let code) = error.kind {
            return "\(target) answered \(code); nothing written"
        }
        let cause = error.underlyingError.map { " (\($0.localizedDescription))" } ?? ""
        return "\(target) failed: \(error.kind)\(cause); nothing written"
    }
}
