#if COURIER_CURL
import CCurl

/// Sets easy-handle options through the C shim and remembers the first one libcurl refused, so
/// that setting up a request reads as a list rather than a ladder of checks.
struct OptionSetter {
    let easy: UnsafeMutableRawPointer
    /// The first refusal, or `CURLE_OK`.
    private(set) var failure = CURLE_OK

    init(easy: UnsafeMutableRawPointer) {
        self.easy = easy
    }

    mutating func set(_ option: CURLoption, _ value: Int) {
        record(courier_curl_easy_setopt_long(easy, option, value))
    }

    mutating func set(_ option: CURLoption, offset: curl_off_t) {
        record(courier_curl_easy_setopt_offset(easy, option, offset))
    }

    /// libcurl copies string options, so the Swift string need not outlive the call.
    mutating func set(_ option: CURLoption, string: String) {
        record(string.withCString { courier_curl_easy_setopt_pointer(easy, option, $0) })
    }

    mutating func set(_ option: CURLoption, pointer: UnsafeRawPointer?) {
        record(courier_curl_easy_setopt_pointer(easy, option, pointer))
    }

    mutating func set(_ option: CURLoption, function: curl_write_callback) {
        record(courier_curl_easy_setopt_write_function(easy, option, function))
    }

    mutating func set(_ option: CURLoption, closeSocket function: curl_closesocket_callback) {
        record(courier_curl_easy_setopt_close_socket_function(easy, option, function))
    }

    mutating func set(_ option: CURLoption, openSocket function: curl_opensocket_callback) {
        record(courier_curl_easy_setopt_open_socket_function(easy, option, function))
    }

    mutating func set(prerequest function: curl_prereq_callback) {
        record(courier_curl_easy_setopt_prerequest_function(easy, function))
    }

    mutating func set(progress function: curl_xferinfo_callback) {
        record(courier_curl_easy_setopt_progress_function(easy, function))
    }

    private mutating func record(_ code: CURLcode) {
        if failure == CURLE_OK, code != CURLE_OK { failure = code }
    }
}
#endif
