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
    /// The whole base URL, query included.
    private let whole: [UInt8]
    /// Items of the base URL's own query, sent with every request.
    private let baseQueryItems: [URLQueryItem]
    /// Whether the base URL has a scheme and a host; without them no request can be formed.
    private let isValid: Bool
    /// The escape tables, held here so that building a URL does not go through the lazy
    /// initialisation of the static ones each time.
    private let pathEncoding = PercentEncoding.path
    private let queryEncoding = PercentEncoding.queryItem

    init(baseURL: URL) {
        let absolute = baseURL.absoluteString
        let components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true)
        isValid = components?.scheme?.isEmpty == false && components?.host?.isEmpty == false
        baseQueryItems = components?.queryItems ?? []
        whole = Array(absolute.utf8)
        root = Array(whole.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") })
        var prefix = root
        while prefix.last == UInt8(ascii: "/") { prefix.removeLast() }
        self.prefix = prefix
    }

    /// The URL for `path` and `queryItems`, with the query sorted by name; `nil` when none can be formed.
    ///
    /// An absolute path gets the endpoint's query items but not the base URL's: those (an API key,
    /// say) belong to the base, and the absolute URL, a pagination link or another host's, is taken
    /// as it is.
    func url(path: String, queryItems: consuming [URLQueryItem]) -> String? {
        guard isValid else { return nil }
        var items = consume queryItems
        let isAbsolute = path.withUTF8Bytes(Self.isAbsolute)
        if !isAbsolute, !baseQueryItems.isEmpty { items = baseQueryItems + items }
        return items.withUnsafeBufferPointer { items in
            path.withUTF8Bytes { pathBytes in
                if isAbsolute {
                    // The base URL was parsed when the client was made: a path that repeats it, as a
                    // load generator's does request after request, is not parsed again.
                    guard isWhole(pathBytes) || URL(string: path) != nil else { return nil }
                    // Nothing to add: the path is the URL, and its own storage serves without a copy.
                    if items.isEmpty { return path }
                    // The items go before a fragment, which is not sent anyway, and so is dropped.
                    let head = UnsafeBufferPointer(rebasing: pathBytes.prefix { $0 != UInt8(ascii: "#") })
                    let hasQuery = head.contains(UInt8(ascii: "?"))
                    return join(head, path: UnsafeBufferPointer(start: nil, count: 0), items: items, hasQuery: hasQuery)
                }
                let leadingSlashes = pathBytes.prefix { $0 == UInt8(ascii: "/") }.count
                let relative = UnsafeBufferPointer(rebasing: pathBytes[leadingSlashes...])
                return (relative.isEmpty ? root : prefix).withUnsafeBufferPointer { head in
                    join(head, path: relative, items: items, hasQuery: false)
                }
            }
        }
    }

    /// Whether `bytes` are the whole base URL: lengths first, then one `memcmp`, where the generic
    /// `elementsEqual` compares byte by byte through iterators.
    private func isWhole(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count == whole.count
            && whole.withUnsafeBufferPointer { whole in
                guard let left = bytes.baseAddress, let right = whole.baseAddress else { return bytes.isEmpty }
                return memcmp(left, right, bytes.count) == 0
            }
    }

    private static func isAbsolute(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        // Most paths are relative: one byte tells, before the comparisons.
        path.first == UInt8(ascii: "h") && (path.starts(with: "https://".utf8) || path.starts(with: "http://".utf8))
    }

    /// `head`, then `/` and the escaped `path` unless it is empty, then the escaped query items
    /// sorted by name.
    ///
    /// The names' bytes are gathered first into one buffer on the stack, so that sorting compares
    /// bytes in place and moves small entries, not query items (each move of which would retain
    /// and release two strings).
    private func join(
        _ head: UnsafeBufferPointer<UInt8>,
        path: UnsafeBufferPointer<UInt8>,
        items: UnsafeBufferPointer<URLQueryItem>,
        hasQuery: Bool
    ) -> String {
        guard !items.isEmpty else { return assemble(head, path: path, queryCount: 0) { output, _ in output } }
        var nameBytes = 0
        for position in items.indices { nameBytes += items[position].name.utf8.count }
        // Eight spare bytes, so that the last name's first eight can be read at once.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: nameBytes + 8) { names in
            UnsafeMutableBufferPointer(rebasing: names[nameBytes...]).initialize(repeating: 0)
            return withUnsafeTemporaryAllocation(of: QueryEntry.self, capacity: items.count) { entries in
                queryEncoding.withWriter { query in
                    var count = 0
                    var gathered = 0
                    // The items are read in place, by index: a copy of one would retain and release
                    // its two strings, atomic operations that cost more than escaping a short name.
                    for position in items.indices {
                        let start = gathered
                        gathered = items[position].name.withUTF8Bytes { name in
                            start + UnsafeMutableBufferPointer(rebasing: names[start...]).initialize(fromContentsOf: name)
                        }
                        let name = UnsafeBufferPointer(rebasing: names[start..<gathered])
                        entries.initializeElement(at: position, to: QueryEntry(name: name, position: position))
                        // One byte for the `?` or `&` before the item, one for `=` when there is a value.
                        count += 1 + query.encodedCount(of: name)
                        count += items[position].value?.withUTF8Bytes { 1 + query.encodedCount(of: $0) } ?? 0
                    }
                    QueryEntry.sortByName(entries)
                    return assemble(head, path: path, queryCount: count) { output, end in
                        var output = output
                        var separator = hasQuery ? UInt8(ascii: "&") : UInt8(ascii: "?")
                        for entry in entries {
                            output.pointee = separator
                            separator = UInt8(ascii: "&")
                            output = query.write(entry.name, to: output + 1, end: end)
                            output =
                                items[entry.position].value?.withUTF8Bytes { value in
                                    output.pointee = UInt8(ascii: "=")
                                    return query.write(value, to: output + 1, end: end)
                                } ?? output
                        }
                        return output
                    }
                }
            }
        }
    }

    /// The string of `head`, then `/` and the escaped `path` unless it is empty, then the
    /// `queryCount` bytes `writeQuery` writes at the position it is given (with the buffer's end)
    /// and returns the position after.
    @inline(__always)
    private func assemble(
        _ head: UnsafeBufferPointer<UInt8>,
        path: UnsafeBufferPointer<UInt8>,
        queryCount: Int,
        writeQuery: (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>
    ) -> String {
        pathEncoding.withWriter { pathWriter in
            let pathCount = path.isEmpty ? 0 : 1 + pathWriter.encodedCount(of: path)
            return String(unsafeUninitializedCapacity: head.count + pathCount + queryCount) { buffer in
                guard let start = buffer.baseAddress else { return 0 }
                let end = start + buffer.count
                var output = PercentEncoding.copy(head, to: start)
                if !path.isEmpty {
                    output.pointee = UInt8(ascii: "/")
                    output = pathWriter.write(path, to: output + 1, end: end)
                }
                return writeQuery(output, end) - start
            }
        }
    }
}

/// A query item while its URL is assembled: its name's bytes and its position among the items.
private struct QueryEntry {
    let name: UnsafeBufferPointer<UInt8>
    let position: Int
    /// The name's first eight bytes, big-endian, zero-padded: most names differ there, and one
    /// integer comparison orders them.
    let prefix: UInt64

    /// An entry for the name `name`, which must have eight readable bytes from its start.
    init(name: UnsafeBufferPointer<UInt8>, position: Int) {
        self.name = name
        self.position = position
        let first8 = name.baseAddress.map { UInt64(bigEndian: UnsafeRawPointer($0).loadUnaligned(as: UInt64.self)) } ?? 0
        prefix = name.count >= 8 ? first8 : first8 & ~(UInt64.max >> (8 * name.count))
    }

    /// Sorts stably by the names' UTF-8 bytes: cheaper than String's Unicode ordering, and the order
    /// of the bytes sent. Repeated names keep the order the endpoint gave them.
    static func sortByName(_ entries: UnsafeMutableBufferPointer<QueryEntry>) {
        var entries = entries
        guard entries.count <= 32 else {
            // A total order (equal names fall back to position), so the unstable sort is stable.
            entries.sort { a, b in
                let comparison = compare(a, b)
                return comparison < 0 || (comparison == 0 && a.position < b.position)
            }
            return
        }
        // Insertion sort, finding each entry's place by halving: queries are short, often sorted
        // already, and it needs no scratch.
        for index in entries.indices.dropFirst() where compare(entries[index], entries[index - 1]) < 0 {
            let entry = entries[index]
            var low = 0
            var high = index - 1
            // The place is after every entry that does not sort after this one, so equal names keep their order.
            while low < high {
                let middle = (low + high) / 2
                if compare(entry, entries[middle]) < 0 { high = middle } else { low = middle + 1 }
            }
            if let base = entries.baseAddress {
                // One move of the entries after the place, which overlap where they go.
                UnsafeMutableRawPointer(base + low + 1).copyMemory(
                    from: base + low, byteCount: (index - low) * MemoryLayout<QueryEntry>.stride)
            }
            entries[low] = entry
        }
    }

    /// Negative, zero or positive as `a`'s name sorts before, with or after `b`'s, byte by byte.
    @inline(__always)
    private static func compare(_ a: QueryEntry, _ b: QueryEntry) -> Int {
        if a.prefix != b.prefix { return a.prefix < b.prefix ? -1 : 1 }
        // Equal prefixes: the names may still differ after eight bytes, or in zero bytes against padding.
        for index in 0..<min(a.name.count, b.name.count) where a.name[index] != b.name[index] {
            return Int(a.name[index]) - Int(b.name[index])
        }
        return a.name.count - b.name.count
    }
}
