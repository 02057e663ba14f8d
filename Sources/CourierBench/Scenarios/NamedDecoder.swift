import Courier

/// A decoder a decode scenario measures alone beside the client, and the label its row carries:
/// `decode/issues (CourierJSONDecoder)`.
public struct NamedDecoder: Sendable {
    /// What the row's name says in parentheses.
    public let label: String
    /// The decoder, set up with the strategies the payload needs.
    public let decoder: any ResponseDecoder

    /// `decoder`, reported as `label`.
    public init(_ label: String, _ decoder: any ResponseDecoder) {
        self.label = label
        self.decoder = decoder
    }
}
