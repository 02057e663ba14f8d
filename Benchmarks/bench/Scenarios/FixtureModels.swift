import CourierBench
import CourierFixtures

/// The fixture shapes' models, for `bench load --decode <shape>`.
enum FixtureModels {
    static var all: [ResponseModel] {
        PayloadShape.allCases.map { shape in model(shape, shape.documentType) }
    }

    private static func model<Document: FixtureDocument>(_ shape: PayloadShape, _ type: Document.Type) -> ResponseModel {
        ResponseModel(shape.rawValue, Document.self, decoder: shape.makeDecoder(), courierDecoder: shape.makeCourierDecoder())
    }
}
