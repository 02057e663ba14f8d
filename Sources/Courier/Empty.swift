/// The response of an endpoint whose body does not matter (a `204 No Content`, say).
///
/// The client does not decode it: any body, including none, yields `Empty()` once the status is a
/// success.
public struct Empty: Decodable, Sendable, Hashable {
    /// The one value.
    public init() {}
}
