import CourierJSON
import Foundation
import Testing

/// The decoder hands a keyed container nobody holds any more to the next object of the same key
/// type: one that a type keeps, or that is still in use, is never handed out again.
struct ContainerReuseTests {
    enum Keys: String, CodingKey { case id, name }

    /// Keeps its container, and reads it again after the whole document is decoded.
    final class Keeper: Decodable {
        let container: KeyedDecodingContainer<Keys>
        let id: Int

        init(from decoder: any Decoder) throws {
            container = try decoder.container(keyedBy: Keys.self)
            id = try container.decode(Int.self, forKey: .id)
        }

        func readAgain() throws -> (Int, String) {
            (try container.decode(Int.self, forKey: .id), try container.decode(String.self, forKey: .name))
        }
    }

    @Test func aKeptContainerStillReadsItsOwnObject() throws {
        let json = #"[{"id": 1, "name": "a"}, {"name": "b", "id": 2}, {"id": 3, "name": "c"}]"#
        let keepers = try CourierJSONDecoder().decode([Keeper].self, from: Data(json.utf8))
        #expect(keepers.map(\.id) == [1, 2, 3])
        let again = try keepers.map { try $0.readAgain() }
        #expect(again.map(\.0) == [1, 2, 3])
        #expect(again.map(\.1) == ["a", "b", "c"])
    }

    /// Two containers of one key type over one object, both in use, and children of another key
    /// type read, and handed containers, while the parent's are held: each container reads its own
    /// object. (A kept container of another object is `aKeptContainerStillReadsItsOwnObject`'s.)
    struct Twice: Decodable, Equatable {
        let values: [Int]
        let children: [Int]

        struct Child: Decodable {
            let id: Int
        }

        enum ParentKeys: String, CodingKey { case id, name, children }

        init(from decoder: any Decoder) throws {
            let first = try decoder.container(keyedBy: ParentKeys.self)
            let second = try decoder.container(keyedBy: ParentKeys.self)
            let id = try first.decode(Int.self, forKey: .id)
            children = try second.decode([Child].self, forKey: .children).map(\.id)
            values = [id, try second.decode(Int.self, forKey: .id), try first.decode(Int.self, forKey: .id)]
        }
    }

    @Test func containersOfOneObjectAndItsChildrenKeepApart() throws {
        let json = #"[{"id": 1, "children": [{"id": 10}, {"id": 11}]}, {"children": [], "id": 2}, {"id": 3, "children": [{"id": 30}]}]"#
        let decoded = try CourierJSONDecoder().decode([Twice].self, from: Data(json.utf8))
        #expect(decoded.map(\.values) == [[1, 1, 1], [2, 2, 2], [3, 3, 3]])
        #expect(decoded.map(\.children) == [[10, 11], [], [30]])
        expectParity(json, as: [Twice].self)
    }

    /// Keeps the decoder itself, which is the decode call's state.
    final class DecoderKeeper: Decodable {
        let decoder: any Decoder
        let id: Int

        init(from decoder: any Decoder) throws {
            self.decoder = decoder
            id = try decoder.container(keyedBy: Keys.self).decode(Int.self, forKey: .id)
        }
    }

    /// The containers the decoder keeps refer back to it: once the call returns they are let go,
    /// so a decoder nobody holds any more is freed.
    @Test func theDecoderIsFreedOnceNobodyHoldsIt() throws {
        let json = #"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]"#
        weak var state: AnyObject?
        do {
            let keepers = try CourierJSONDecoder().decode([DecoderKeeper].self, from: Data(json.utf8))
            state = keepers[0].decoder as AnyObject
            #expect(state != nil)
            #expect(keepers.map(\.id) == [1, 2])
        }
        #expect(state == nil)
    }
}
