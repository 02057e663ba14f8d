/// A value that changes how one policy treats one endpoint, such as ``RetryOverride`` or
/// ``AuthOverride``. Each policy reads only its own override type, so policies stay independent.
public protocol PolicyOverride: Sendable {}
