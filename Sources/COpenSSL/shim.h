#ifndef COURIER_COPENSSL_SHIM_H
#define COURIER_COPENSSL_SHIM_H

#if !__has_include(<openssl/ssl.h>)
#error "OpenSSL's header openssl/ssl.h is not installed: install libssl-dev (Debian, Ubuntu), or build without the OpenSSL trait (swift build --traits Curl,Jemalloc,Valgrind)"
#endif
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <stdio.h>
#include <string.h>

// Why wrappers: much of OpenSSL's API is macros over SSL_CTX_ctrl and SSL_ctrl
// (SSL_CTX_set_min_proto_version, SSL_set_tlsext_host_name, …) or variadic (EVP_RSA_gen), and Swift
// imports neither. These static inline functions let the C compiler expand them, so the module needs
// no compiled C target of its own, as with CCurl and CJemalloc. The test certificate authority and
// the ALPN callbacks are whole functions here too: they are C callbacks or long runs of C calls with
// C error handling, plainer in C than through Swift's pointer types.

static inline int courier_ssl_ctx_set_min_proto_version(SSL_CTX *context, int version) {
    return (int)SSL_CTX_set_min_proto_version(context, version);
}

static inline int courier_ssl_ctx_set_max_proto_version(SSL_CTX *context, int version) {
    return (int)SSL_CTX_set_max_proto_version(context, version);
}

static inline int courier_ssl_set_tlsext_host_name(SSL *ssl, const char *name) {
    return (int)SSL_set_tlsext_host_name(ssl, name);
}

/// A client connection that writes from a buffer which may move between retries of a write that
/// would block, and that reports a write as done as far as it got.
static inline void courier_ssl_set_nonblocking_modes(SSL *ssl) {
    SSL_set_mode(ssl, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
}

/// Whether the oldest error on the thread's queue says the peer closed the connection without
/// TLS's closure alert (OpenSSL 3 reports that as an error, not as an end of stream).
static inline int courier_ssl_error_is_unexpected_eof(void) {
    unsigned long code = ERR_peek_error();
    return ERR_GET_LIB(code) == ERR_LIB_SSL && ERR_GET_REASON(code) == SSL_R_UNEXPECTED_EOF_WHILE_READING;
}

// ALPN: the server offers one protocol per behaviour. A client that does not offer it gets no ALPN
// answer at all (SSL_TLSEXT_ERR_NOACK) and carries on, which is how a server without that protocol
// behaves.
static inline int courier_alpn_select(const unsigned char **out, unsigned char *outlen, const unsigned char *in,
                                      unsigned int inlen, const unsigned char *server, unsigned int serverlen) {
    unsigned char *selected = NULL;
    if (SSL_select_next_proto(&selected, outlen, server, serverlen, in, inlen) != OPENSSL_NPN_NEGOTIATED) {
        return SSL_TLSEXT_ERR_NOACK;
    }
    *out = selected;
    return SSL_TLSEXT_ERR_OK;
}

static inline int courier_alpn_select_h2(SSL *ssl, const unsigned char **out, unsigned char *outlen, const unsigned char *in,
                                         unsigned int inlen, void *arg) {
    (void)ssl;
    (void)arg;
    static const unsigned char h2[] = {2, 'h', '2'};
    return courier_alpn_select(out, outlen, in, inlen, h2, sizeof h2);
}

static inline int courier_alpn_select_http11(SSL *ssl, const unsigned char **out, unsigned char *outlen, const unsigned char *in,
                                             unsigned int inlen, void *arg) {
    (void)ssl;
    (void)arg;
    static const unsigned char http11[] = {8, 'h', 't', 't', 'p', '/', '1', '.', '1'};
    return courier_alpn_select(out, outlen, in, inlen, http11, sizeof http11);
}

/// Makes the server select "h2" (`http2` non-zero) or "http/1.1" when the client offers it.
static inline void courier_ssl_ctx_select_alpn(SSL_CTX *context, int http2) {
    SSL_CTX_set_alpn_select_cb(context, http2 ? courier_alpn_select_h2 : courier_alpn_select_http11, NULL);
}

/// Adds one X.509v3 extension given in openssl.cnf's syntax ("critical,CA:TRUE"); 1 on success.
static inline int courier_x509_add_extension(X509 *certificate, X509 *issuer, int nid, const char *value) {
    X509V3_CTX context;
    X509V3_set_ctx_nodb(&context);
    X509V3_set_ctx(&context, issuer, certificate, NULL, NULL, 0);
    X509_EXTENSION *extension = X509V3_EXT_conf_nid(NULL, &context, nid, value);
    if (extension == NULL) return 0;
    int added = X509_add_ext(certificate, extension, -1);
    X509_EXTENSION_free(extension);
    return added;
}

/// A certificate for `key` named `commonName`, valid from an hour ago until two days from now, with a random
/// serial number, not yet signed nor extended; NULL on failure.
static inline X509 *courier_x509_new(EVP_PKEY *key, const char *commonName) {
    X509 *certificate = X509_new();
    if (certificate == NULL) return NULL;
    X509_NAME *name = X509_get_subject_name(certificate);
    BIGNUM *serial = BN_new();
    int made = X509_set_version(certificate, 2) && serial != NULL && BN_rand(serial, 64, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY) &&
               BN_to_ASN1_INTEGER(serial, X509_get_serialNumber(certificate)) != NULL &&
               X509_gmtime_adj(X509_getm_notBefore(certificate), -3600) != NULL &&
               X509_gmtime_adj(X509_getm_notAfter(certificate), 2L * 24 * 3600) != NULL &&
               X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, (const unsigned char *)commonName, -1, -1, 0) &&
               X509_set_pubkey(certificate, key);
    BN_free(serial);
    if (!made) {
        X509_free(certificate);
        return NULL;
    }
    return certificate;
}

static inline int courier_write_certificate(const char *path, X509 *certificate) {
    FILE *file = fopen(path, "w");
    if (file == NULL) return 0;
    int written = PEM_write_X509(file, certificate);
    return fclose(file) == 0 && written;
}

static inline int courier_write_private_key(const char *path, EVP_PKEY *key) {
    FILE *file = fopen(path, "w");
    if (file == NULL) return 0;
    int written = PEM_write_PrivateKey(file, key, NULL, NULL, 0, NULL, NULL);
    return fclose(file) == 0 && written;
}

/// A new RSA 2048 private key written as PEM to `buffer` (NUL-terminated); its length, or 0 when
/// generation fails or the buffer is too small (2048 bytes are enough).
static inline int courier_make_rsa_key_pem(char *buffer, int size) {
    EVP_PKEY *key = EVP_RSA_gen(2048);
    BIO *memory = BIO_new(BIO_s_mem());
    int length = 0;
    if (key != NULL && memory != NULL && PEM_write_bio_PrivateKey(memory, key, NULL, NULL, 0, NULL, NULL)) {
        length = BIO_read(memory, buffer, size - 1);
        if (length <= 0 || BIO_pending(memory) > 0) length = 0;
        buffer[length > 0 ? length : 0] = 0;
    }
    BIO_free(memory);
    EVP_PKEY_free(key);
    return length;
}

/// Makes a test certificate authority and a server certificate it signs, and writes them as PEM:
/// the CA's certificate to `caPath`, the server's certificate and key to `certificatePath` and
/// `keyPath`. The server's key is the PEM `serverKeyPEM` (RSA, so that static-RSA key exchange,
/// TLS 1.0's AES128-SHA, works with it); the CA's is a new P-256 key, so that no other authority's
/// servers verify against this one; SHA-256 signatures; the server's names are IP 127.0.0.1 and DNS
/// localhost. 1 on success; on failure 0, with the reason on OpenSSL's error queue.
static inline int courier_make_test_authority(const char *caPath, const char *certificatePath, const char *keyPath,
                                              const char *serverKeyPEM) {
    EVP_PKEY *caKey = EVP_EC_gen("P-256");
    BIO *serverKeyText = BIO_new_mem_buf(serverKeyPEM, -1);
    EVP_PKEY *serverKey = serverKeyText != NULL ? PEM_read_bio_PrivateKey(serverKeyText, NULL, NULL, NULL) : NULL;
    BIO_free(serverKeyText);
    X509 *ca = caKey != NULL ? courier_x509_new(caKey, "Courier Test CA") : NULL;
    X509 *server = serverKey != NULL ? courier_x509_new(serverKey, "127.0.0.1") : NULL;
    int made = ca != NULL && server != NULL && X509_set_issuer_name(ca, X509_get_subject_name(ca)) &&
               courier_x509_add_extension(ca, ca, NID_basic_constraints, "critical,CA:TRUE") &&
               courier_x509_add_extension(ca, ca, NID_key_usage, "critical,keyCertSign,cRLSign") &&
               courier_x509_add_extension(ca, ca, NID_subject_key_identifier, "hash") &&
               X509_sign(ca, caKey, EVP_sha256()) > 0 && X509_set_issuer_name(server, X509_get_subject_name(ca)) &&
               courier_x509_add_extension(server, ca, NID_basic_constraints, "critical,CA:FALSE") &&
               courier_x509_add_extension(server, ca, NID_key_usage, "critical,digitalSignature,keyEncipherment") &&
               courier_x509_add_extension(server, ca, NID_ext_key_usage, "serverAuth") &&
               courier_x509_add_extension(server, ca, NID_subject_alt_name, "IP:127.0.0.1,DNS:localhost") &&
               courier_x509_add_extension(server, ca, NID_subject_key_identifier, "hash") &&
               courier_x509_add_extension(server, ca, NID_authority_key_identifier, "keyid:always") &&
               X509_sign(server, caKey, EVP_sha256()) > 0 && courier_write_certificate(caPath, ca) &&
               courier_write_certificate(certificatePath, server) && courier_write_private_key(keyPath, serverKey);
    X509_free(server);
    X509_free(ca);
    EVP_PKEY_free(serverKey);
    EVP_PKEY_free(caKey);
    return made;
}

/// The oldest error on the calling thread's OpenSSL error queue as text, emptying the queue; an
/// empty string when there is none.
static inline void courier_take_error(char *buffer, size_t size) {
    unsigned long code = ERR_get_error();
    if (size == 0) return;
    buffer[0] = 0;
    if (code != 0) ERR_error_string_n(code, buffer, size);
    ERR_clear_error();
}

#endif
