import Courier
import Foundation

/// The request `load` sends: an absolute URL (the client takes a path that starts with
/// `http://` or `https://` as it is), a method, header fields and a body.
struct URLEndpoint: Endpoint {
    typealias Response = Data
    let path: String
    let method: String
    let headers: [String: String]
    let body: RequestBody?

    init(_ options: RequestOptions, body: Data?) {
        path = options.url.absoluteString
        method = options.method
        // Repeated names are joined as HTTP allows for list-valued fields.
        headers = Dictionary(options.headers.map { ($0.name, $0.value) }) { "\($0), \($1)" }
        self.body = body.map { RequestBody.data($0) }
    }
}
