#if COURIER_CURL
import Courier

extension CurlConfiguration {
    /// Whom a ``CurlTransport`` trusts and who it is: the options every transport of Courier's
    /// that speaks TLS itself takes.
    public typealias TLSOptions = Courier.TLSOptions
}

/// The error of ``CurlConfiguration/TLSOptions`` that every transport now shares.
@available(*, deprecated, renamed: "TLSOptionsError")
public typealias CurlTLSError = TLSOptionsError
#endif
