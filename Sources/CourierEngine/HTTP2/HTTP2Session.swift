#if COURIER_HTTP2
import CNGHTTP2
import Courier
import CourierSystem
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The nghttp2 client session of an ``HTTP2Connection``, and nghttp2's callbacks into it: what
/// the server's frames mean for the connection's streams.
///
/// The callbacks run inside `nghttp2_session_mem_recv` and `_mem_send`, on the loop's thread.
/// They answer callers and hand requests back to the loop, but never end the session: that waits
/// until nghttp2 has returned.
enum HTTP2Session {
    /// The client's window for each stream and for the connection: h2load's default, 2^30 - 1,
    /// so that the server is rarely held up and WINDOW_UPDATE frames are few.
    static let window: Int32 = (1 << 30) - 1
    /// The most CONTINUATION frames one header block may take: nghttp2 1.61's own limit, which
    /// bounds the work of a server that never ends a block (CVE-2024-27316's attack).
    static let maximumContinuations = 8

    /// A session for `connection`: push disabled, wide windows, its header-list limit advertised;
    /// `nil` when nghttp2 cannot allocate one.
    static func make(for connection: HTTP2Connection, memory: HTTP2Memory, maximumHeaderListBytes: Int) -> OpaquePointer? {
        var callbacks: OpaquePointer?
        guard nghttp2_session_callbacks_new(&callbacks) == 0, let callbacks else { return nil }
        defer { nghttp2_session_callbacks_del(callbacks) }
        install(callbacks)
        var option: OpaquePointer?
        guard nghttp2_option_new(&option) == 0, let option else { return nil }
        defer { nghttp2_option_del(option) }
        // Ours is counted first, in the begin-frame callback, so that the stream it concerns fails
        // as too large rather than the connection as broken.
        nghttp2_option_set_max_continuations(option, maximumContinuations * 2)
        var session: OpaquePointer?
        var allocator = memory.allocator
        guard nghttp2_session_client_new3(&session, callbacks, Unmanaged.passUnretained(connection).toOpaque(), option, &allocator) == 0,
            let session
        else { return nil }
        let settings = [
            nghttp2_settings_entry(settings_id: Int32(NGHTTP2_SETTINGS_ENABLE_PUSH.rawValue), value: 0),
            nghttp2_settings_entry(settings_id: Int32(NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE.rawValue), value: UInt32(window)),
            nghttp2_settings_entry(
                settings_id: Int32(NGHTTP2_SETTINGS_MAX_HEADER_LIST_SIZE.rawValue), value: UInt32(clamping: maximumHeaderListBytes)),
        ]
        let firstStreamID = connection.loop.configuration.firstStreamID
        guard nghttp2_submit_settings(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), settings, settings.count) == 0,
            nghttp2_session_set_local_window_size(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), 0, window) == 0,
            firstStreamID == 1 || nghttp2_session_set_next_stream_id(session, firstStreamID) == 0
        else {
            nghttp2_session_del(session)
            return nil
        }
        return session
    }

    private static func connection(_ user: UnsafeMutableRawPointer?) -> HTTP2Connection? {
        user.map { Unmanaged<HTTP2Connection>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let failure = NGHTTP2_ERR_CALLBACK_FAILURE.rawValue
    private static let resetStream = NGHTTP2_ERR_TEMPORAL_CALLBACK_FAILURE.rawValue

    private static func install(_ callbacks: OpaquePointer) {
        nghttp2_session_callbacks_set_on_begin_frame_callback(callbacks) { _, header, user in
            guard let header = header?.pointee, let connection = HTTP2Session.connection(user) else { return 0 }
            guard header.type == UInt8(NGHTTP2_CONTINUATION.rawValue), let stream = connection.stream(header.stream_id) else { return 0 }
            stream.continuations += 1
            guard stream.continuations <= HTTP2Session.maximumContinuations else {
                // The block cannot be left half read (HPACK's state would be lost), so the whole
                // connection goes.
                stream.failure = ResponseTooLargeError(.headers)
                return HTTP2Session.failure
            }
            return 0
        }
        nghttp2_session_callbacks_set_on_begin_headers_callback(callbacks) { _, frame, user in
            guard let frame = frame?.pointee, let stream = HTTP2Session.connection(user)?.stream(frame.hd.stream_id) else { return 0 }
            stream.beginHeaders(at: Posix.monotonicNanoseconds())
            return 0
        }
        nghttp2_session_callbacks_set_on_header_callback(callbacks) { _, frame, name, nameLength, value, valueLength, _, user in
            guard let frame = frame?.pointee, let connection = HTTP2Session.connection(user),
                let stream = connection.stream(frame.hd.stream_id),
                let name, let value
            else { return 0 }
            return HTTP2Session.header(
                UnsafeRawBufferPointer(start: name, count: nameLength), UnsafeRawBufferPointer(start: value, count: valueLength),
                of: stream, on: connection)
        }
        nghttp2_session_callbacks_set_on_frame_recv_callback(callbacks) { _, frame, user in
            guard let frame = frame?.pointee, let connection = HTTP2Session.connection(user) else { return 0 }
            HTTP2Session.frameReceived(frame, on: connection)
            return 0
        }
        nghttp2_session_callbacks_set_on_data_chunk_recv_callback(callbacks) { _, _, id, data, length, user in
            guard let connection = HTTP2Session.connection(user), let stream = connection.stream(id), stream.failure == nil else {
                return 0
            }
            do {
                try stream.body.deliver(UnsafeRawBufferPointer(start: data, count: length), inflater: stream.inflater)
            } catch {
                connection.abandon(stream, with: error)
            }
            return 0
        }
        nghttp2_session_callbacks_set_on_stream_close_callback(callbacks) { _, id, code, user in
            guard let connection = HTTP2Session.connection(user), let stream = connection.stream(id) else { return 0 }
            HTTP2Session.streamClosed(stream, code: code, on: connection)
            return 0
        }
        nghttp2_session_callbacks_set_on_frame_send_callback(callbacks) { _, frame, user in
            guard let frame = frame?.pointee, frame.hd.type == UInt8(NGHTTP2_HEADERS.rawValue),
                let stream = HTTP2Session.connection(user)?.stream(frame.hd.stream_id)
            else { return 0 }
            // Latency is counted from here, as h2load does: the request has left.
            stream.sent = Posix.monotonicNanoseconds()
            return 0
        }
        nghttp2_session_callbacks_set_on_frame_not_send_callback(callbacks) { _, frame, _, user in
            guard let frame = frame?.pointee, frame.hd.type == UInt8(NGHTTP2_HEADERS.rawValue),
                let connection = HTTP2Session.connection(user),
                let stream = connection.stream(frame.hd.stream_id)
            else { return 0 }
            // The request never left (a GOAWAY came first, or stream ids ran out): it goes elsewhere.
            connection.retryOrFail(stream, Connection.lost("the HTTP/2 connection could not send the request", code: 0), notProcessed: true)
            return 0
        }
        nghttp2_session_callbacks_set_error_callback2(callbacks) { _, _, message, length, user in
            if let connection = HTTP2Session.connection(user), let message {
                connection.protocolError = String(decoding: UnsafeRawBufferPointer(start: message, count: length), as: UTF8.self)
            }
            return 0
        }
    }

    /// nghttp2's reader of a request body, called as the stream's window allows.
    static let readBody: nghttp2_data_source_read_callback = { session, id, buffer, length, flags, _, _ in
        guard let session, let pointer = nghttp2_session_get_stream_user_data(session, id), let buffer, let flags else {
            return Int(NGHTTP2_ERR_TEMPORAL_CALLBACK_FAILURE.rawValue)
        }
        let stream = Unmanaged<HTTP2Stream>.fromOpaque(pointer).takeUnretainedValue()
        let (count, finished) = stream.copyBody(into: UnsafeMutableRawBufferPointer(start: buffer, count: length))
        if finished { flags.pointee |= NGHTTP2_DATA_FLAG_EOF.rawValue }
        return count
    }

    /// One field of a response's header block: the status, a field kept in the response's
    /// headers, or a trailer (dropped, as the other transports drop them).
    private static func header(
        _ name: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer, of stream: HTTP2Stream, on connection: HTTP2Connection
    ) -> Int32 {
        guard !stream.hasFinalHead else { return 0 }
        // RFC 9113 §6.5.2's measure of a header list: each field's bytes and 32 more.
        stream.headerListBytes += name.count + value.count + 32
        stream.fieldCount += 1
        guard stream.headerListBytes <= connection.limits.maximumHeaderBytes, stream.fieldCount <= connection.limits.maximumFieldCount
        else {
            stream.failure = ResponseTooLargeError(.headers)
            return resetStream
        }
        if name.first == UInt8(ascii: ":") {
            // nghttp2 has checked that `:status` is the only one, with three digits.
            if name.elementsEqual(":status".utf8) { stream.status = value.reduce(0) { $0 * 10 + Int($1 &- UInt8(ascii: "0")) } }
            return 0
        }
        stream.headers.add(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
        return 0
    }

    private static func frameReceived(_ frame: nghttp2_frame, on connection: HTTP2Connection) {
        switch UInt32(frame.hd.type) {
        case NGHTTP2_HEADERS.rawValue:
            guard let stream = connection.stream(frame.hd.stream_id), !stream.hasFinalHead, stream.status >= 200 else { return }
            stream.hasFinalHead = true
            do {
                try prepareBody(of: stream, on: connection)
            } catch {
                connection.abandon(stream, with: error)
            }
        case NGHTTP2_RST_STREAM.rawValue:
            connection.loop.record(streamReset: frame.rst_stream.error_code)
        case NGHTTP2_GOAWAY.rawValue:
            connection.wentAway(code: frame.goaway.error_code, lastStreamID: frame.goaway.last_stream_id)
        case NGHTTP2_SETTINGS.rawValue where frame.hd.flags & UInt8(NGHTTP2_FLAG_ACK.rawValue) == 0:
            connection.settingsReceived()
        default:
            break
        }
    }

    /// The final head is whole: the body's length checked against the request's limit, and its
    /// coding made ready.
    private static func prepareBody(of stream: HTTP2Stream, on connection: HTTP2Connection) throws {
        guard let request = stream.submission?.request else { return }
        stream.body = ResponseBody(limit: request.maximumResponseBodySize, budget: connection.loop.budget)
        if !stream.requestWasHEAD, let length = stream.headers["Content-Length"].flatMap({ Int($0) }) {
            try stream.body.expect(length: length)
        }
        guard connection.loop.configuration.automaticDecompression, !request.headers.contains("Accept-Encoding"),
            var coding = stream.headers["Content-Encoding"]
        else { return }
        let inflater = stream.inflater ?? Inflater()
        stream.inflater = inflater
        try coding.withUTF8 { try stream.body.decode(coding: UnsafeRawBufferPointer($0), with: inflater) }
    }

    /// nghttp2 closed the stream, with `code` from the server's RST_STREAM or its own.
    private static func streamClosed(_ stream: HTTP2Stream, code: UInt32, on connection: HTTP2Connection) {
        if let failure = stream.failure {
            connection.finish(stream, .failure(failure))
        } else if code == NGHTTP2_NO_ERROR.rawValue, stream.hasFinalHead {
            if let error = stream.body.endError(inflater: stream.inflater) {
                connection.finish(stream, .failure(error))
            } else {
                connection.finish(stream, .success(HTTPResponse(statusCode: stream.status, headers: stream.headers)))
            }
        } else if code == NGHTTP2_NO_ERROR.rawValue {
            connection.finish(
                stream,
                .failure(
                    URLError(.badServerResponse, userInfo: [NSLocalizedDescriptionKey: "the server closed the stream without answering"])))
        } else if let goAway = connection.goAway, stream.id > goAway.lastStreamID {
            connection.goneAway(stream)
        } else if code == HTTP2StreamError.refusedStream {
            connection.refused(stream)
        } else {
            connection.finish(stream, .failure(HTTP2StreamError(code: code)))
        }
    }
}
#endif
