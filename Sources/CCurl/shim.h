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

static inline CURLcode courier_curl_easy_setopt_prerequest_function(CURL *handle, curl_prereq_callback value) {
    return curl_easy_setopt(handle, CURLOPT_PREREQFUNCTION, value);
}

static inline CURLcode courier_curl_easy_setopt_progress_function(CURL *handle, curl_xferinfo_callback value) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value);
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

// libcurl reports whether a TLS session was resumed, and whether the peer closed it with its
// closure alert, only through the TLS library's own handle. Declared here rather than by including
// OpenSSL's headers, which would bring the whole of OpenSSL into the Swift module; the prototypes
// are OpenSSL 3's.
struct ssl_st;
extern int SSL_session_reused(const struct ssl_st *ssl);
extern int SSL_up_ref(struct ssl_st *ssl);
extern void SSL_free(struct ssl_st *ssl);
extern int SSL_get_shutdown(const struct ssl_st *ssl);
// OpenSSL's SSL_RECEIVED_SHUTDOWN: the peer's close_notify has been read.
#define COURIER_SSL_RECEIVED_SHUTDOWN 2

/// The OpenSSL handle of the TLS connection `handle` is using, or NULL when it has none or
/// libcurl's TLS library is not OpenSSL. Valid only while the transfer holds its connection.
static inline struct ssl_st *courier_curl_tls_handle(CURL *handle) {
    struct curl_tlssessioninfo *info = NULL;
    if (curl_easy_getinfo(handle, CURLINFO_TLS_SSL_PTR, &info) != CURLE_OK || info == NULL) return NULL;
    if (info->backend != CURLSSLBACKEND_OPENSSL) return NULL;
    return (struct ssl_st *)info->internals;
}

/// 1 when the TLS connection `handle` is using resumed a cached session, 0 when it made a full
/// handshake, and -1 when it has no TLS connection or libcurl's TLS library is not OpenSSL.
static inline int courier_curl_tls_session_reused(CURL *handle) {
    struct ssl_st *ssl = courier_curl_tls_handle(handle);
    if (ssl == NULL) return -1;
    return SSL_session_reused(ssl) ? 1 : 0;
}

/// The TLS connection `handle` is using, kept alive past libcurl's own release of it (which comes
/// when the connection closes, before the transfer's end is reported), or NULL when there is none.
/// Give it back with courier_ssl_release.
static inline struct ssl_st *courier_curl_retain_tls_handle(CURL *handle) {
    struct ssl_st *ssl = courier_curl_tls_handle(handle);
    if (ssl == NULL || SSL_up_ref(ssl) != 1) return NULL;
    return ssl;
}

/// Whether the peer of `ssl` has sent its closure alert (close_notify). Read it while the transfer
/// still runs (its progress callback): libcurl resets the flag as it closes the connection.
static inline int courier_ssl_received_close_notify(const struct ssl_st *ssl) {
    return (SSL_get_shutdown(ssl) & COURIER_SSL_RECEIVED_SHUTDOWN) != 0;
}

static inline void courier_ssl_release(struct ssl_st *ssl) {
    SSL_free(ssl);
}

#endif
