import CourierJSON
import Foundation
import Testing

/// Lookups that start after the members earlier lookups matched, in order: whatever the order
/// of the reads, the containers and the repeated keys, each finds the first member with its key,
/// as Foundation's decoder does.
struct MemberLookupTests {
    /// Reads `a` and `b` in the document's order, then `a` again, through a second container too.
    struct ReadsTwice: Decodable, Equatable {
        enum Keys: String, CodingKey { case a, b }
        enum Other: String, CodingKey { case a, b, c }
        let first: [Int]
        let again: Int
        let otherContainer: [Int]
        let containsB: Bool
        let absent: Int?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            first = [try container.decode(Int.self, forKey: .a), try container.decode(Int.self, forKey: .b)]
            again = try container.decode(Int.self, forKey: .a)
            let other = try decoder.container(keyedBy: Other.self)
            otherContainer = [try other.decode(Int.self, forKey: .b), try other.decode(Int.self, forKey: .a)]
            containsB = container.contains(.b)
            absent = try other.decodeIfPresent(Int.self, forKey: .c)
        }
    }

    @Test func aKeyReadAgainFindsItsFirstMember() throws {
        let json = #"{"a": 1, "b": 2, "a": 3, "b": 4}"#
        let decoded = try CourierJSONDecoder().decode(ReadsTwice.self, from: Data(json.utf8))
        #expect(decoded.first == [1, 2])
        #expect(decoded.again == 1)
        #expect(decoded.otherContainer == [2, 1])
        #expect(decoded.containsB && decoded.absent == nil)
        expectParity(json, as: ReadsTwice.self)
    }

    /// The repeat comes after the member read first: the first read must not skip past it later.
    @Test func aRepeatAfterTheReadMembersIsNotTaken() {
        expectParity(#"{"a": 1, "a": 5, "b": 2, "c": 7}"#, as: ReadsTwice.self)
        expectParity(#"{"b": 2, "a": 1, "a": 3}"#, as: ReadsTwice.self)
        expectParity(#"{"a": 1, "x": {"a": 9, "b": 8}, "b": 2}"#, as: ReadsTwice.self)
    }

    /// Objects side by side at one level, in different orders, each read in full before the next,
    /// and a container of the first one used again after them.
    struct Siblings: Decodable, Equatable {
        let values: [[Int]]
        let keptAgain: [Int]

        struct Row: Decodable, Equatable {
            let a: Int
            let b: Int
            let c: Int?
        }

        init(from decoder: any Decoder) throws {
            var list = try decoder.unkeyedContainer()
            var values: [[Int]] = []
            var kept: KeyedDecodingContainer<ReadsTwice.Other>?
            while !list.isAtEnd {
                let row = try list.nestedContainer(keyedBy: ReadsTwice.Other.self)
                kept = kept ?? row
                values.append([
                    try row.decode(Int.self, forKey: .a), try row.decode(Int.self, forKey: .b),
                    try row.decodeIfPresent(Int.self, forKey: .c) ?? -1,
                ])
            }
            self.values = values
            keptAgain = try kept.map { [try $0.decode(Int.self, forKey: .b), try $0.decode(Int.self, forKey: .a)] } ?? []
        }
    }

    @Test func objectsAtOneLevelKeepApart() throws {
        let json = #"[{"a": 1, "b": 2, "b": 0}, {"b": 4, "a": 3, "c": 5}, {"c": 8, "a": 6, "b": 7, "a": 0}]"#
        let decoded = try CourierJSONDecoder().decode(Siblings.self, from: Data(json.utf8))
        #expect(decoded.values == [[1, 2, -1], [3, 4, 5], [6, 7, 8]])
        #expect(decoded.keptAgain == [2, 1])
        expectParity(json, as: Siblings.self)
    }

    /// A parent read between its children's reads, the children one level deeper.
    struct Parent: Decodable, Equatable {
        let a: Int
        let child: ReadsTwice
        let b: Int
        let children: [ReadsTwice]
        let c: Int
    }

    @Test func nestedObjectsDoNotDisturbTheirParent() {
        let child = #"{"a": 1, "b": 2, "a": 3}"#
        expectParity(#"{"a": 10, "child": \#(child), "b": 20, "children": [\#(child), \#(child)], "c": 30, "a": 0}"#, as: Parent.self)
        expectParity(#"{"c": 30, "children": [], "b": 20, "child": \#(child), "a": 10}"#, as: Parent.self)
    }

    /// Keys converted from snake case: a key read again after the read ones still finds the first
    /// member that converts to it, whichever spelling that member has.
    struct Snake: Decodable, Equatable {
        enum Keys: String, CodingKey { case userId, createdAt }
        let reads: [Int]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            reads = [
                try container.decode(Int.self, forKey: .userId), try container.decode(Int.self, forKey: .createdAt),
                try container.decode(Int.self, forKey: .userId),
            ]
        }
    }

    @Test func snakeCaseKeysReadAgain() throws {
        let json = #"{"user_id": 1, "created_at": 2, "userId": 3, "user__id": 4}"#
        let decoder = CourierJSONDecoder(keyDecodingStrategy: .convertFromSnakeCase)
        #expect(try decoder.decode(Snake.self, from: Data(json.utf8)).reads == [1, 2, 1])
        expectParity(json, as: Snake.self) { courier, foundation in
            courier.keyDecodingStrategy = .convertFromSnakeCase
            foundation.keyDecodingStrategy = .convertFromSnakeCase
        }
    }

    /// A hundred keys, more than the fingerprint has bits, read in order, then backwards, then in
    /// order again, in an object that repeats some of them: every read gives the first member.
    struct Wide: Decodable, Equatable {
        let reads: [Int]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            let keys = (0..<100).map { AnyKey("k\($0)") }
            reads = try (keys + keys.reversed() + keys).map { try container.decode(Int.self, forKey: $0) }
        }
    }

    struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    @Test func manyKeysInAnyOrder() throws {
        let members = (0..<100).map { #""k\#($0)": \#($0)"# } + (0..<100).filter { $0 % 7 == 0 }.map { #""k\#($0)": -1"# }
        let json = "{" + members.joined(separator: ", ") + "}"
        let decoded = try CourierJSONDecoder().decode(Wide.self, from: Data(json.utf8))
        #expect(decoded.reads == Array(0..<100) + Array((0..<100).reversed()) + Array(0..<100))
        expectParity(json, as: Wide.self)
    }
}
