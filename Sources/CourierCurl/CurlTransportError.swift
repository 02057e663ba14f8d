#if COURIER_CURL
/// Why a ``CurlTransport`` could not be created: a system call or libcurl refused a resource.
public struct CurlTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The call that failed, such as `epoll_create1` or `curl_multi_init`.
    public let call: String
    /// Its `errno`, or 0 for libcurl calls, which report no reason.
    public let code: Int32

    /// An error for `call` failing with `code`.
    public init(call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    /// The call and its errno, such as `epoll_create1 failed (errno 24)`.
    public var description: String {
        "\(call) failed (errno \(code))"
    }
}
#endif
