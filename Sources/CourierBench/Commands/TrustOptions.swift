import Courier

/// Whom `load`, `capacity` and `capture` trust over TLS and who they are: a CA bundle, insecure TLS, a client
/// certificate, host names pinned to addresses, the TLS versions allowed. The curl transport honours
/// all of them; URLSession here none, and refuses them as a usage error.
enum TrustOptions {
    static let certificateAuthorities = OptionDeclaration(
        "cacert", value: OptionValue<String>.file, valueName: "<file>",
        help:
            "A PEM file of the certificate authorities to trust, such as a private CA's: it replaces the system store, not adds to it. curl and engine only."
    )
    static let insecure = OptionDeclaration(
        flag: "insecure",
        help:
            "Sends without checking the server's certificate or its name. Never a default: printed under the summary and recorded in every report. curl and engine only."
    )
    static let certificate = OptionDeclaration(
        "cert", value: OptionValue<String>.file, valueName: "<file>",
        help:
            "A PEM client certificate, presented when the server asks (mutual TLS); its key in --key, or in the same file. curl and engine only."
    )
    static let privateKey = OptionDeclaration(
        "key", value: OptionValue<String>.file, valueName: "<file>", help: "The PEM private key of --cert. curl and engine only."
    )
    static let resolve = OptionDeclaration(
        repeating: "resolve", value: OptionValue<String>.text(), valueName: "<host:port:address>",
        help:
            "Sends requests for host:port to the address instead of looking it up, keeping the name for SNI and the certificate check, as curl's --resolve; repeat for more. curl and engine only."
    )

    static let minimumTLSVersion = OptionDeclaration(
        "tls-min", value: OptionValue<TLSVersion>.choice, default: .minimumDefault, valueName: "<version>",
        help:
            "The lowest TLS version negotiated: 1.0, 1.1, 1.2 or 1.3. Below 1.2 (which RFC 8996 forbids) only to test an old server: printed under the summary and recorded in every report. curl and engine only."
    )
    static let maximumTLSVersion = OptionDeclaration(
        "tls-max", value: OptionValue<TLSVersion>.choice, valueName: "<version>",
        help: "The highest TLS version negotiated: 1.0, 1.1, 1.2 or 1.3. curl and engine only.",
        defaultDescription: "the highest OpenSSL has, 1.3"
    )

    /// The options, for a command's declaration.
    static let options: [any CommandLineOption] = [
        certificateAuthorities, insecure, certificate, privateKey, resolve, minimumTLSVersion, maximumTLSVersion,
    ]

    /// The settings `parsed` gives; a usage error for a key without its certificate.
    static func parse(_ parsed: ParsedCommandLine) throws(UsageError) -> TrustSettings {
        var trust = TrustSettings()
        trust.certificateAuthorities = try parsed.value(of: certificateAuthorities)
        trust.allowsInsecureConnections = try parsed.value(of: insecure)
        trust.clientCertificate = try parsed.value(of: certificate)
        trust.privateKey = try parsed.value(of: privateKey)
        trust.resolvedHosts = try parsed.value(of: resolve)
        trust.minimumTLSVersion = try parsed.value(of: minimumTLSVersion)
        trust.maximumTLSVersion = try parsed.value(of: maximumTLSVersion)
        if let maximum = trust.maximumTLSVersion, maximum < trust.minimumTLSVersion {
            throw UsageError(
                message: "'--tls-max \(maximum.rawValue)' is below '--tls-min \(trust.minimumTLSVersion.rawValue)': no TLS version is left",
                usage: parsed.usage)
        }
        if trust.privateKey != nil, trust.clientCertificate == nil {
            throw UsageError(message: "'--key' needs '--cert <file>' (the certificate the key belongs to)", usage: parsed.usage)
        }
        return trust
    }
}
