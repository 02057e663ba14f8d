import CourierJSON
import Foundation

/// The floor of decoding through `Decodable`: a decoder that does nothing but answer the
/// protocol's calls, from answers recorded beforehand.
///
/// The answers are recorded by decoding the payload once with CourierJSONDecoder through a decoder
/// that forwards every call and writes down each answer (value, element count, presence) in order.
/// Replaying hands them back in the same order, so the model's `init(from:)` runs exactly as it does
/// on JSON — the same containers asked for, the same arrays built, the same strings stored (already
/// built, so only retained) — with no JSON read at all. What a decoder costs above this is what it
/// could still cut; the rest is the protocol's and the model's.
final class ReplayDecoder: TopLevelDecoding {
    private let answers: [Answer]

    private init(answers: [Answer]) { self.answers = answers }

    /// Records the answers that decoding `payload` as `Model` gives.
    static func recording<Model: Decodable>(_ model: Model.Type, _ payload: Data, strategies: Strategies) throws -> ReplayDecoder {
        var decoder = CourierJSONDecoder()
        if strategies.snakeCaseKeys { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        if strategies.iso8601Dates { decoder.dateDecodingStrategy = .iso8601 }
        let log = AnswerLog()
        guard let key = AnswerLog.key else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "No user info key"))
        }
        decoder.userInfo[key] = log
        _ = try decoder.decode(Recorded<Model>.self, from: payload)
        return ReplayDecoder(answers: log.answers)
    }

    /// Replays the answers; `data` is not read. `T` must be the type recorded.
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try T(from: Replay(answers: answers))
    }
}

/// One answer a decoder gave.
private enum Answer {
    case bool(Bool)
    case int(Int)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case date(Date)
    /// Whether a key was there or a value not null.
    case present(Bool)
    /// An unkeyed container's element count.
    case count(Int)
}

/// The answers written down while recording: one decode on one thread appends to it, and it is
/// `Sendable` only to travel in `userInfo`.
private final class AnswerLog: @unchecked Sendable {
    var answers: [Answer] = []

    static let key = CodingUserInfoKey(rawValue: "compare-decoders.answers")
}

/// `Model` decoded through a ``Recorder`` in front of the real decoder.
private struct Recorded<Model: Decodable>: Decodable {
    init(from decoder: any Decoder) throws {
        guard let key = AnswerLog.key, let log = decoder.userInfo[key] as? AnswerLog else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "No answer log in userInfo"))
        }
        _ = try Model(from: Recorder(inner: decoder, log: log))
    }
}

/// Where a recorder reads one value from: a keyed container at a key, or an unkeyed container.
private protocol RecordingSource {
    mutating func string() throws -> String
    mutating func int() throws -> Int
    mutating func double() throws -> Double
    mutating func bool() throws -> Bool
    mutating func date() throws -> Date
    /// A decoder for the value, for a type decoded by its own `init(from:)`.
    mutating func nested() throws -> any Decoder
}

extension AnswerLog {
    /// A `T` read from `source`: the scalars and dates the models hold through the concrete calls
    /// (as the real decoders take them), anything else by its `init(from:)`, recorded too.
    func record<T: Decodable, Source: RecordingSource>(_ type: T.Type, from source: inout Source) throws -> T {
        if T.self == String.self { return unsafeBitCast(logged(try source.string(), as: Answer.string), to: T.self) }
        if T.self == Date.self { return unsafeBitCast(logged(try source.date(), as: Answer.date), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(logged(try source.int(), as: Answer.int), to: T.self) }
        if T.self == Double.self { return unsafeBitCast(logged(try source.double(), as: Answer.double), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(logged(try source.bool(), as: Answer.bool), to: T.self) }
        return try T(from: Recorder(inner: source.nested(), log: self))
    }

    func logged<Value>(_ value: Value, as answer: (Value) -> Answer) -> Value {
        answers.append(answer(value))
        return value
    }
}

/// Forwards every call to `inner` and logs the answers.
private struct Recorder: Decoder {
    let inner: any Decoder
    let log: AnswerLog

    var codingPath: [any CodingKey] { inner.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { inner.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedRecorder(inner: try inner.container(keyedBy: Key.self), log: log))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try inner.unkeyedContainer()
        log.answers.append(.count(container.count ?? 0))
        return UnkeyedRecorder(inner: container, log: log)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "The payloads' models read no single values"))
    }
}

private struct KeyedRecorder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let inner: KeyedDecodingContainer<Key>
    let log: AnswerLog

    var codingPath: [any CodingKey] { inner.codingPath }
    var allKeys: [Key] { inner.allKeys }
    func contains(_ key: Key) -> Bool { log.logged(inner.contains(key), as: Answer.present) }
    func decodeNil(forKey key: Key) throws -> Bool { !log.logged(!(try inner.decodeNil(forKey: key)), as: Answer.present) }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { log.logged(try inner.decode(type, forKey: key), as: Answer.bool) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        log.logged(try inner.decode(type, forKey: key), as: Answer.string)
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        log.logged(try inner.decode(type, forKey: key), as: Answer.double)
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try decode(Double.self, forKey: key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { log.logged(try inner.decode(type, forKey: key), as: Answer.int) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        log.logged(try inner.decode(type, forKey: key), as: Answer.uint64)
    }

    /// An integer that fits in `Int`, recorded as one.
    private func integer<Value: FixedWidthInteger & Decodable>(_ key: Key) throws -> Value {
        let value = try inner.decode(Value.self, forKey: key)
        log.answers.append(.int(Int(value)))
        return value
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        var source = KeyedSource(container: inner, key: key)
        return try log.record(T.self, from: &source)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try Recorder(inner: inner.superDecoder(forKey: key), log: log).container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try Recorder(inner: inner.superDecoder(forKey: key), log: log).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { Recorder(inner: try inner.superDecoder(), log: log) }
    func superDecoder(forKey key: Key) throws -> any Decoder { Recorder(inner: try inner.superDecoder(forKey: key), log: log) }
}

private struct KeyedSource<Key: CodingKey>: RecordingSource {
    let container: KeyedDecodingContainer<Key>
    let key: Key

    func string() throws -> String { try container.decode(String.self, forKey: key) }
    func int() throws -> Int { try container.decode(Int.self, forKey: key) }
    func double() throws -> Double { try container.decode(Double.self, forKey: key) }
    func bool() throws -> Bool { try container.decode(Bool.self, forKey: key) }
    func date() throws -> Date { try container.decode(Date.self, forKey: key) }
    func nested() throws -> any Decoder { try container.superDecoder(forKey: key) }
}

private struct UnkeyedRecorder: UnkeyedDecodingContainer, RecordingSource {
    var inner: any UnkeyedDecodingContainer
    let log: AnswerLog

    var codingPath: [any CodingKey] { inner.codingPath }
    var count: Int? { inner.count }
    var isAtEnd: Bool { inner.isAtEnd }
    var currentIndex: Int { inner.currentIndex }

    mutating func decodeNil() throws -> Bool { !log.logged(!(try inner.decodeNil()), as: Answer.present) }
    mutating func decode(_ type: Bool.Type) throws -> Bool { log.logged(try bool(), as: Answer.bool) }
    mutating func decode(_ type: String.Type) throws -> String { log.logged(try string(), as: Answer.string) }
    mutating func decode(_ type: Double.Type) throws -> Double { log.logged(try double(), as: Answer.double) }
    mutating func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    mutating func decode(_ type: Int.Type) throws -> Int { log.logged(try int(), as: Answer.int) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { log.logged(try inner.decode(type), as: Answer.uint64) }

    private mutating func integer<Value: FixedWidthInteger & Decodable>() throws -> Value {
        let value = try inner.decode(Value.self)
        log.answers.append(.int(Int(value)))
        return value
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try log.record(T.self, from: &self) }

    mutating func string() throws -> String { try inner.decode(String.self) }
    mutating func int() throws -> Int { try inner.decode(Int.self) }
    mutating func double() throws -> Double { try inner.decode(Double.self) }
    mutating func bool() throws -> Bool { try inner.decode(Bool.self) }
    mutating func date() throws -> Date { try inner.decode(Date.self) }
    mutating func nested() throws -> any Decoder { try inner.superDecoder() }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try Recorder(inner: inner.superDecoder(), log: log).container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try Recorder(inner: inner.superDecoder(), log: log).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { Recorder(inner: try inner.superDecoder(), log: log) }
}

/// Hands the recorded answers back, one per call; one object for the whole decode, as
/// CourierJSONDecoder's state is.
private final class Replay: Decoder {
    private let answers: [Answer]
    private var position = 0

    init(answers: [Answer]) { self.answers = answers }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedReplay<Key>(replay: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .count(let count) = next() else { throw outOfStep() }
        return UnkeyedReplay(replay: self, count: count)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw outOfStep() }

    @inline(__always)
    private func next() -> Answer {
        defer { position += 1 }
        return answers[position]
    }

    private func outOfStep() -> DecodingError {
        .dataCorrupted(.init(codingPath: [], debugDescription: "The replay is out of step with the recording at answer \(position)"))
    }

    func present() throws -> Bool {
        guard case .present(let value) = next() else { throw outOfStep() }
        return value
    }

    func bool() throws -> Bool {
        guard case .bool(let value) = next() else { throw outOfStep() }
        return value
    }

    func int() throws -> Int {
        guard case .int(let value) = next() else { throw outOfStep() }
        return value
    }

    func uint64() throws -> UInt64 {
        guard case .uint64(let value) = next() else { throw outOfStep() }
        return value
    }

    func double() throws -> Double {
        guard case .double(let value) = next() else { throw outOfStep() }
        return value
    }

    func string() throws -> String {
        guard case .string(let value) = next() else { throw outOfStep() }
        return value
    }

    /// A `T` as ``AnswerLog/record(_:from:)`` recorded it.
    func value<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == String.self { return unsafeBitCast(try string(), to: T.self) }
        if T.self == Date.self {
            guard case .date(let value) = next() else { throw outOfStep() }
            return unsafeBitCast(value, to: T.self)
        }
        if T.self == Int.self { return unsafeBitCast(try int(), to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try double(), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try bool(), to: T.self) }
        // Arrays built in place, without an unkeyed container, as CourierJSONDecoder builds them:
        // the floor is the protocol's, not that of a container the decoders can do without.
        if T.self == [String].self { return unsafeBitCast(try elements(String.self), to: T.self) }
        // An array is one reference wide: the cheap test CourierJSONDecoder makes too before the
        // conformance lookup.
        if MemoryLayout<T>.size == MemoryLayout<[Int]>.size, let arrayType = T.self as? any ReplayableArray.Type {
            return try replayArray(arrayType)
        }
        return try T(from: self)
    }

    private func replayArray<Elements: ReplayableArray, T>(_ type: Elements.Type) throws -> T {
        unsafeBitCast(try Elements.replay(from: self), to: T.self)
    }

    /// The elements of an array recorded through an unkeyed container, each by ``value(_:)``.
    func elements<Element: Decodable>(_ type: Element.Type) throws -> [Element] {
        guard case .count(let count) = next() else { throw outOfStep() }
        var elements: [Element] = []
        elements.reserveCapacity(count)
        for _ in 0..<count { elements.append(try value(Element.self)) }
        return elements
    }

    /// An integer recorded as an `Int`.
    func integer<Value: FixedWidthInteger>() throws -> Value { Value(truncatingIfNeeded: try int()) }
}

private struct KeyedReplay<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let replay: Replay

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }
    func contains(_ key: Key) -> Bool { (try? replay.present()) ?? false }
    func decodeNil(forKey key: Key) throws -> Bool { !(try replay.present()) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try replay.bool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try replay.string() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try replay.double() }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try replay.double()) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try replay.int() }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try replay.integer() }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try replay.integer() }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try replay.integer() }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try replay.integer() }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try replay.integer() }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try replay.integer() }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try replay.integer() }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try replay.integer() }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try replay.uint64() }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try replay.value(T.self) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try replay.container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try replay.unkeyedContainer() }
    func superDecoder() throws -> any Decoder { replay }
    func superDecoder(forKey key: Key) throws -> any Decoder { replay }
}

private struct UnkeyedReplay: UnkeyedDecodingContainer {
    let replay: Replay
    let elements: Int
    private(set) var currentIndex = 0

    init(replay: Replay, count: Int) {
        self.replay = replay
        elements = count
    }

    var codingPath: [any CodingKey] { [] }
    var count: Int? { elements }
    var isAtEnd: Bool { currentIndex >= elements }

    /// `value`, the next element, counted.
    private mutating func advancing<Value>(_ value: Value) -> Value {
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        let isNil = !(try replay.present())
        if isNil { currentIndex += 1 }
        return isNil
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { advancing(try replay.bool()) }
    mutating func decode(_ type: String.Type) throws -> String { advancing(try replay.string()) }
    mutating func decode(_ type: Double.Type) throws -> Double { advancing(try replay.double()) }
    mutating func decode(_ type: Float.Type) throws -> Float { advancing(Float(try replay.double())) }
    mutating func decode(_ type: Int.Type) throws -> Int { advancing(try replay.int()) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { advancing(try replay.integer()) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { advancing(try replay.integer()) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { advancing(try replay.integer()) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { advancing(try replay.integer()) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { advancing(try replay.integer()) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { advancing(try replay.integer()) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { advancing(try replay.integer()) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { advancing(try replay.integer()) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { advancing(try replay.uint64()) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { advancing(try replay.value(T.self)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        advancing(try replay.container(keyedBy: NestedKey.self))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { advancing(try replay.unkeyedContainer()) }
    mutating func superDecoder() throws -> any Decoder { advancing(replay) }
}

/// Arrays the replay builds itself.
private protocol ReplayableArray {
    static func replay(from replay: Replay) throws -> Self
}

extension Array: ReplayableArray where Element: Decodable {
    fileprivate static func replay(from replay: Replay) throws -> [Element] { try replay.elements(Element.self) }
}
