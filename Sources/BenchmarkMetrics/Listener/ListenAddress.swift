import CourierSystem

/// Where `--metrics-listen` listens: an IPv4 address (127.0.0.1 unless given) and a port.
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    /// The address as given, such as `0.0.0.0`.
    public let host: String
    /// The port; 0 lets the system pick one.
    public let port: UInt16
    /// The address in network byte order.
    let address: UInt32

    /// `[ADDR:]PORT`, such as `9464` or `0.0.0.0:9464`, or `nil` when it is not that.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let last = parts.last, last.allSatisfy(\.isASCII), let port = UInt16(last) else { return nil }
        let host = parts.count == 2 ? String(parts[0]) : "127.0.0.1"
        guard let address = Posix.ipv4Address(host) else { return nil }
        self.host = host
        self.port = port
        self.address = address
    }

    /// `host:port`.
    public var description: String {
        "\(host):\(port)"
    }
}
