import Courier
import CourierJSON
import Foundation

/// A type `load --decode <name>` decodes every response into, with the decoders it needs, so a
/// load run pays for decoding what the app decodes.
///
/// ```swift
/// BenchSuite(scenarios: …, models: [ResponseModel("issues", [Issue].self, decoder: .github, courierDecoder: .github)])
/// // appbench load --url https://staging.example.com/issues --decode issues [--decoder courier]
/// ```
public struct ResponseModel: Sendable, Equatable {
    /// The name `--decode` takes.
    public let name: String
    /// What `--decoder foundation` (the default) decodes with.
    public let decoder: JSONDecoder
    /// What `--decoder courier` decodes with.
    public let courierDecoder: CourierJSONDecoder
    private let decodeBody: @Sendable (APIClient, Data) throws -> Void

    /// `type` under `name`, decoded with `decoder`, or with `courierDecoder` when a load run asks for
    /// `CourierJSONDecoder`; give both the strategies your API needs.
    public init<Value: Decodable & Sendable>(
        _ name: String,
        _ type: Value.Type,
        decoder: JSONDecoder = JSONDecoder(),
        courierDecoder: CourierJSONDecoder = CourierJSONDecoder()
    ) {
        self.name = name
        self.decoder = decoder
        self.courierDecoder = courierDecoder
        decodeBody = { client, body in _ = try client.decode(Value.self, from: body) }
    }

    /// The decoder `choice` names.
    func decoder(_ choice: DecoderChoice) -> any ResponseDecoder {
        switch choice {
        case .foundation: decoder
        case .courier: courierDecoder
        }
    }

    /// Decodes `body` the way `client.send` does after a successful response.
    func decode(_ body: Data, with client: APIClient) throws {
        try decodeBody(client, body)
    }

    /// Models are told apart by name.
    public static func == (lhs: ResponseModel, rhs: ResponseModel) -> Bool {
        lhs.name == rhs.name
    }
}
