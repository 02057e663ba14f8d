import Foundation

/// Joins a base URL, an endpoint path and query items into one percent-encoded URL string.
///
/// The base is taken apart once, when the client is made; each request then costs one pass to measure
/// and one to write, into a single allocation.
struct URLBuilder: Sendable {
    /// The base up to its path, trailing slashes removed: `https://host/api/v1`.
    private let prefix: Substring
    /// The base up to its path as given, used when the endpoint path is empty.
    private let root: Substring
    /// Items of the base URL's own query, sent with every request.
    private let baseQueryItems: [URLQueryItem]
    /// Whether the base URL has a scheme and a host; without them no request can be formed.
    private let isValid: Bool

    init(baseURL: URL) {
        let absolute = baseURL.absoluteString
        let components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true)
        isValid = components?.scheme?.isEmpty == false && components?.host?.isEmpty == false
        baseQueryItems = components?.queryItems ?? []
        root = absolute[..<(absolute.firstIndex { $0 == "?" || $0 == "#" } ?? absolute.endIndex)]
        var prefix = root
        while prefix.hasSuffix("/") { prefix.removeLast() }
        self.prefix = prefix
    }

    /// The URL for `path` and `queryItems`, with the query sorted by name; `nil` when none can be formed.
    func url(path: String, queryItems: [URLQueryItem]) -> String? {
        guard isValid else { return nil }
        var items = baseQueryItems.isEmpty ? queryItems : baseQueryItems + queryItems
        if items.count > 1 {
            // Swift's sort is stable, so repeated names keep the order the endpoint gave them.
            items.sort { $0.name < $1.name }
        }
        if path.hasPrefix("https://") || path.hasPrefix("http://") {
            return absoluteURL(path, queryItems: items)
        }
        let trimmedPath = path.drop { $0 == "/" }
        return Self.join(trimmedPath.isEmpty ? root : prefix, path: trimmedPath, queryItems: items)
    }

    private func absoluteURL(_ url: String, queryItems: [URLQueryItem]) -> String? {
        guard URL(string: url) != nil else { return nil }
        return Self.join(url[...], path: "", queryItems: queryItems, hasQuery: url.contains("?"))
    }

    /// `head`, then `/` and the escaped `path` unless it is empty, then the escaped query items.
    private static func join(
        _ head: Substring,
        path: Substring,
        queryItems: [URLQueryItem],
        hasQuery: Bool = false
    ) -> String {
        var count = head.utf8.count
        if !path.isEmpty { count += 1 + PercentEncoding.encodedCount(of: path, allowed: .path) }
        for item in queryItems {
            // One byte for the `?` or `&` before the item, one for `=` when there is a value.
            count += 1 + PercentEncoding.encodedCount(of: item.name, allowed: .queryItem)
            if let value = item.value {
                count += 1 + PercentEncoding.encodedCount(of: value, allowed: .queryItem)
            }
        }
        return String(unsafeUninitializedCapacity: count) { buffer in
            var index = 0
            PercentEncoding.write(verbatim: head, into: buffer, at: &index)
            if !path.isEmpty {
                buffer[index] = UInt8(ascii: "/")
                index += 1
                PercentEncoding.write(path, allowed: .path, into: buffer, at: &index)
            }
            var isFirst = !hasQuery
            for item in queryItems {
                buffer[index] = isFirst ? UInt8(ascii: "?") : UInt8(ascii: "&")
                index += 1
                isFirst = false
                PercentEncoding.write(item.name, allowed: .queryItem, into: buffer, at: &index)
                if let value = item.value {
                    buffer[index] = UInt8(ascii: "=")
                    index += 1
                    PercentEncoding.write(value, allowed: .queryItem, into: buffer, at: &index)
                }
            }
            return index
        }
    }
}
