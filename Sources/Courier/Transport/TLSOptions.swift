import Foundation

/// Whom a transport trusts and who it is over TLS: the certificate authorities that may sign a
/// server's certificate, a client certificate for mutual TLS, and host names pinned to
/// addresses.
public struct TLSOptions: Sendable, Hashable {
    /// A PEM file of the certificate authorities to trust, or `nil` for the system's. It
    /// replaces the system store, not adds to it: a private CA's file trusts that CA alone.
    public var certificateAuthorities: String?
    /// Whether to skip checking the server's certificate and its name. Never the default; for
    /// a test server whose certificate cannot be had, and said so in every report.
    public var allowsInsecureConnections: Bool
    /// A PEM certificate and its PEM private key, presented when the server asks (mutual TLS).
    public var clientCertificate: ClientCertificate?
    /// Host names pinned to addresses, each `host:port:address` as curl's `--resolve` takes them:
    /// a request to `https://api.example.com:443` goes to the address, with the name still used
    /// for SNI and checked against the certificate.
    public var resolvedHosts: [String]
    /// The lowest TLS version negotiated: 1.2 unless told otherwise, since RFC 8996 forbids 1.0
    /// and 1.1. A server that offers only a lower version fails the handshake with a
    /// protocol-version alert.
    public var minimumVersion: TLSVersion
    /// The highest TLS version negotiated, or `nil` for the highest OpenSSL has (1.3).
    public var maximumVersion: TLSVersion?

    /// A client certificate's files.
    public struct ClientCertificate: Sendable, Hashable {
        /// The PEM certificate.
        public var certificate: String
        /// Its PEM private key, which may be the same file.
        public var privateKey: String

        /// The certificate in `certificate`, its key in `privateKey`.
        public init(certificate: String, privateKey: String) {
            self.certificate = certificate
            self.privateKey = privateKey
        }
    }

    /// Options with these settings; by default the system's trust and no pins.
    public init(
        certificateAuthorities: String? = nil, allowsInsecureConnections: Bool = false,
        clientCertificate: ClientCertificate? = nil, resolvedHosts: [String] = [],
        minimumVersion: TLSVersion = .minimumDefault, maximumVersion: TLSVersion? = nil
    ) {
        self.certificateAuthorities = certificateAuthorities
        self.minimumVersion = minimumVersion
        self.maximumVersion = maximumVersion
        self.allowsInsecureConnections = allowsInsecureConnections
        self.resolvedHosts = resolvedHosts
        self.clientCertificate = clientCertificate
    }

    /// Checks what a transport would otherwise find out at its first request: every file readable,
    /// every pin well formed, a version range that is not empty.
    public func validate() throws(TLSOptionsError) {
        if let maximumVersion, maximumVersion < minimumVersion {
            throw .emptyVersionRange(minimum: minimumVersion, maximum: maximumVersion)
        }
        var files = certificateAuthorities.map { [("CA bundle", $0)] } ?? []
        if let identity = clientCertificate {
            files += [("client certificate", identity.certificate), ("private key", identity.privateKey)]
        }
        for (role, path) in files where !FileManager.default.isReadableFile(atPath: path) {
            throw .unreadableFile(role: role, path: path)
        }
        for pin in resolvedHosts { try Self.checkPin(pin) }
    }

    /// A pin `host:port:address` with a port from 1 to 65535 and an IPv4 or IPv6 address (in
    /// brackets or not), or the error saying what is wrong.
    private static func checkPin(_ pin: String) throws(TLSOptionsError) {
        let parts = pin.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, let port = Int(parts[1]), (1...65535).contains(port) else {
            throw .invalidPin(pin)
        }
        var address = String(parts[2])
        if address.hasPrefix("["), address.hasSuffix("]") { address = String(address.dropFirst().dropLast()) }
        var buffer = in6_addr()
        guard inet_pton(AF_INET, address, &buffer) == 1 || inet_pton(AF_INET6, address, &buffer) == 1 else {
            throw .invalidPin(pin)
        }
    }
}

/// Why a transport refused its ``TLSOptions``, before any request.
public enum TLSOptionsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A file the options name cannot be read.
    case unreadableFile(role: String, path: String)
    /// A pin is not `host:port:address` with a port from 1 to 65535 and an IP address.
    case invalidPin(String)
    /// The highest version allowed is below the lowest.
    case emptyVersionRange(minimum: TLSVersion, maximum: TLSVersion)

    /// What is wrong, naming the file or the pin; never a file's contents.
    public var description: String {
        switch self {
        case .unreadableFile(let role, let path): "cannot read the \(role) '\(path)'"
        case .invalidPin(let pin): "invalid host pin '\(pin)' (expected host:port:address, such as api.example.com:443:127.0.0.1)"
        case .emptyVersionRange(let minimum, let maximum):
            "no TLS version is both at least \(minimum.rawValue) and at most \(maximum.rawValue)"
        }
    }
}
