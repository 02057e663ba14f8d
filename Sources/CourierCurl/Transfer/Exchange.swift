#if COURIER_CURL
import CCurl
import Courier
import CourierSystem
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One easy handle and the response it is collecting. Lives on the reactor thread only, and is
/// reused request after request: `curl_easy_reset` keeps the handle's buffers, and the multi
/// handle's connection cache (not the easy handle) is what keeps connections alive.
final class Exchange {
    /// libcurl's easy handle.
    let easy: UnsafeMutableRawPointer
    /// The request being sent, `nil` between requests.
    private(set) var submission: Submission?
    /// The origin the request counts against, for the per-host cap; set by the reactor when it
    /// counts by origin.
    var origin: Substring = ""
    /// The URL the handle was last given (`CURLOPT_URL`), which libcurl keeps from one request to the next.
    private var url = ""
    private var headers = HTTPHeaders()
    private var body = Data()
    /// The capacity reserved for `body`.
    private var reserved = 0
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// The host pins (`CURLOPT_RESOLVE`), which libcurl reads at every request and does not copy.
    private var resolveList: UnsafeMutablePointer<curl_slist>?
    /// Why the response was refused while it arrived (its framing, its size), if it was.
    private var rejection: (any Error)?
    /// Whether a status line came and the blank line that ends its head has not: what makes libcurl's
    /// "Out of memory" a header section too large.
    private var isReadingHead = false
    /// libcurl's words for the last failure, which say more than its code (`CURLOPT_ERRORBUFFER`).
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// The `errno` of the socket this request could not open, 0 if none failed. libcurl 7.88
    /// reports a failed `socket()` as a failed connect with `CURLINFO_OS_ERRNO` 0, which reads as
    /// the server's refusal; the open-socket callback keeps the real reason here.
    fileprivate var socketError: Int32 = 0
    /// Whether this request's new TLS connection resumed a cached session: read at its first status
    /// line, while the transfer still holds the connection (libcurl lets go of it before the end).
    private(set) var tlsSessionResumed: Bool?
    /// Whether the first status line has come, so that the session is looked at once per request.
    private var sawStatusLine = false
    /// The status code and HTTP version of the head being read (`HTTP/1.1 200`: 200 and true).
    private var headStatus = 0
    private var headIsHTTP1 = false
    /// The TLS connection of a response whose body ends where its connection closes, held so that
    /// its end can be told from a cut: complete only if the server sent its closure alert.
    private var closeDelimitedTLS: OpaquePointer?
    /// Whether that connection's closure alert has come, as seen while the transfer ran.
    fileprivate var peerSentCloseNotify = false
    /// The bytes of every response in flight on the transport, shared by all its exchanges;
    /// `reserved` is this one's share of it.
    private let budget: ResponseMemoryBudget?
    /// What ``setSharedOptions()`` sets, kept for a reset.
    private let configuration: CurlConfiguration
    private let share: UnsafeMutableRawPointer
    private let socketOwner: UnsafeMutableRawPointer
    /// Whether the handle is reset before its next request. libcurl counts the times it sent a
    /// request again on a fresh connection (a reused connection that died, a stream the server
    /// refused or left above its GOAWAY) per handle, not per request, and only `curl_easy_reset`
    /// clears the count. Left alone, the sixth such retry in a handle's life failed its request
    /// ("Connection died, tried 5 times before giving up"), however healthy the retry would have
    /// been: 30 of 400 requests through one HTTP/2 connection with a GOAWAY every 10. A reset and
    /// the options again cost about a tenth of an HTTP/2 request's instructions (Callgrind, one run
    /// each way against nginx), so only a transfer that libcurl sent more than once pays for it.
    private var needsReset = false
    /// How many times libcurl has sent this request: more than once when it retried it.
    fileprivate var attempts = 0

    /// A new easy handle with the options every request shares, or `nil` when libcurl cannot make
    /// one (out of memory) or refuses an option. `share` is the reactor's TLS session cache;
    /// `socketOwner` is the reactor loop that closes the handle's sockets.
    init?(
        configuration: CurlConfiguration, share: UnsafeMutableRawPointer, socketOwner: UnsafeMutableRawPointer,
        budget: ResponseMemoryBudget?
    ) {
        guard let easy = curl_easy_init() else { return nil }
        self.easy = easy
        self.budget = budget
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        self.configuration = configuration
        self.share = share
        self.socketOwner = socketOwner
        for pin in configuration.tls.resolvedHosts { resolveList = curl_slist_append(resolveList, pin) }
        guard setSharedOptions() == CURLE_OK else {
            curl_easy_cleanup(easy)
            curl_slist_free_all(resolveList)
            errorBuffer.deallocate()
            return nil
        }
    }

    /// Sets the options every request shares: once when the handle is made, and again after a
    /// reset. Returns the first option libcurl refused.
    private func setSharedOptions() -> CURLcode {
        let context = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        var options = OptionSetter(easy: easy)
        options.set(CURLOPT_NOSIGNAL, 1)
        options.set(CURLOPT_ERRORBUFFER, pointer: errorBuffer)
        options.set(CURLOPT_PRIVATE, pointer: context)
        options.set(CURLOPT_WRITEFUNCTION, function: receiveBody)
        options.set(CURLOPT_WRITEDATA, pointer: context)
        options.set(CURLOPT_HEADERFUNCTION, function: receiveHeader)
        options.set(CURLOPT_HEADERDATA, pointer: context)
        options.set(CURLOPT_CLOSESOCKETFUNCTION, closeSocket: onCloseSocket)
        options.set(CURLOPT_CLOSESOCKETDATA, pointer: socketOwner)
        options.set(CURLOPT_OPENSOCKETFUNCTION, openSocket: onOpenSocket)
        options.set(CURLOPT_OPENSOCKETDATA, pointer: context)
        // The progress callback is the one moment after a body's last read and before libcurl
        // closes its connection, which forgets whether the closure alert came (see `isCloseDelimited`).
        options.set(CURLOPT_NOPROGRESS, 0)
        options.set(progress: onProgress)
        options.set(CURLOPT_XFERINFODATA, pointer: context)
        options.set(prerequest: onPrerequest)
        options.set(CURLOPT_PREREQDATA, pointer: context)
        options.set(CURLOPT_HTTP_VERSION, configuration.httpVersion.curlValue)
        options.set(CURLOPT_SHARE, pointer: UnsafeRawPointer(share))
        if let timeout = configuration.connectTimeout { options.set(CURLOPT_CONNECTTIMEOUT_MS, timeout.curlMilliseconds) }
        if let timeout = configuration.timeout { options.set(CURLOPT_TIMEOUT_MS, timeout.curlMilliseconds) }
        // Redirects come back as they are: the transport follows them by Courier's rules
        // (`Redirects`), which libcurl's own following does not match for 303s and custom methods.
        options.set(CURLOPT_FOLLOWLOCATION, 0)
        if configuration.automaticDecompression { options.set(CURLOPT_ACCEPT_ENCODING, string: "") }
        if configuration.httpVersion != .http1_1 { options.set(CURLOPT_PIPEWAIT, 1) }
        let tls = configuration.tls
        options.set(CURLOPT_SSLVERSION, tls.minimumVersion.curlMinimum | (tls.maximumVersion?.curlMaximum ?? CURL_SSLVERSION_MAX_NONE))
        if let authorities = tls.certificateAuthorities {
            options.set(CURLOPT_CAINFO, string: authorities)
            // Without this libcurl still consults the system's directory, and the bundle would add
            // to the system store instead of replacing it.
            options.set(CURLOPT_CAPATH, pointer: nil)
        }
        if tls.allowsInsecureConnections {
            options.set(CURLOPT_SSL_VERIFYPEER, 0)
            options.set(CURLOPT_SSL_VERIFYHOST, 0)
        }
        if let identity = tls.clientCertificate {
            options.set(CURLOPT_SSLCERT, string: identity.certificate)
            options.set(CURLOPT_SSLKEY, string: identity.privateKey)
        }
        if let resolveList { options.set(CURLOPT_RESOLVE, pointer: UnsafeRawPointer(resolveList)) }
        return options.failure
    }

    /// Sets the handle up to send `submission`; returns the first option libcurl refused.
    /// `bareHeaders` is the header list for a request without fields of its own, shared so that
    /// such requests allocate none.
    ///
    /// Only what differs between requests is set: resetting the handle and setting everything again
    /// would cost a dozen option calls and libcurl's buffers on every request.
    func prepare(_ submission: Submission, bareHeaders: UnsafeMutablePointer<curl_slist>?) -> CURLcode {
        self.submission = submission
        errorBuffer[0] = 0
        if needsReset {
            needsReset = false
            curl_easy_reset(easy)
            url = ""
            let code = setSharedOptions()
            guard code == CURLE_OK else { return code }
        }
        let request = submission.request
        var options = OptionSetter(easy: easy)
        // libcurl copies the URL at every set; a handle sending the same URL again keeps its copy.
        if request.url != url {
            options.set(CURLOPT_URL, string: request.url)
            url = options.failure == CURLE_OK ? request.url : ""
        }
        // libcurl sends a request again, unasked, when a reused connection closes before any byte of
        // the answer; the server may have executed it already. A request that must not run twice goes
        // out on a connection of its own, which libcurl never retries (its connection stays in the
        // pool for the requests after it).
        options.set(CURLOPT_FRESH_CONNECT, request.isIdempotent ? 0 : 1)
        setMethodAndBody(request, &options)
        if request.headers.fields.isEmpty {
            options.set(CURLOPT_HTTPHEADER, pointer: UnsafeRawPointer(bareHeaders))
        } else {
            setHeaders(request.headers, &options)
        }
        return options.failure
    }

    /// Hands the outcome to the caller, exactly once, and forgets the request. The continuation
    /// only schedules the caller's task; no caller code runs on the reactor thread.
    ///
    /// Returns the submission instead, unanswered, when it should be sent again on another
    /// connection: an idempotent request, not yet retried, whose HTTP/2 stream ended without a byte
    /// of answer because its connection failed under it (`CURLE_HTTP2` with no words: a stream
    /// started as the server's GOAWAY arrived, which libcurl does not send again itself as it does
    /// those the GOAWAY names). RFC 9110 §9.2.2 lets a client repeat an idempotent request whose
    /// connection failed.
    func finish(_ code: CURLcode) -> Submission? {
        guard let submission else { return nil }
        needsReset = attempts > 1
        if code == CURLE_HTTP2, !sawStatusLine, errorBuffer[0] == 0, submission.request.isIdempotent, !submission.isRetry {
            var again = submission
            again.isRetry = true
            recycle()
            return again
        }
        if let rejection {
            submission.continuation.resume(throwing: rejection)
        } else if code == CURLE_OK {
            var status = 0
            courier_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
            if closeDelimitedTLS != nil, !peerSentCloseNotify {
                submission.continuation.resume(throwing: ResponseFramingError(.truncated))
            } else if status > 0 {
                submission.continuation.resume(returning: (HTTPResponse(statusCode: status, headers: headers), body))
            } else {
                submission.continuation.resume(throwing: URLError(.badServerResponse))
            }
        } else {
            // libcurl's own words for the failure, as URLSession on Linux also passes them on, and
            // the system's error beneath it, as Apple's URLSession does (NSUnderlyingErrorKey).
            let reason = errorBuffer[0] != 0 ? String(cString: errorBuffer) : String(cString: curl_easy_strerror(code))
            if let framing = ResponseFramingError(libcurlMessage: reason) {
                submission.continuation.resume(throwing: framing)
            } else if let reset = HTTP2StreamError(libcurlMessage: reason) ?? refusal(reason, code) {
                submission.continuation.resume(throwing: reset)
            } else if isReadingHead || !sawStatusLine, let tooLarge = ResponseTooLargeError(libcurlMessageBeforeHead: reason) {
                submission.continuation.resume(throwing: tooLarge)
            } else {
                var userInfo: [String: Any] = [NSLocalizedDescriptionKey: "\(reason) (CURLcode \(code.rawValue))"]
                if let cause = systemError() { userInfo[NSUnderlyingErrorKey] = cause }
                var urlCode = URLError.Code(curl: code)
                if code == CURLE_PEER_FAILED_VERIFICATION {
                    var result = 0
                    courier_curl_easy_getinfo_long(easy, CURLINFO_SSL_VERIFYRESULT, &result)
                    urlCode = URLError.Code(certificateVerifyResult: result)
                } else if code == CURLE_GOT_NOTHING, configuration.httpVersion != .http1_1 {
                    // Over HTTP/2 an empty reply is a connection that ended under its streams (the
                    // client's own teardown of a server breaking the protocol, most often): on a
                    // fresh connection libcurl says "Empty reply", on a reused one it tries again and
                    // says "Connection died". One cause, one code.
                    urlCode = .networkConnectionLost
                }
                submission.continuation.resume(throwing: URLError(urlCode, userInfo: userInfo))
            }
        }
        recycle()
        return nil
    }

    /// The refusal libcurl's words hide: over HTTP/2, "Connection died, tried 5 times before giving
    /// up" with `CURLE_RECV_ERROR` is a stream the server refused (`REFUSED_STREAM`, or above its
    /// GOAWAY) six times, each retried by libcurl on a fresh connection. (The same words with
    /// `CURLE_SEND_ERROR` are a connection that ended before any answer, each time: connection lost.)
    private func refusal(_ reason: String, _ code: CURLcode) -> HTTP2StreamError? {
        guard configuration.httpVersion != .http1_1, code == CURLE_RECV_ERROR, reason.hasPrefix("Connection died, tried") else {
            return nil
        }
        return HTTP2StreamError(code: HTTP2StreamError.refusedStream)
    }

    /// The system's error behind a failed transfer, in `NSPOSIXErrorDomain`, or `nil` if libcurl
    /// names none.
    private func systemError() -> NSError? {
        var code = Int(socketError)
        if code == 0 { courier_curl_easy_getinfo_long(easy, CURLINFO_OS_ERRNO, &code) }
        return code == 0
            ? nil
            : NSError(
                domain: NSPOSIXErrorDomain, code: code,
                userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(Int32(clamping: code)))])
    }

    /// Fails the request with `URLError(.cancelled)`, as URLSession does, and forgets it.
    func cancel() {
        submission?.continuation.resume(throwing: URLError(.cancelled))
        recycle()
    }

    /// Releases the easy handle. Called by the reactor when it tears down, never from `deinit`, so
    /// that no libcurl call can happen on whichever thread drops the last reference.
    func close() {
        recycle()
        curl_easy_cleanup(easy)
        curl_slist_free_all(resolveList)
        errorBuffer.deallocate()
    }

    private func recycle() {
        submission = nil
        socketError = 0
        origin = ""
        headers = HTTPHeaders()
        body = Data()
        budget?.release(reserved)
        reserved = 0
        if let closeDelimitedTLS { courier_ssl_release(closeDelimitedTLS) }
        closeDelimitedTLS = nil
        peerSentCloseNotify = false
        attempts = 0
        headStatus = 0
        headIsHTTP1 = false
        rejection = nil
        isReadingHead = false
        tlsSessionResumed = nil
        sawStatusLine = false
        curl_slist_free_all(headerList)
        headerList = nil
    }

    private func setMethodAndBody(_ request: HTTPRequest, _ options: inout OptionSetter) {
        // Back to a plain GET first: the handle remembers the last request's method. GET, HEAD and POST
        // then use libcurl's own modes, any other method CUSTOMREQUEST.
        options.set(CURLOPT_CUSTOMREQUEST, pointer: nil)
        options.set(CURLOPT_HTTPGET, 1)
        switch (request.method, request.body) {
        case ("GET", nil): break
        case ("HEAD", nil): options.set(CURLOPT_NOBODY, 1)
        case ("POST", _): options.set(CURLOPT_POST, 1)
        default: options.set(CURLOPT_CUSTOMREQUEST, string: request.method)
        }
        let body = request.body ?? Data()
        guard request.body != nil || request.method == "POST" else { return }
        options.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: curl_off_t(body.count))
        // COPYPOSTFIELDS copies the bytes, so the Data need not outlive this call.
        if body.isEmpty {
            options.set(CURLOPT_COPYPOSTFIELDS, string: "")
        } else {
            body.withUnsafeBytes { options.set(CURLOPT_COPYPOSTFIELDS, pointer: $0.baseAddress) }
        }
    }

    private func setHeaders(_ fields: HTTPHeaders, _ options: inout OptionSetter) {
        var list: UnsafeMutablePointer<curl_slist>?
        for field in fields {
            // "Name:" would remove a header libcurl adds; "Name;" is libcurl's spelling of an empty value.
            let line = field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)"
            list = curl_slist_append(list, line)
        }
        if !fields.contains("Expect") { list = curl_slist_append(list, Exchange.noExpectation) }
        headerList = list
        options.set(CURLOPT_HTTPHEADER, pointer: UnsafeRawPointer(list))
    }

    /// The header line that stops libcurl sending `Expect: 100-continue` for larger bodies and then
    /// waiting up to a second for a 100 that many servers never send; URLSession does not ask.
    static let noExpectation = "Expect:"

    /// Room for this many response header fields is made at the status line, in one allocation;
    /// nginx sends 5 to a plain GET, APIs behind a CDN or a gateway a dozen or more.
    static let expectedFieldCount = 16

    /// Takes body bytes (decompressed, when the response was compressed); `false` once they pass
    /// the request's maximum, which ends the transfer before another byte is kept.
    fileprivate func append(body bytes: UnsafeRawBufferPointer) -> Bool {
        let limit = submission?.request.maximumResponseBodySize ?? Int.max
        guard bytes.count <= limit - body.count else {
            rejection = ResponseTooLargeError(.body(limit: limit))
            return false
        }
        // Grown by doubling, but never past the limit: doubling alone would take a body just short
        // of the limit to twice its size, the old buffer still held while the new one fills.
        if body.count + bytes.count > reserved {
            let grown = min(limit, 2 * (body.count + bytes.count))
            if let budget {
                guard budget.reserve(grown - reserved) else {
                    rejection = ResponseTooLargeError(.budget(limit: budget.limit))
                    return false
                }
            }
            reserved = grown
            body.reserveCapacity(reserved)
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// Takes one header line; `false` when the head it ends must be refused. A status line starts a
    /// new header block: after a redirect or a `100 Continue` only the final response's fields are
    /// kept. The blank line that ends a block is where its framing is checked, before any of its body.
    fileprivate func append(headerLine line: UnsafeRawBufferPointer) -> Bool {
        if Self.isStatusLine(line) {
            headers = HTTPHeaders()
            headers.reserveCapacity(Self.expectedFieldCount)
            isReadingHead = true
            (headIsHTTP1, headStatus) = Self.versionAndStatus(line)
            if !sawStatusLine {
                sawStatusLine = true
                noteSessionResumption()
            }
            return true
        }
        if line.allSatisfy({ $0 == 0x0D || $0 == 0x0A }) {
            isReadingHead = false
            rejection = refusal(of: headers)
            if rejection == nil, closeDelimitedTLS == nil, isCloseDelimited {
                closeDelimitedTLS = courier_curl_retain_tls_handle(easy)
            }
            return rejection == nil
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return true }
        // The value without the blanks around it, found by index: this runs for every field of
        // every response, and slices searched through closures cost more.
        var start = colon + 1
        var end = line.count
        while start < end, Self.isBlank(line[start]) { start += 1 }
        while end > start, Self.isBlank(line[end - 1]) { end -= 1 }
        headers.add(
            name: String(decoding: UnsafeRawBufferPointer(rebasing: line[..<colon]), as: UTF8.self),
            value: String(decoding: UnsafeRawBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
        )
        return true
    }

    /// Whether `line` is a status line (`HTTP/1.1 200 OK`, `HTTP/2 200`): its first four bytes in
    /// one comparison, where `starts(with: "HTTP/".utf8)` walks a string's view byte by byte.
    private static func isStatusLine(_ line: UnsafeRawBufferPointer) -> Bool {
        line.count >= 5 && line.loadUnaligned(as: UInt32.self) == UInt32(littleEndian: 0x5054_5448) && line[4] == UInt8(ascii: "/")
    }

    /// Keeps, once seen, that the held connection's peer sent its closure alert: the flag is read
    /// while the transfer runs, since libcurl clears it when it closes the connection.
    fileprivate func notePeerClosure() {
        guard let closeDelimitedTLS, !peerSentCloseNotify else { return }
        peerSentCloseNotify = courier_ssl_received_close_notify(closeDelimitedTLS) != 0
    }

    /// Whether a status line is HTTP/1's (`HTTP/1.1 200 OK`, not `HTTP/2 200`), and its code.
    private static func versionAndStatus(_ line: UnsafeRawBufferPointer) -> (isHTTP1: Bool, status: Int) {
        let isHTTP1 = line.count > 6 && line[5] == UInt8(ascii: "1") && line[6] == UInt8(ascii: ".")
        guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { return (isHTTP1, 0) }
        var status = 0
        var index = space + 1
        while index < line.count, index < space + 4, (0x30...0x39).contains(line[index]) {
            status = status * 10 + Int(line[index] - 0x30)
            index += 1
        }
        return (isHTTP1, status)
    }

    /// Whether the response whose head just ended is HTTP/1 with a body that only the closing of
    /// its connection ends (RFC 9112 §6.3): no length, no chunked coding last, a status and a method
    /// that have a body.
    private var isCloseDelimited: Bool {
        guard headIsHTTP1, headStatus >= 200, headStatus != 204, headStatus != 304, submission?.request.method != "HEAD" else {
            return false
        }
        guard !headers.contains("Content-Length") else { return false }
        let lastCoding = headers.values(for: "Transfer-Encoding").last?.split(separator: ",").last
        let chunked = lastCoding?.trimmingCharacters(in: .whitespaces).lowercased() == "chunked"
        return !chunked
    }

    /// Space, tab, CR or LF: what surrounds a field's value on its line.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }

    /// Keeps whether the connection this request opened resumed a TLS session; a reused connection's
    /// handshake belongs to the request that opened it.
    private func noteSessionResumption() {
        var connects = 0
        courier_curl_easy_getinfo_long(easy, CURLINFO_NUM_CONNECTS, &connects)
        guard connects > 0 else { return }
        switch courier_curl_tls_session_reused(easy) {
        case 1: tlsSessionResumed = true
        case 0: tlsSessionResumed = false
        default: tlsSessionResumed = nil
        }
    }

    /// Why a response with these header fields must be refused before its body: framing that
    /// contradicts itself. (Its size is judged by the bytes that come, not by what the head announces,
    /// which a `HEAD` or a `304` announces without sending.)
    private func refusal(of headers: HTTPHeaders) -> (any Error)? {
        do {
            try ResponseFramingError.check(headers)
            return nil
        } catch {
            return error
        }
    }
}

private let receiveBody: curl_write_callback = { buffer, size, count, context in
    deliver(buffer, size * count, to: context) { $0.append(body: $1) }
}

private let receiveHeader: curl_write_callback = { buffer, size, count, context in
    deliver(buffer, size * count, to: context) { $0.append(headerLine: $1) }
}

/// Hands libcurl's bytes to the exchange its callback data points at; returns the count taken,
/// which libcurl reads as "carry on", or 0 when the exchange refuses them, which aborts the transfer
/// and closes its connection.
private func deliver(
    _ buffer: UnsafeMutablePointer<CChar>?,
    _ length: Int,
    to context: UnsafeMutableRawPointer?,
    _ sink: (Exchange, UnsafeRawBufferPointer) -> Bool
) -> Int {
    guard let context else { return 0 }
    return sink(Unmanaged<Exchange>.fromOpaque(context).takeUnretainedValue(), UnsafeRawBufferPointer(start: buffer, count: length))
        ? length : 0
}

/// Counts the times libcurl sends the request, once a connection is ready for it; returns
/// `CURL_PREREQFUNC_OK`, "send it".
private let onPrerequest: curl_prereq_callback = { context, _, _, _, _ in
    guard let context else { return 0 }
    Unmanaged<Exchange>.fromOpaque(context).takeUnretainedValue().attempts += 1
    return 0
}

/// Notes, for a response whose end is its connection's close over TLS, whether the server's
/// closure alert has come; returns 0, "carry on".
private let onProgress: curl_xferinfo_callback = { context, _, _, _, _ in
    guard let context else { return 0 }
    let exchange = Unmanaged<Exchange>.fromOpaque(context).takeUnretainedValue()
    exchange.notePeerClosure()
    return 0
}

/// Opens libcurl's sockets through ``Posix/openSocket(family:type:protocol:)``, which keeps a
/// reserve of descriptors for the rest of the process, and records why one could not be opened.
private let onOpenSocket: curl_opensocket_callback = { context, _, address in
    guard let context, let address else { return CURL_SOCKET_BAD }
    if let descriptor = Posix.openSocket(family: address.pointee.family, type: address.pointee.socktype, protocol: address.pointee.protocol)
    {
        return descriptor
    }
    Unmanaged<Exchange>.fromOpaque(context).takeUnretainedValue().socketError = Posix.lastError
    return CURL_SOCKET_BAD
}

extension TLSVersion {
    /// libcurl's `CURL_SSLVERSION_TLSv1_*` for this version as the lowest allowed.
    var curlMinimum: Int {
        switch self {
        case .v1_0: CURL_SSLVERSION_TLSv1_0
        case .v1_1: CURL_SSLVERSION_TLSv1_1
        case .v1_2: CURL_SSLVERSION_TLSv1_2
        case .v1_3: CURL_SSLVERSION_TLSv1_3
        }
    }

    /// libcurl's `CURL_SSLVERSION_MAX_TLSv1_*` for this version as the highest allowed.
    var curlMaximum: Int {
        switch self {
        case .v1_0: CURL_SSLVERSION_MAX_TLSv1_0
        case .v1_1: CURL_SSLVERSION_MAX_TLSv1_1
        case .v1_2: CURL_SSLVERSION_MAX_TLSv1_2
        case .v1_3: CURL_SSLVERSION_MAX_TLSv1_3
        }
    }
}

extension CurlConfiguration.HTTPVersion {
    /// libcurl's `CURL_HTTP_VERSION_*` value.
    var curlValue: Int {
        switch self {
        case .http1_1: CURL_HTTP_VERSION_1_1
        case .http2: CURL_HTTP_VERSION_2TLS
        case .http2PriorKnowledge: CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE
        }
    }
}
#endif
