import Foundation

/// The `Cache-Control` directives a private client cache acts on (RFC 9111 §5.2).
///
/// `private` needs no handling: this cache belongs to one client, which is exactly what `private`
/// allows. `s-maxage` and `public` are for shared caches and are ignored.
struct CacheControl: Sendable {
    var maxAge: Int?
    var noStore = false
    var noCache = false

    init(_ header: String?) {
        guard let header else { return }
        for directive in header.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1)
            let name = parts.first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            let value = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["\""]) : nil
            switch name {
            case "max-age": maxAge = value.flatMap(Int.init)
            case "no-store": noStore = true
            // `no-cache="field"` restricts only some fields; treating it as plain no-cache is safe.
            case "no-cache": noCache = true
            default: continue
            }
        }
    }
}
