import Courier

/// One object of a targets file, read key by key: each read names the key path of the value in its
/// error, and ``finish()`` reports a key no read asked for, so a typo is an error instead of a
/// setting silently left at its default.
struct JSONObjectReader {
    /// The file the object is in, for errors.
    let file: String
    /// Where the object is in the file: empty for the top level, else `requests[1]`, `data.issues`.
    let keyPath: String
    private let members: [String: JSONValue]
    private var read: Set<String> = []

    /// A reader of `value`, which must be an object: else an error at `keyPath`.
    init(_ value: JSONValue, file: String, keyPath: String) throws(TargetsFileError) {
        guard case .object(let members) = value else {
            throw .invalidValue(file: file, keyPath: keyPath.isEmpty ? "(top level)" : keyPath, expected: "an object")
        }
        self.file = file
        self.keyPath = keyPath
        self.members = members
    }

    /// The key path of `key` in this object.
    func path(_ key: String) -> String {
        keyPath.isEmpty ? key : "\(keyPath).\(key)"
    }

    /// The keys of the object, sorted: for objects whose keys are the user's (headers, data sources).
    var keys: [String] { members.keys.sorted() }

    /// The value of `key`, or `nil` when the object has none (`null` counts as none).
    mutating func optional(_ key: String) -> JSONValue? {
        read.insert(key)
        guard let value = members[key], value != .null else { return nil }
        return value
    }

    /// Whether the object has `key` with a value other than `null`; does not count as reading it.
    func has(_ key: String) -> Bool {
        members[key].map { $0 != .null } ?? false
    }

    /// The boolean at `key`, or `nil`; another type is an error.
    mutating func optionalBool(_ key: String) throws(TargetsFileError) -> Bool? {
        guard let value = optional(key) else { return nil }
        guard case .bool(let bool) = value else { throw .invalidValue(file: file, keyPath: path(key), expected: "true or false") }
        return bool
    }

    /// The value of `key`; a missing key is an error.
    mutating func required(_ key: String) throws(TargetsFileError) -> JSONValue {
        guard let value = optional(key) else { throw .missingKey(file: file, keyPath: path(key)) }
        return value
    }

    /// The string at `key`, or `nil`; another type is an error.
    mutating func optionalString(_ key: String) throws(TargetsFileError) -> String? {
        guard let value = optional(key) else { return nil }
        return try string(value, at: path(key))
    }

    /// The number at `key`, or `nil`; another type is an error.
    mutating func optionalNumber(_ key: String) throws(TargetsFileError) -> Double? {
        guard let value = optional(key) else { return nil }
        guard case .number(let number) = value else { throw .invalidValue(file: file, keyPath: path(key), expected: "a number") }
        return number
    }

    /// `value` as a string; another type is an error at `keyPath`.
    func string(_ value: JSONValue, at keyPath: String) throws(TargetsFileError) -> String {
        guard case .string(let string) = value else { throw .invalidValue(file: file, keyPath: keyPath, expected: "a string") }
        return string
    }

    /// Throws for the first key, in sorted order, that no read asked for.
    func finish() throws(TargetsFileError) {
        if let unknown = members.keys.sorted().first(where: { !read.contains($0) }) {
            throw .unknownKey(file: file, keyPath: path(unknown))
        }
    }
}

extension Double {
    /// The number as JSON would write it: `3`, not `3.0`; `2.5` as it is.
    var text: String {
        rounded() == self && abs(self) < 1e15 ? String(Int64(self)) : String(self)
    }
}
