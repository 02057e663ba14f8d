#if COURIER_CURL
import CCurl

/// The libcurl handles a reactor runs on, created by the caller of
/// ``CurlTransport/init(configuration:)`` so that a failure can be thrown there.
///
/// The one unchecked `Sendable` in the target, and why: the handles are raw pointers, which are
/// never `Sendable`, yet they have to cross once from the creating thread to the reactor thread.
/// That is safe because the creator drops its copy at once and from then on only the reactor thread
/// touches them; libcurl requires exactly that (one thread at a time per multi handle).
struct ReactorResources: @unchecked Sendable {
    let multi: UnsafeMutableRawPointer
    /// The TLS session cache the reactor's easy handles share, so that a new connection to a server
    /// this reactor has spoken to resumes a session instead of a full handshake. Only the reactor
    /// thread uses it, so it needs none of libcurl's share locks.
    let share: UnsafeMutableRawPointer

    /// Creates both, or releases what was made and throws.
    static func make() throws(CurlTransportError) -> ReactorResources {
        CurlLibrary.initialize()
        guard let multi = curl_multi_init() else { throw CurlTransportError(call: "curl_multi_init", code: 0) }
        let share = curl_share_init()
        guard let share, courier_curl_share_setopt_long(share, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_SSL_SESSION.rawValue)) == CURLSHE_OK
        else {
            curl_share_cleanup(share)
            curl_multi_cleanup(multi)
            throw CurlTransportError(call: "curl_share_init", code: 0)
        }
        return ReactorResources(multi: multi, share: share)
    }

    /// Frees both, for a reactor whose loop never started.
    func release() {
        curl_multi_cleanup(multi)
        curl_share_cleanup(share)
    }
}

/// libcurl's process-wide setup, done once before the first handle.
enum CurlLibrary {
    // A static let runs its initializer exactly once, thread-safely, which curl_global_init needs.
    private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    static func initialize() {
        _ = initialized
    }
}
#endif
