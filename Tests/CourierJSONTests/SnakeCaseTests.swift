import CourierFixtures
import Foundation
import Testing

@testable import CourierJSON

/// `convertFromSnakeCase` and `convertToSnakeCase` convert exactly as Foundation does, for keys
/// Foundation shows converted.
struct SnakeCaseTests {
    /// What Foundation's decoder makes of `key`, read back through `allKeys`.
    private func foundationConversion(of key: String) throws -> String {
        struct OnlyKey: Decodable {
            let key: String
            init(from decoder: any Decoder) throws {
                key = try decoder.container(keyedBy: StringCodingKey.self).allKeys.first?.stringValue ?? ""
            }
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(OnlyKey.self, from: JSONEncoder().encode([key: 1])).key
    }

    @Test(arguments: [
        "a", "a_b", "_a_b_", "__", "_", "a__b", "ab_CD_eF", "FOO_BAR", "a-b_c d", "é_ü", "a_1b", "a_ß", "a_ǆx", "a_1_2",
        "x_'a", "x_a.b", "a_b1c_d", "ÉCOLE_été", "a_hello-world", "İ_x", "a_ŉ", "a_\u{301}b", "a_b_", "__a", "A_B",
        "a_ﬁx", "x_1st_place", "x_don't", "x_日本", "Σ_ΣΑΣ", "alreadyCamel", "with_123_numbers", "_private_thing__",
    ])
    func matchesFoundation(key: String) throws {
        #expect(SnakeCase.camelCase(key) == (try foundationConversion(of: key)))
    }

    @Test func randomKeysMatchFoundation() async throws {
        var random = SplitMix64(seed: 0x5AE)
        let pieces = ["_", "_", "a", "B", "cd", "EF", "1", "é", "ß", "-", " ", "x_y", "İ", "ǆ", "\u{301}", "日"]
        for round in 0..<200 {
            await yieldPeriodically(round, every: 4)
            let key = (0..<Int.random(in: 1...6, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            #expect(SnakeCase.camelCase(key) == (try foundationConversion(of: key)), "\(key)")
        }
    }

    /// The in-place comparison the decoder matches keys with either agrees with ``SnakeCase/camelCase(_:)``
    /// or leaves the key to it, for the conversion itself and for near misses of it.
    @Test(arguments: [
        "a", "a_b", "_a_b_", "__", "_", "", "a__b", "ab_CD_eF", "FOO_BAR", "a-b_c d", "é_ü", "a_1b", "a_ß", "int8_value", "x_1st_place",
        "user_id", "html_url", "author_association", "a_b_", "__a", "A_B", "alreadyCamel", "_private_thing__", "a_b1c_d", "v2_api",
    ])
    func comparesInPlaceAsItConverts(key: String) {
        let converted = SnakeCase.camelCase(key)
        var candidates = [converted, key, converted.lowercased(), converted.uppercased(), String(converted.dropLast()), converted + "x"]
        candidates.append(converted.replacingOccurrences(of: "_", with: ""))
        for wanted in candidates {
            var keyBytes = Array(key.utf8)
            var wantedBytes = Array(wanted.utf8)
            let matches = keyBytes.withUnsafeMutableBufferPointer { keyBuffer in
                wantedBytes.withUnsafeMutableBufferPointer {
                    SnakeCase.matches(UnsafeBufferPointer(keyBuffer), camelCase: UnsafeBufferPointer($0))
                }
            }
            if let matches { #expect(matches == (converted == wanted), "\(key) against \(wanted)") }
        }
    }

    /// The keys snake-case JSON is made of are decided in place, not left to the general conversion.
    @Test(arguments: ["user_id", "html_url", "_private_thing__", "int8_value", "FOO_BAR", "a__b", "plain", "é"])
    func decidesSnakeCaseKeysInPlace(key: String) {
        var keyBytes = Array(key.utf8)
        let wanted = SnakeCase.camelCase(key)
        var wantedBytes = Array(wanted.utf8)
        let matches = keyBytes.withUnsafeMutableBufferPointer { keyBuffer in
            wantedBytes.withUnsafeMutableBufferPointer {
                SnakeCase.matches(UnsafeBufferPointer(keyBuffer), camelCase: UnsafeBufferPointer($0))
            }
        }
        #expect(matches == true)
    }

    /// What Foundation's encoder makes of `key`, read back from the document it writes.
    private func foundationSnakeCase(of key: String) throws -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let json = try encoder.encode(OneKey(key: key))
        return try #require(try JSONDecoder().decode([String: Int].self, from: json).keys.first)
    }

    /// What this encoder makes of `key`, through the fast path for ASCII keys or the general one.
    private func courierSnakeCase(of key: String) throws -> String {
        let json = try CourierJSONEncoder(keyEncodingStrategy: .convertToSnakeCase).encode(OneKey(key: key))
        return try #require(try JSONDecoder().decode([String: Int].self, from: json).keys.first)
    }

    private struct OneKey: Encodable {
        let key: String
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: StringCodingKey.self)
            try container.encode(1, forKey: StringCodingKey(stringValue: key))
        }
    }

    @Test(arguments: [
        "", "a", "A", "myURLProperty", "URLProperty", "ABC", "aBC", "_a_", "__aB__", "a1B2", "oneTwoThree", "helloWORLDFoo", "a_B",
        "ABc", "AbCdEF", "already_snake", "x", "xY", "XY", "xYZw", "one Two", "aB\r\nC", "a\r\nBc", "ÉtéA", "ǅemal", "aǅb",
        "x\u{301}Y", "aÑb", "αΒγ", "İstanbulÖ", "a-B", "a.Bc", "Ⓐb", "aⒶb", "日本Go", "a😀B",
    ])
    func convertsToSnakeCaseAsFoundation(key: String) throws {
        #expect(try courierSnakeCase(of: key) == (try foundationSnakeCase(of: key)))
        #expect(SnakeCase.snakeCase(key) == (try foundationSnakeCase(of: key)))
    }

    @Test func randomKeysConvertToSnakeCaseAsFoundation() async throws {
        var random = SplitMix64(seed: 0x5AE2)
        let pieces = ["a", "B", "cd", "EF", "Gh", "IJk", "1", "_", "é", "É", "ß", "ǅ", "İ", "\u{301}", "日", " ", "-", "URL", "\r\n"]
        for round in 0..<300 {
            await yieldPeriodically(round, every: 4)
            let key = (0..<Int.random(in: 1...6, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            #expect(try courierSnakeCase(of: key) == (try foundationSnakeCase(of: key)), "\(key.debugDescription)")
        }
    }

    /// The probe that rules keys out before ``SnakeCase/matches(_:camelCase:)`` never rules out an
    /// ASCII key that converts to the name, whatever its underscores and case; it does rule out
    /// keys whose ends or length differ.
    @Test func probeNeverRulesOutAKeyThatConvertsToTheName() async {
        var random = SplitMix64(seed: 0x960BE)
        let pieces = ["_", "_", "a", "B", "cd", "EF", "1", "-", " ", "x_y", "URL", "id", "Z"]
        for round in 0..<2_000 {
            await yieldPeriodically(round, every: 50)
            let key = (0..<Int.random(in: 1...6, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            #expect(probe(SnakeCase.camelCase(key), mayMatch: key), "\(key)")
        }
        #expect(!probe("userId", mayMatch: "node_id"))
        #expect(!probe("createdAt", mayMatch: "created_as"))
        #expect(!probe("userId", mayMatch: "usr"))
        #expect(probe("", mayMatch: "a") && probe("a", mayMatch: ""))
    }

    private func probe(_ name: String, mayMatch key: String) -> Bool {
        Array(name.utf8).withUnsafeBufferPointer { wanted in
            Array(key.utf8).withUnsafeBufferPointer { SnakeCaseProbe(wanted).mayMatch($0) }
        }
    }
}
