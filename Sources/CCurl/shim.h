#ifndef COURIER_CCURL_SHIM_H
#define COURIER_CCURL_SHIM_H

#if !__has_include(<curl/curl.h>)
#error "libcurl's header curl/curl.h is not installed: install libcurl4-openssl-dev (Debian, Ubuntu), or build without the Curl trait (swift build --traits Jemalloc,Valgrind)"
#endif
#include <curl/curl.h>

// Why wrappers: curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, and Swift
// cannot call variadic C functions. One non-variadic wrapper per argument type the transport passes
// lets the C compiler do the promotion libcurl expects (long, curl_off_t, a pointer, a function
// pointer). They are static inline in this header, as CJemalloc's are, so the module needs no
// compiled C target of its own.

static inline CURLcode courier_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode courier_curl_easy_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode courier_curl_easy_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

// The write and header callbacks share one C type.
static inline CURLcode courier_curl_easy_setopt_write_function(CURL *handle, CURLoption option,
                                                               curl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode courier_curl_easy_setopt_close_socket_function(CURL *handle, CURLoption option,
                                                                      curl_closesocket_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode courier_curl_easy_setopt_open_socket_function(CURL *handle, CURLoption option,
                                                                     curl_opensocket_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode courier_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode courier_curl_easy_getinfo_pointer(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode courier_curl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode courier_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

static inline CURLMcode courier_curl_multi_setopt_pointer(CURLM *multi, CURLMoption option, void *value) {
    return curl_multi_setopt(multi, option, value);
}

static inline CURLMcode courier_curl_multi_setopt_socket_function(CURLM *multi, curl_socket_callback value) {
    return curl_multi_setopt(multi, CURLMOPT_SOCKETFUNCTION, value);
}

static inline CURLMcode courier_curl_multi_setopt_timer_function(CURLM *multi, curl_multi_timer_callback value) {
    return curl_multi_setopt(multi, CURLMOPT_TIMERFUNCTION, value);
}

static inline CURLSHcode courier_curl_share_setopt_long(CURLSH *share, CURLSHoption option, long value) {
    return curl_share_setopt(share, option, value);
}

// libcurl reports whether a TLS session was resumed only through the TLS library's own handle, and
// only while the transfer holds its connection. Declared here rather than by including OpenSSL's
// headers, which would bring the whole of OpenSSL into the Swift module; the prototype is
// OpenSSL 3's `int SSL_session_reused(const SSL *)`.
struct ssl_st;
extern int SSL_session_reused(const struct ssl_st *ssl);

/// 1 when the TLS connection `handle` is using resumed a cached session, 0 when it made a full
/// handshake, and -1 when it has no TLS connection or libcurl's TLS library is not OpenSSL.
static inline int courier_curl_tls_session_reused(CURL *handle) {
    struct curl_tlssessioninfo *info = NULL;
    if (curl_easy_getinfo(handle, CURLINFO_TLS_SSL_PTR, &info) != CURLE_OK || info == NULL) return -1;
    if (info->backend != CURLSSLBACKEND_OPENSSL || info->internals == NULL) return -1;
    return SSL_session_reused((const struct ssl_st *)info->internals) ? 1 : 0;
}

#endif
