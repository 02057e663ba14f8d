import Foundation

/// Joins a base URL, an endpoint path and query items into one percent-encoded URL string.
///
/// The base is taken apart once, when the client is made; each request then costs one pass to measure
/// and one to write, into a single allocation, working on UTF-8 bytes throughout.
struct URLBuilder: Sendable {
    /// The base up to its path, trailing slashes removed: `https://host/api/v1`.
    private let prefix: [UInt8]
    /// The base up to its path as given, used when the endpoint path is empty.
    private let root: [UInt8]
    /// Items of the base URL's own query, sent with every request.
    private let baseQueryItems: [URLQueryItem]
    /// Whether the base URL has a scheme and a host; without them no request can be formed.
    private let isValid: Bool

    init(baseURL: URL) {
        let absolute = baseURL.absoluteString
        let components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true)
        isValid = components?.scheme?.isEmpty == false && components?.host?.isEmpty == false
        baseQueryItems = components?.queryItems ?? []
        root = Array(absolute.utf8.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") })
        var prefix = root
        while prefix.last == UInt8(ascii: "/") { prefix.removeLast() }
        self.prefix = prefix
    }

    /// The URL for `path` and `queryItems`, with the query sorted by name; `nil` when none can be formed.
    func url(path: String, queryItems: consuming [URLQueryItem]) -> String? {
        guard isValid else { return nil }
        // Taking the caller's array over, not copying it, lets the sort work in place.
        var items = consume queryItems
        if !baseQueryItems.isEmpty { items = baseQueryItems + items }
        Self.sortByName(&items)
        return path.withUTF8Bytes { pathBytes in
            if Self.isAbsolute(pathBytes) {
                guard URL(string: path) != nil else { return nil }
                return Self.join(pathBytes, path: UnsafeBufferPointer(start: nil, count: 0), queryItems: items, hasQuery: pathBytes.contains(UInt8(ascii: "?")))
            }
            let leadingSlashes = pathBytes.prefix { $0 == UInt8(ascii: "/") }.count
            let relative = UnsafeBufferPointer(rebasing: pathBytes[leadingSlashes...])
            return (relative.isEmpty ? root : prefix).withUnsafeBufferPointer { head in
                Self.join(head, path: relative, queryItems: items, hasQuery: false)
            }
        }
    }

    /// Sorts stably by the names' UTF-8 bytes: cheaper than String's Unicode ordering, and the order
    /// of the bytes sent. Repeated names keep the order the endpoint gave them. An insertion sort,
    /// because queries are short and it needs no scratch buffer, unlike the standard library's.
    static func sortByName(_ items: inout [URLQueryItem]) {
        guard items.count > 1 else { return }
        guard items.count <= 32 else {
            items = items.enumerated().sorted { precedes($0.element.name, $1.element.name) || ($0.element.name == $1.element.name && $0.offset < $1.offset) }.map(\.element)
            return
        }
        for index in 1..<items.count where precedes(items[index].name, items[index - 1].name) {
            let item = items[index]
            var position = index
            while position > 0, precedes(item.name, items[position - 1].name) {
                items[position] = items[position - 1]
                position -= 1
            }
            items[position] = item
        }
    }

    @inline(__always)
    private static func precedes(_ a: String, _ b: String) -> Bool {
        a.withUTF8Bytes { a in
            b.withUTF8Bytes { b in
                let common = min(a.count, b.count)
                if common > 0, let x = a.baseAddress, let y = b.baseAddress {
                    let order = memcmp(x, y, common)
                    if order != 0 { return order < 0 }
                }
                return a.count < b.count
            }
        }
    }

    private static func isAbsolute(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        path.starts(with: "https://".utf8) || path.starts(with: "http://".utf8)
    }

    /// `head`, then `/` and the escaped `path` unless it is empty, then the escaped query items.
    private static func join(
        _ head: UnsafeBufferPointer<UInt8>,
        path: UnsafeBufferPointer<UInt8>,
        queryItems: [URLQueryItem],
        hasQuery: Bool
    ) -> String {
        var count = head.count
        if !path.isEmpty { count += 1 + PercentEncoding.encodedCount(of: path, allowed: .path) }
        for item in queryItems {
            // One byte for the `?` or `&` before the item, one for `=` when there is a value.
            count += 1 + item.name.withUTF8Bytes { PercentEncoding.encodedCount(of: $0, allowed: .queryItem) }
            if let value = item.value {
                count += 1 + value.withUTF8Bytes { PercentEncoding.encodedCount(of: $0, allowed: .queryItem) }
            }
        }
        return String(unsafeUninitializedCapacity: count) { buffer in
            guard let start = buffer.baseAddress else { return 0 }
            var output = start
            PercentEncoding.copy(head, to: &output)
            if !path.isEmpty {
                output.pointee = UInt8(ascii: "/")
                output += 1
                PercentEncoding.write(path, allowed: .path, to: &output)
            }
            var separator = hasQuery ? UInt8(ascii: "&") : UInt8(ascii: "?")
            for item in queryItems {
                output.pointee = separator
                output += 1
                separator = UInt8(ascii: "&")
                item.name.withUTF8Bytes { PercentEncoding.write($0, allowed: .queryItem, to: &output) }
                if let value = item.value {
                    output.pointee = UInt8(ascii: "=")
                    output += 1
                    value.withUTF8Bytes { PercentEncoding.write($0, allowed: .queryItem, to: &output) }
                }
            }
            return output - start
        }
    }
}
