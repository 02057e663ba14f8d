import CourierFixtures
import CourierJSON
import Foundation
import Testing

/// The bench's payloads decode into exactly the documents they were generated from.
struct FixtureDecodingTests {
    @Test(arguments: PayloadShape.allCases)
    func everyShapeDecodesToItsDocument(shape: PayloadShape) throws {
        let payload = Payload.make(shape)
        let decoder = CourierJSONDecoder(dateDecodingStrategy: shape == .iso8601Dates ? .iso8601 : .deferredToDate)
        let count = try shape.accept(ExpectDocument(decoder: decoder, data: payload.json, expected: shape.makeDocument()))
        #expect(count == payload.objectCount)
    }
}

/// Decodes a payload into its shape's model and compares it with the generated document.
private struct ExpectDocument: PayloadVisitor {
    let decoder: CourierJSONDecoder
    let data: Data
    let expected: any FixtureDocument

    func visit<Document: FixtureDocument>(_ type: Document.Type) throws -> Int {
        let document = try decoder.decode(Document.self, from: data)
        #expect(document == expected as? Document)
        return document.objectCount
    }
}
