import CourierJSON
import Foundation
import Testing

/// The containers a hand-written `init(from:)` uses, compared with Foundation's where both answer.
struct ContainerTests {
    /// Records what a keyed container says about a fixed set of keys.
    struct KeyedReport: Decodable, Equatable {
        enum Keys: String, CodingKey { case a, b, c, nested, list, `super` }
        let allKeys: [String]
        let contains: [Bool]
        let nilAtA: Bool?
        let nestedValue: Int?
        let listValues: [Int]
        let superValue: Int?
        let path: [String]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            allKeys = container.allKeys.map(\.stringValue).sorted()
            contains = [Keys.a, .b, .c].map(container.contains)
            nilAtA = try? container.decodeNil(forKey: .a)
            nestedValue = try? container.nestedContainer(keyedBy: Keys.self, forKey: .nested).decode(Int.self, forKey: .a)
            var list = try? container.nestedUnkeyedContainer(forKey: .list)
            var values: [Int] = []
            while list?.isAtEnd == false, let value = try? list?.decode(Int.self) { values.append(value) }
            listValues = values
            superValue = try? Int(from: container.superDecoder())
            path = (try? container.nestedContainer(keyedBy: Keys.self, forKey: .nested).codingPath.map(\.stringValue)) ?? []
        }
    }

    @Test(arguments: [
        #"{"a": null, "b": 1, "nested": {"a": 7}, "list": [1, 2, 3], "super": 9}"#,
        #"{"b": 1, "zzz": 2}"#,
        #"{"a": 1, "nested": [], "list": {}, "super": null}"#,
        #"{}"#,
    ])
    func keyedContainers(json: String) {
        expectParity(json, as: KeyedReport.self)
    }

    /// Walks an unkeyed container by hand.
    struct UnkeyedReport: Decodable, Equatable {
        let count: Int?
        let sequence: [String]

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            count = container.count
            var sequence: [String] = []
            while !container.isAtEnd {
                let index = container.currentIndex
                if try container.decodeNil() {
                    sequence.append("\(index):nil")
                } else if let int = try? container.decode(Int.self) {
                    sequence.append("\(index):\(int)")
                } else if var nested = try? container.nestedUnkeyedContainer() {
                    sequence.append("\(index):[\(nested.count ?? -1)]\((try? nested.decode(String.self)) ?? "")")
                } else if let keyed = try? container.nestedContainer(keyedBy: StringCodingKey.self) {
                    sequence.append("\(index):{\(keyed.allKeys.map(\.stringValue).sorted())}")
                } else {
                    let decoder = try container.superDecoder()
                    sequence.append("\(index):super(\(try decoder.singleValueContainer().decode(String.self)))")
                }
            }
            do {
                _ = try container.decode(Int.self)
            } catch DecodingError.valueNotFound(_, let context) {
                sequence.append("end:\(context.codingPath.map(\.stringValue))")
            }
            #expect(throws: DecodingError.self) { try container.decodeNil() }
            self.sequence = sequence
        }
    }

    @Test func unkeyedContainers() {
        expectParity(#"[1, null, ["x", 2], {"k": 1, "j": 2}, "s", [], 4]"#, as: UnkeyedReport.self)
        expectParity(#"[]"#, as: UnkeyedReport.self)
        expectParity(#"{}"#, as: UnkeyedReport.self)
    }

    /// A type that decodes itself from a single value at the top level.
    struct Celsius: Decodable, Equatable {
        let degrees: Double
        let isNull: Bool
        let path: [String]
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            isNull = container.decodeNil()
            degrees = isNull ? .nan.nextUp : try container.decode(Double.self)
            path = container.codingPath.map(\.stringValue)
        }
    }

    @Test func singleValueContainers() {
        expectParity("21.5", as: Celsius.self)
        expectParity(#"[21.5, 3]"#, as: [Celsius].self)
        expectParity(#"{"x": 1}"#, as: [String: Celsius].self)
        expectParity(#""warm""#, as: Celsius.self)
    }

    /// A subclass pattern: the parent's fields under "super", the child's beside them.
    @Test func superDecoders() throws {
        final class Base: Decodable {
            let id: Int
            init(id: Int) { self.id = id }
        }
        struct Derived: Decodable, Equatable {
            enum Keys: String, CodingKey { case name, parent }
            let name: String
            let parentID: Int
            let superPath: [String]
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Keys.self)
                name = try container.decode(String.self, forKey: .name)
                let parent = try container.superDecoder(forKey: .parent)
                parentID = try Base(from: parent).id
                superPath = parent.codingPath.map(\.stringValue)
            }
        }
        expectParity(#"{"name": "x", "parent": {"id": 3}}"#, as: Derived.self)
        expectParity(#"[{"name": "x", "parent": {"id": 3}}, {"name": "y"}]"#, as: [Derived].self)
    }

    @Test func snakeCaseKeys() {
        // The properties spell the keys under test, snake case and underscores included.
        // swift-format-ignore: AlwaysUseLowerCamelCase
        struct Snake: Decodable, Equatable {
            let userID: Int?
            let firstName: String?
            let lastName: String?
            let aB: Int?
            let _leading: Int?
            let trailing_: Int?
            let plain: [String: Int]?
            let url: URL?
            // A digit after an underscore: the key the in-place comparison leaves to the conversion.
            let a1b: Int?
            let a1B: Int?
        }
        let snakeCase = { (courier: inout CourierJSONDecoder, foundation: JSONDecoder) in
            courier.keyDecodingStrategy = .convertFromSnakeCase
            foundation.keyDecodingStrategy = .convertFromSnakeCase
        }
        for json in [
            #"{"user_id": 1, "first_name": "A", "LAST_NAME": "B", "a_b": 2}"#,
            #"{"userID": 1, "firstName": "A", "lastName": "B", "aB": 2}"#,
            #"{"first_name": "A", "firstName": "B", "_leading": 3, "trailing_": 4}"#,
            #"{"firstName": "B", "first_name": "A", "a__b": 5}"#,
            #"{"plain": {"snake_key": 1, "other_key": 2}, "url": "https://a.b/c_d"}"#,
            #"{"first\u005fname": "escaped"}"#,
            #"{"user_id": "1"}"#,
            #"{"a_1b": 6, "user_id": 7}"#,
        ] {
            expectParity(json, as: Snake.self, configure: snakeCase)
        }
        struct AllKeys: Decodable, Equatable {
            let keys: [String]
            init(from decoder: any Decoder) throws {
                keys = try decoder.container(keyedBy: StringCodingKey.self).allKeys.map(\.stringValue).sorted()
            }
        }
        expectParity(
            #"{"a_b_c": 1, "_x_y_": 2, "__": 3, "FOO_BAR": 4, "a_ß": 5, "é_ü": 6, "x_1st_place": 7}"#, as: AllKeys.self,
            configure: snakeCase)
    }

    /// A key that repeats in an object is not an error: the first member wins, as in Foundation,
    /// for every key strategy and for `[String: T]` (the decision the guide's "Duplicate keys"
    /// explains).
    @Test func firstOfRepeatedKeysWins() throws {
        struct Pair: Decodable, Equatable {
            let a: Int
            let bC: Int?
        }
        let json = #"{"a": 1, "b_c": 2, "a": 3, "bC": 4, "b_c": 5}"#
        #expect(try CourierJSONDecoder().decode(Pair.self, from: Data(json.utf8)) == Pair(a: 1, bC: 4))
        #expect(
            try CourierJSONDecoder(keyDecodingStrategy: .convertFromSnakeCase).decode(Pair.self, from: Data(json.utf8)) == Pair(a: 1, bC: 2)
        )
        #expect(try CourierJSONDecoder().decode([String: Int].self, from: Data(json.utf8)) == ["a": 1, "b_c": 2, "bC": 4])
        expectParity(json, as: Pair.self)
        expectParity(json, as: [String: Int].self)
        expectParity(json, as: Pair.self) { courier, foundation in
            courier.keyDecodingStrategy = .convertFromSnakeCase
            foundation.keyDecodingStrategy = .convertFromSnakeCase
        }
    }

    @Test func customKeys() throws {
        struct Upper: Decodable, Equatable {
            let name: String
            let count: Int
        }
        let lowercasing: @Sendable ([any CodingKey]) -> any CodingKey = { path in
            StringCodingKey(stringValue: path.last!.stringValue.lowercased())
        }
        expectParity(#"{"NAME": "x", "Count": 2}"#, as: Upper.self) { courier, foundation in
            courier.keyDecodingStrategy = .custom(lowercasing)
            foundation.keyDecodingStrategy = .custom(lowercasing)
        }
        expectParity(#"[{"NAME": "x"}]"#, as: [Upper].self) { courier, foundation in
            courier.keyDecodingStrategy = .custom(lowercasing)
            foundation.keyDecodingStrategy = .custom(lowercasing)
        }
        // The closure sees the path to the key, the key itself last.
        var decoder = CourierJSONDecoder()
        decoder.keyDecodingStrategy = .custom { path in
            StringCodingKey(stringValue: path.map(\.stringValue).joined(separator: "."))
        }
        struct Deep: Decodable, Equatable {
            struct Inner: Decodable, Equatable {
                let value: Int
                enum CodingKeys: String, CodingKey { case value = "outer.Index 0.value" }
            }
            let outer: [Inner]
        }
        struct Root: Decodable, Equatable {
            let outer: [Deep.Inner]
        }
        #expect(try decoder.decode(Root.self, from: Data(#"{"outer": [{"value": 5}]}"#.utf8)) == Root(outer: [Deep.Inner(value: 5)]))
    }
}

/// A coding key for any string.
struct StringCodingKey: CodingKey {
    let stringValue: String
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    var intValue: Int? { nil }
}
