#if COURIER_CURL
import CCurl
import Courier

/// The metrics of the curl transport's transfers, under the name every transport now shares.
@available(*, deprecated, renamed: "TransferMetrics")
public typealias CurlTransferMetrics = TransferMetrics

extension TransferMetrics {
    /// The figures libcurl kept for the transfer `easy` has just finished; `sessionResumed` is what
    /// the transfer saw while it still held its connection.
    init(finished easy: UnsafeMutableRawPointer, sessionResumed: Bool?) {
        var connects = 0
        var version = 0
        courier_curl_easy_getinfo_long(easy, CURLINFO_NUM_CONNECTS, &connects)
        courier_curl_easy_getinfo_long(easy, CURLINFO_HTTP_VERSION, &version)
        // libcurl's clocks all start at the transfer's start; each phase is the step between two.
        func clock(_ info: CURLINFO) -> Int64 {
            var microseconds: curl_off_t = 0
            courier_curl_easy_getinfo_off_t(easy, info, &microseconds)
            return Int64(microseconds)
        }
        let resolved = clock(CURLINFO_NAMELOOKUP_TIME_T)
        let connected = clock(CURLINFO_CONNECT_TIME_T)
        let secured = clock(CURLINFO_APPCONNECT_TIME_T)
        let ready = clock(CURLINFO_PRETRANSFER_TIME_T)
        let firstByte = clock(CURLINFO_STARTTRANSFER_TIME_T)
        let total = clock(CURLINFO_TOTAL_TIME_T)
        let opened = connects > 0
        let handshook = opened && secured > 0
        self.init(
            connectionsOpened: connects,
            httpVersion: ConnectionCounts.versionName(version),
            nameLookup: opened ? .microseconds(resolved) : nil,
            connect: opened && connected > 0 ? .microseconds(max(0, connected - resolved)) : nil,
            tlsHandshake: handshook ? .microseconds(max(0, secured - connected)) : nil,
            tlsSessionResumed: handshook ? sessionResumed : nil,
            timeToFirstByte: firstByte > 0 ? .microseconds(max(0, firstByte - ready)) : nil,
            transfer: firstByte > 0 ? .microseconds(max(0, total - firstByte)) : nil,
            total: .microseconds(total)
        )
    }
}

extension ConnectionCounts {
    /// The name a report gives libcurl's `CURL_HTTP_VERSION_*` value, `nil` for none (no response).
    static func versionName(_ version: Int) -> String? {
        switch version {
        case Int(CURL_HTTP_VERSION_1_0): "1.0"
        case Int(CURL_HTTP_VERSION_1_1): "1.1"
        case Int(CURL_HTTP_VERSION_2_0): "2"
        case Int(CURL_HTTP_VERSION_3): "3"
        default: nil
        }
    }
}

extension ConnectionTally {
    /// Counts the transfer `easy` has just finished, from libcurl's own figures for it, and passes
    /// them on to the observer.
    func record(_ easy: UnsafeMutableRawPointer, sessionResumed: Bool?) {
        record(TransferMetrics(finished: easy, sessionResumed: sessionResumed))
    }
}
#endif
