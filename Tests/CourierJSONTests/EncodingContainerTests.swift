import CourierJSON
import Foundation
import Testing

/// The containers as types use them beyond the synthesized conformances: superclasses, super
/// encoders, nested containers used out of order or twice, coding paths; and, where Foundation
/// stops the program, an error instead.
struct EncodingContainerTests {
    class Animal: Encodable {
        var legs = 4
        var name = "generic"
    }

    /// The usual subclass: the superclass encodes into the same keyed container.
    final class Dog: Animal {
        var breed = "collie"
        enum CodingKeys: CodingKey { case breed }
        override func encode(to encoder: any Encoder) throws {
            try super.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(breed, forKey: .breed)
        }
    }

    /// The superclass under "super" (converted by the key strategy), and under a key of its own.
    final class Cat: Animal {
        var indoor = true
        enum CodingKeys: CodingKey { case indoor, parent }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(indoor, forKey: .indoor)
            try super.encode(to: container.superEncoder())
            try super.encode(to: container.superEncoder(forKey: .parent))
        }
    }

    @Test func superclassesEncodeAsInFoundation() {
        expectSameEncoding(Dog())
        expectSameEncoding(Cat())
        expectSameEncoding([Dog(), Dog()], formatting: [.sortedKeys, .prettyPrinted])
        expectSameEncoding(Cat()) {
            $0.keyEncodingStrategy = .convertToSnakeCase
            $1.keyEncodingStrategy = .convertToSnakeCase
        }
    }

    /// Containers written to after the containers nested in them, nested containers asked for
    /// twice under one key, super encoders used after their container moved on.
    struct OutOfOrder: Encodable {
        enum CodingKeys: CodingKey { case a, b, c, list, late }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var first = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .a)
            try container.encode(1, forKey: .b)
            try first.encode("inner", forKey: .c)
            var again = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .a)
            try again.encode(true, forKey: .b)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1)
            let superEncoder = list.superEncoder()
            try list.encode(3)
            var single = superEncoder.singleValueContainer()
            try single.encode("super, encoded later")
            var sameList = container.nestedUnkeyedContainer(forKey: .list)
            try sameList.encode(4)
            var deep = first.nestedUnkeyedContainer(forKey: .list)
            try deep.encodeNil()
            _ = container.superEncoder(forKey: .late)
        }
    }

    @Test func containersMayBeUsedOutOfOrderAndTwice() throws {
        expectSameEncoding(OutOfOrder())
        expectSameEncoding(OutOfOrder(), formatting: [.sortedKeys, .prettyPrinted])
        let json = String(decoding: try CourierJSONEncoder().encode(OutOfOrder()), as: UTF8.self)
        #expect(json == #"{"a":{"c":"inner","b":true,"list":[null]},"b":1,"list":[1,"super, encoded later",3,4],"late":{}}"#)
    }

    /// A struct encoded under a key, then a keyed container nested under the same key: Foundation
    /// adds to the object already there.
    @Test func aNestedContainerAddsToAnObjectAlreadyEncodedUnderItsKey() {
        struct Inner: Encodable { var x = 1 }
        struct Outer: Encodable {
            enum CodingKeys: CodingKey { case inner, y }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(Inner(), forKey: .inner)
                var nested = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .inner)
                try nested.encode(2, forKey: .y)
            }
        }
        expectSameEncoding(Outer())
    }

    /// An array of scalars, then more elements through an unkeyed container over the same value:
    /// Foundation appends them, and so does this encoder, though it wrote the array as one piece.
    @Test func anArrayAlreadyEncodedTakesMoreElements() {
        struct UnderAKey: Encodable {
            enum CodingKeys: CodingKey { case a, b }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode([1, 2], forKey: .a)
                var more = container.nestedUnkeyedContainer(forKey: .a)
                try more.encode(3)
                try container.encode([String](), forKey: .b)
                var empty = container.nestedUnkeyedContainer(forKey: .b)
                try empty.encode("first")
            }
        }
        struct InPlace: Encodable {
            func encode(to encoder: any Encoder) throws {
                var single = encoder.singleValueContainer()
                try single.encode(["x,\"]", "y\\", "[z]"])
                var more = encoder.unkeyedContainer()
                try more.encode("w")
            }
        }
        for formatting: CourierJSONEncoder.OutputFormatting in [.sortedKeys, [.sortedKeys, .prettyPrinted]] {
            expectSameEncoding(UnderAKey(), formatting: formatting)
            expectSameEncoding(InPlace(), formatting: formatting)
            expectSameEncoding(["d": [0.5, 1e-7]], formatting: formatting)
        }
    }

    /// A value that writes its own coding path, wherever it is put: both encoders must report the
    /// same paths.
    struct Path: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(
                encoder.codingPath.map(describe).joined(separator: "/") + " | " + container.codingPath.map(describe).joined(separator: "/"))
        }
    }

    struct Paths: Encodable {
        enum CodingKeys: CodingKey { case a, b, c }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(Path(), forKey: .a)
            try container.encode([Path(), Path()], forKey: .b)
            try container.encode(["k": [Path()]], forKey: .c)
            try [Path()].encode(to: container.superEncoder())
            try Path().encode(to: container.superEncoder(forKey: .a))
        }
    }

    @Test func codingPathsAreFoundations() {
        expectSameEncoding(Paths())
        expectSameEncoding([Paths()], formatting: [.sortedKeys, .prettyPrinted])
        expectSameEncoding(["x": [Paths()]])
    }

    /// Under a key strategy, Foundation 6.3.1 encodes a `[String: T]` with an encoder that has lost
    /// the dictionary's own key: a value under `c.k` reports `k`. This encoder keeps it.
    @Test func aDictionarysKeyStaysOnThePathUnderAKeyStrategy() throws {
        struct Holder: Encodable { var x = ["k": Path()] }
        let snake: (inout CourierJSONEncoder, JSONEncoder) -> Void = {
            $0.keyEncodingStrategy = .convertToSnakeCase
            $1.keyEncodingStrategy = .convertToSnakeCase
        }
        let ours = try CourierJSONEncoder(outputFormatting: .sortedKeys, keyEncodingStrategy: .convertToSnakeCase).encode(Holder())
        #expect(String(decoding: ours, as: UTF8.self) == #"{"x":{"k":"x\/k | x\/k"}}"#)
        expectSameEncoding(Holder())
        withKnownIssue("Foundation 6.3.1 drops a dictionary's key from coding paths under a key strategy") {
            expectSameEncoding(Holder(), configure: snake)
        }
    }

    /// Values in nested containers, at every depth.
    struct NestedPaths: Encodable {
        enum CodingKeys: CodingKey { case a, b, c }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var nested = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .c)
            try nested.encode(Path(), forKey: .a)
            var list = nested.nestedUnkeyedContainer(forKey: .b)
            try list.encode(Path())
            var inner = list.nestedContainer(keyedBy: CodingKeys.self)
            try inner.encode(Path(), forKey: .c)
            try Path().encode(to: list.superEncoder())
        }
    }

    /// The path of a value in a nested container ends with the nested containers' keys, as the
    /// Codable documentation has it. Foundation 6.3.1 leaves them out (a value under `c.a` reports
    /// `a`): a known difference, which this test notices the day Foundation changes.
    @Test func nestedContainersKeysAreOnThePath() throws {
        let ours = String(decoding: try CourierJSONEncoder(outputFormatting: .sortedKeys).encode(NestedPaths()), as: UTF8.self)
        #expect(
            ours == #"{"c":{"a":"c\/a | c\/a","b":["c\/b\/[0] | c\/b\/[0]",{"c":"c\/b\/[1]\/c | c\/b\/[1]\/c"},"c\/b\/[2] | c\/b\/[2]"]}}"#)
        withKnownIssue("Foundation 6.3.1 leaves nested containers' keys out of coding paths") {
            expectSameEncoding(NestedPaths())
        }
        struct NaNInNestedList: Encodable {
            enum CodingKeys: CodingKey { case list }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                var list = container.nestedUnkeyedContainer(forKey: .list)
                try list.encode(1.0)
                try list.encode(Double.nan)
            }
        }
        #expect(
            encodingError { try CourierJSONEncoder().encode(NaNInNestedList()) }
                == #"["list", "[1]"] Unable to encode Double.nan directly in JSON."#)
        withKnownIssue("Foundation 6.3.1 leaves nested containers' keys out of coding paths") {
            expectSameEncoding(NaNInNestedList())
        }
    }

    /// A value whose encoding throws, caught by its parent: the key or element is left out, as
    /// in Foundation.
    @Test func aValueThatFailedIsLeftOut() {
        struct Failing: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                try container.encode(1)
                throw CancellationError()
            }
        }
        struct Parent: Encodable {
            enum CodingKeys: CodingKey { case kept, failed, nan }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(1, forKey: .kept)
                try? container.encode(Failing(), forKey: .failed)
                try? container.encode(Double.nan, forKey: .nan)
                var list = container.nestedUnkeyedContainer(forKey: .failed)
                try? list.encode(Failing())
                try? list.encode([Double.nan])
                try? list.encode(Float.infinity)
                try list.encode(list.count)
            }
        }
        expectSameEncoding(Parent())
    }

    @Test func errorsThrownByATypeReachTheCaller() {
        struct Failing: Encodable {
            func encode(to encoder: any Encoder) throws { throw CancellationError() }
        }
        #expect(throws: CancellationError.self) { try CourierJSONEncoder().encode(["a": [Failing()]]) }
    }

    // Where Foundation stops the program, this encoder throws: each misuse below is an error.

    @Test func aSecondValueThroughOneSingleValueContainerIsAnError() {
        struct Twice: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(1)
                try container.encode(2)
            }
        }
        #expect(
            encodingError { try CourierJSONEncoder().encode(["k": Twice()]) }
                == #"["k"] Attempt to encode value through single value container when previously value already encoded."#)
    }

    @Test func aKeyedContainerOverAValueAlreadyEncodedIsAnError() {
        struct Mixed: Encodable {
            let second: Int
            enum CodingKeys: CodingKey { case a }
            func encode(to encoder: any Encoder) throws {
                var single = encoder.singleValueContainer()
                try single.encode(1)
                if second == 0 {
                    _ = encoder.container(keyedBy: CodingKeys.self)
                } else {
                    _ = encoder.unkeyedContainer()
                }
            }
        }
        #expect(
            encodingError { try CourierJSONEncoder().encode([Mixed(second: 0)]) }
                == "[\"[0]\"] Attempt to push new keyed encoding container when already previously encoded at this path.")
        #expect(
            encodingError { try CourierJSONEncoder().encode([Mixed(second: 1)]) }
                == "[\"[0]\"] Attempt to push new unkeyed encoding container when already previously encoded at this path.")
    }

    @Test func aNestedContainerUnderAKeyHoldingAnotherValueIsAnError() {
        struct Clash: Encodable {
            enum CodingKeys: CodingKey { case a }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(1, forKey: .a)
                _ = container.nestedUnkeyedContainer(forKey: .a)
            }
        }
        #expect(
            encodingError { try CourierJSONEncoder().encode(Clash()) }
                == #"[] Attempt to re-encode into nested container for key "a": another value is already encoded for it."#)
    }

    @Test func decimalNaNIsAnErrorNotAnInvalidDocument() {
        #expect(
            encodingError { try CourierJSONEncoder().encode(["d": Decimal.nan]) }
                == #"["d"] Unable to encode Decimal.nan directly in JSON."#)
    }
}
