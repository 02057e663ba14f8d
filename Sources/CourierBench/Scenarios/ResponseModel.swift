import Courier
import Foundation

/// A type `load --decode <name>` decodes every response into, with the decoder it needs, so a
/// load run pays for decoding what the app decodes.
///
/// ```swift
/// BenchSuite(scenarios: …, models: [ResponseModel("issues", [Issue].self, decoder: .github)])
/// // appbench load --url https://staging.example.com/issues --decode issues
/// ```
public struct ResponseModel: Sendable, Equatable {
    /// The name `--decode` takes.
    public let name: String
    /// The decoder the client of a load run is given.
    public let decoder: JSONDecoder
    private let decodeBody: @Sendable (APIClient, Data) throws -> Void

    /// `type`, decoded with `decoder`, under `name`.
    public init<Value: Decodable & Sendable>(_ name: String, _ type: Value.Type, decoder: JSONDecoder = JSONDecoder()) {
        self.name = name
        self.decoder = decoder
        decodeBody = { client, body in _ = try client.decode(Value.self, from: body) }
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
