#if COURIER_OPENSSL
/// How a ``HostileServer`` answers: over HTTP/1.1 correctly or by truncating, or over HTTP/2 with
/// one precise violation of RFC 9113 each, so that a client's test can name the fault it must survive.
///
/// The HTTP/1.1 cases read one request head (up to 16 KiB) per response; the HTTP/2 cases read the
/// client's preface and frames, take each HEADERS frame as a request without decoding it, and answer
/// with `:status 200`, `content-type: application/json`, `content-length: 11` and `{"ok":true}`
/// unless the case says otherwise. Every connection ends by itself: when the client closes, after
/// 30 s of silence, or where the case says.
public enum HostileBehaviour: Sendable, Equatable {
    /// HTTP/1.1 `200 OK` with `hello`, keeping the connection alive: the HTTP/1.1 control.
    case http1OK
    /// HTTP/1.1 `200 OK` with `Connection: close` and no length, `bodyBytes` bytes of body, then
    /// the end of the connection: with `closeNotify`, a TLS close_notify first (a complete
    /// close-delimited body); without it, only the TCP close, which a client must take as a
    /// truncation attack rather than the end of the body.
    case http1CloseDelimited(bodyBytes: Int, closeNotify: Bool)
    /// Answers every stream, advertising SETTINGS_MAX_CONCURRENT_STREAMS 100: the HTTP/2 control.
    case h2OK
    /// Like nginx's `keepalive_requests`: once the `requests`th stream's HEADERS has been read,
    /// GOAWAY(NO_ERROR) naming that stream as the last, answers the streams up to it, never answers
    /// those above it, and closes the connection about 100 ms after its last answer.
    case h2GoAwayAfter(requests: Int)
    /// Refuses with RST_STREAM(REFUSED_STREAM) each stream whose HEADERS arrives while
    /// `concurrentStreams` are already open, and answers the others. A batch is what arrives until the
    /// connection has been quiet for 2 ms, and open streams are answered only after their batch, so a
    /// burst of requests is concurrent for real. `advertised` sends the limit as
    /// SETTINGS_MAX_CONCURRENT_STREAMS; otherwise the server advertises 100 and refuses anyway.
    case h2RefuseBeyond(concurrentStreams: Int, advertised: Bool)
    /// HEADERS promising 1000 bytes, 100 bytes of DATA, then RST_STREAM with `code`.
    case h2ResetMidBody(HTTP2ErrorCode)
    /// A `:status` field with this raw value (such as "abc" or "99"), or none at all for nil.
    case h2Status(String?)
    /// A response field named `Content-Type`: HTTP/2 field names must be lower case.
    case h2UpperCaseFieldName
    /// A response field `connection: keep-alive`: HTTP/2 forbids connection-specific fields.
    case h2ConnectionSpecificField
    /// `content-length: 100` with 10 bytes of DATA and END_STREAM.
    case h2ContentLengthMismatch
    /// After the client's first HEADERS, two WINDOW_UPDATEs of 2^31-1 on the connection, which
    /// overflow its window; then the normal answer.
    case h2WindowUpdateOverflow
    /// PUSH_PROMISE of stream 2 on the request's stream although the client disabled push; then the
    /// normal answer.
    case h2PushPromise
    /// Never sends SETTINGS: the first frames of the connection are an answer's HEADERS and DATA.
    case h2NoSettings
    /// WINDOW_UPDATE with increment 0 on the request's stream, then the normal answer.
    case h2ZeroWindowUpdate
    /// A response header block of about `bytes` bytes (fields `x-filler-N` with 1 KiB values) in
    /// HEADERS and CONTINUATION frames of at most 16 KiB, then the normal body.
    case h2HugeHeaderList(bytes: Int)
    /// HEADERS without END_HEADERS, then 16 KiB CONTINUATION frames without end until the client
    /// closes, 64 MiB have gone out or 30 s have passed; then the connection closes.
    case h2EndlessContinuation

    /// Whether the case speaks HTTP/2, and so which protocol the server selects by ALPN.
    var isHTTP2: Bool {
        switch self {
        case .http1OK, .http1CloseDelimited: false
        default: true
        }
    }
}
#endif
