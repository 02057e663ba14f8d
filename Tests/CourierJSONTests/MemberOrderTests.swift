import CourierJSON
import Foundation
import Testing

/// Sibling objects read through one kept container, whose lookups follow the order learned from
/// the objects before: whatever each object lacks, repeats, adds or reorders, every read finds
/// the first member with its key, as Foundation's decoder does.
struct MemberOrderTests {
    /// Reads its keys in an order of its own, not the documents': each read is by position in the
    /// learned object, so positions and document order must not be confused.
    struct Row: Decodable, Equatable {
        enum Keys: String, CodingKey { case a, b, c, d, e, longKeyThatSpillsPastSixteenBytes }
        let reads: [Int?]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            reads = try [Keys.c, .a, .longKeyThatSpillsPastSixteenBytes, .e, .b, .d, .a].map {
                try container.decodeIfPresent(Int.self, forKey: $0)
            }
        }
    }

    /// Reads `kind` first and then other keys by its value, so the calls differ between objects.
    struct Branching: Decodable, Equatable {
        enum Keys: String, CodingKey { case kind, a, b, c }
        let reads: [Int?]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            let kind = try container.decodeIfPresent(Int.self, forKey: .kind) ?? 0
            let keys: [Keys] = kind % 2 == 0 ? [.a, .b] : [.c, .b, .a]
            reads = try [kind] + keys.map { try container.decodeIfPresent(Int.self, forKey: $0) }
        }
    }

    /// A reproducible source of the documents' choices.
    struct Choices {
        var state: UInt64

        mutating func next(below bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// An array of objects that mostly share one layout, each changed with some chance: a key
    /// dropped, repeated (before or after its first), moved, escaped, renamed, or a key no model
    /// asks for added.
    static func siblings(_ choices: inout Choices, keys: [String], count: Int) -> String {
        var objects: [String] = []
        for index in 0..<count {
            var members = keys.enumerated().map { (name: $0.element, value: "\(index * 100 + $0.offset)") }
            for _ in 0..<choices.next(below: 3) {
                let at = choices.next(below: members.count)
                switch choices.next(below: 7) {
                case 0: members.remove(at: at)
                case 1: members.insert((members[at].name, "-\(index)"), at: choices.next(below: members.count + 1))
                case 2: members.insert(members.remove(at: at), at: choices.next(below: members.count))
                case 3: members[at].name = members[at].name.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined()
                case 4: members.insert(("unknown", #"{"a": 1, "c": [2]}"#), at: at)
                case 5: members[at].name += "x"
                default: break
                }
                if members.isEmpty { members = [("a", "0")] }
            }
            objects.append("{" + members.map { #""\#($0.name)": \#($0.value)"# }.joined(separator: ", ") + "}")
        }
        return "[" + objects.joined(separator: ", ") + "]"
    }

    @Test(arguments: 0..<40)
    func siblingsOfOneLayoutReadAsFoundationReadsThem(seed: Int) {
        var choices = Choices(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15)
        let keys = ["a", "b", "c", "d", "e", "longKeyThatSpillsPastSixteenBytes"]
        let sorted = Self.siblings(&choices, keys: keys, count: 30)
        let shuffled = Self.siblings(&choices, keys: ["e", "longKeyThatSpillsPastSixteenBytes", "c", "a", "d", "b"], count: 30)
        expectParity(sorted, as: [Row].self)
        expectParity(shuffled, as: [Row].self)
        expectParity(Self.siblings(&choices, keys: ["kind", "a", "b", "c"], count: 30), as: [Branching].self)
    }

    /// Keys converted from snake case: two spellings of one key, `user_id` and `userId`, may both
    /// be in an object, and the order must not take the second for the first.
    struct Snake: Decodable, Equatable {
        enum Keys: String, CodingKey { case userId, createdAt, name }
        let reads: [Int?]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            reads = try [Keys.name, .userId, .createdAt].map { try container.decodeIfPresent(Int.self, forKey: $0) }
        }
    }

    @Test(arguments: 0..<10)
    func snakeCaseSpellingsOfOneKeyReadAsFoundationReadsThem(seed: Int) {
        var choices = Choices(state: UInt64(seed + 1000) &* 0x9E37_79B9_7F4A_7C15)
        let json = Self.siblings(&choices, keys: ["created_at", "user_id", "name", "userId"], count: 30)
        expectParity(json, as: [Snake].self) { courier, foundation in
            courier.keyDecodingStrategy = .convertFromSnakeCase
            foundation.keyDecodingStrategy = .convertFromSnakeCase
        }
    }

    /// Children of one type read in the reverse of the document's order: the kept container moves
    /// back to an object before the one it read last, whose members' places on the tape come first.
    struct Pair: Decodable, Equatable {
        enum Keys: String, CodingKey { case x, y }
        let y: Row
        let x: Row

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            y = try container.decode(Row.self, forKey: .y)
            x = try container.decode(Row.self, forKey: .x)
        }
    }

    @Test func childrenReadBackwardsReadAsFoundationReadsThem() {
        let child = #"{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}"#
        let lacking = #"{"b": 6, "e": 7}"#
        let repeating = #"{"a": 8, "c": 9, "a": 10, "c": 11}"#
        let pairs = [(child, lacking), (lacking, child), (child, child), (repeating, child), (child, repeating)]
        let json = "[" + pairs.map { #"{"x": \#($0.0), "y": \#($0.1)}"# }.joined(separator: ", ") + "]"
        expectParity(json, as: [Pair].self)
    }

    /// A container a type keeps after decoding reads its own object, not the one its kind was
    /// last read from.
    struct Keeper: Decodable {
        let container: KeyedDecodingContainer<Row.Keys>

        init(from decoder: any Decoder) throws {
            container = try decoder.container(keyedBy: Row.Keys.self)
        }
    }

    @Test func aKeptContainerReadsItsOwnObjectAfterItsSiblings() throws {
        let json = #"[{"a": 1, "b": 2}, {"a": 3, "b": 4}, {"b": 6, "a": 5}, {"a": 7, "b": 8}]"#
        let rows = try CourierJSONDecoder().decode([Keeper].self, from: Data(json.utf8))
        let reads = try rows.map { row in
            try [row.container.decode(Int.self, forKey: .b), row.container.decode(Int.self, forKey: .a)]
        }
        #expect(reads == [[2, 1], [4, 3], [6, 5], [8, 7]])
    }
}
