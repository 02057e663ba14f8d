/*
 * A closed-loop load generator on libcurl's multi interface, as small as one can be: the yardstick
 * that says how fast libcurl itself goes on this machine, so bench's curl transport can be judged
 * against what its library allows and not only against wrk. .ci/compare-clients builds and runs it.
 *
 *   curl-multi --url URL [--concurrency N] [--duration SECONDS] [--cacert FILE]
 *              [--http 1.1|2] [--connections N] [--accept-encoding all|LIST]
 *   curl-multi --version     (the libcurl it runs on)
 *
 * N transfers are kept in flight; each one that ends is started again on the same easy handle, so
 * the multi handle's connection pool reuses its connection (keep-alive). With --http 2 the
 * transfers are multiplexed over at most --connections connections (CURLPIPE_MULTIPLEX,
 * CURLMOPT_MAX_HOST_CONNECTIONS, CURLOPT_PIPEWAIT), as h2load's -c/-m do. --accept-encoding asks
 * for compressed answers and decodes them (CURLOPT_ACCEPT_ENCODING; "all" for every encoding this
 * libcurl decodes, as bench's curl transport asks); without it no Accept-Encoding is sent, as wrk
 * sends none. Prints one line:
 *   requests=<completed 2xx> errors=<other> seconds=<elapsed> rps=<requests per second>
 * Exit status 64 on bad arguments, 1 when no request succeeded.
 */
#include <curl/curl.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void usage(void) {
    fprintf(stderr,
            "usage: curl-multi --url URL [--concurrency N] [--duration SECONDS] [--cacert FILE]\n"
            "                  [--http 1.1|2] [--connections N] [--accept-encoding all|LIST]\n"
            "       curl-multi --version\n");
    exit(64);
}

static long parse_positive(const char *flag, const char *text, long max) {
    char *end = NULL;
    errno = 0;
    long value = strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || value < 1 || value > max) {
        fprintf(stderr, "curl-multi: %s needs a whole number from 1 to %ld, not '%s'\n", flag, max, text);
        usage();
    }
    return value;
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The body is counted by nobody: a load generator only needs it read. */
static size_t discard(char *data, size_t size, size_t count, void *context) {
    (void)data;
    (void)context;
    return size * count;
}

int main(int argc, char **argv) {
    const char *url = NULL;
    const char *cacert = NULL;
    long concurrency = 16;
    long duration = 5;
    long connections = 0;
    int http2 = 0;
    const char *accept_encoding = NULL;

    if (argc == 2 && strcmp(argv[1], "--version") == 0) {
        printf("%s\n", curl_version());
        return 0;
    }
    for (int i = 1; i < argc; i++) {
        if (i + 1 >= argc) usage();
        const char *flag = argv[i];
        const char *value = argv[++i];
        if (strcmp(flag, "--url") == 0) url = value;
        else if (strcmp(flag, "--cacert") == 0) cacert = value;
        else if (strcmp(flag, "--concurrency") == 0) concurrency = parse_positive(flag, value, 4096);
        else if (strcmp(flag, "--duration") == 0) duration = parse_positive(flag, value, 3600);
        else if (strcmp(flag, "--connections") == 0) connections = parse_positive(flag, value, 4096);
        else if (strcmp(flag, "--accept-encoding") == 0) accept_encoding = strcmp(value, "all") == 0 ? "" : value;
        else if (strcmp(flag, "--http") == 0) {
            if (strcmp(value, "2") == 0) http2 = 1;
            else if (strcmp(value, "1.1") != 0) {
                fprintf(stderr, "curl-multi: --http is 1.1 or 2, not '%s'\n", value);
                usage();
            }
        } else {
            fprintf(stderr, "curl-multi: unknown option '%s'\n", flag);
            usage();
        }
    }
    if (url == NULL) {
        fprintf(stderr, "curl-multi: --url is required\n");
        usage();
    }

    if (curl_global_init(CURL_GLOBAL_ALL) != CURLE_OK) {
        fprintf(stderr, "curl-multi: curl_global_init failed\n");
        return 1;
    }
    CURLM *multi = curl_multi_init();
    CURL **handles = calloc((size_t)concurrency, sizeof *handles);
    if (multi == NULL || handles == NULL) {
        fprintf(stderr, "curl-multi: out of memory\n");
        return 1;
    }
    if (http2) {
        curl_multi_setopt(multi, CURLMOPT_PIPELINING, (long)CURLPIPE_MULTIPLEX);
        /* Without a cap libcurl opens a connection per transfer before the first one has said
           it speaks HTTP/2; the cap and PIPEWAIT make the rest wait and multiplex. */
        if (connections > 0) curl_multi_setopt(multi, CURLMOPT_MAX_HOST_CONNECTIONS, connections);
    } else if (connections > 0) {
        curl_multi_setopt(multi, CURLMOPT_MAX_HOST_CONNECTIONS, connections);
    }
    curl_multi_setopt(multi, CURLMOPT_MAXCONNECTS, concurrency);

    for (long i = 0; i < concurrency; i++) {
        CURL *easy = curl_easy_init();
        if (easy == NULL) {
            fprintf(stderr, "curl-multi: curl_easy_init failed\n");
            return 1;
        }
        curl_easy_setopt(easy, CURLOPT_URL, url);
        curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, discard);
        if (accept_encoding != NULL) curl_easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, accept_encoding);
        curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(easy, CURLOPT_TIMEOUT, 10L);
        if (cacert != NULL) curl_easy_setopt(easy, CURLOPT_CAINFO, cacert);
        if (http2) {
            curl_easy_setopt(easy, CURLOPT_HTTP_VERSION, (long)CURL_HTTP_VERSION_2TLS);
            curl_easy_setopt(easy, CURLOPT_PIPEWAIT, 1L);
        } else {
            curl_easy_setopt(easy, CURLOPT_HTTP_VERSION, (long)CURL_HTTP_VERSION_1_1);
        }
        handles[i] = easy;
        curl_multi_add_handle(multi, easy);
    }

    long succeeded = 0;
    long failed = 0;
    long first_error = CURLE_OK;
    const double start = now_seconds();
    const double end = start + (double)duration;
    int running = 1;
    int starting = 1;
    /* Stops starting at the deadline, then lets what is in flight finish (each is bounded by its
       10 s timeout), counting only what ended before the deadline. */
    while (running > 0 || starting) {
        curl_multi_perform(multi, &running);
        CURLMsg *message;
        int queued;
        double t = now_seconds();
        if (t >= end) starting = 0;
        while ((message = curl_multi_info_read(multi, &queued)) != NULL) {
            if (message->msg != CURLMSG_DONE) continue;
            CURL *easy = message->easy_handle;
            long status = 0;
            curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
            if (t < end) {
                if (message->data.result == CURLE_OK && status >= 200 && status < 300) {
                    succeeded++;
                } else {
                    if (failed == 0) first_error = message->data.result;
                    failed++;
                }
            }
            curl_multi_remove_handle(multi, easy);
            if (starting) curl_multi_add_handle(multi, easy);
        }
        if (!starting && running == 0) break;
        curl_multi_poll(multi, NULL, 0, 100, NULL);
    }
    const double elapsed = (now_seconds() < end ? now_seconds() : end) - start;

    for (long i = 0; i < concurrency; i++) curl_easy_cleanup(handles[i]);
    free(handles);
    curl_multi_cleanup(multi);
    curl_global_cleanup();

    if (failed > 0) fprintf(stderr, "curl-multi: %ld failed; the first: %s\n", failed, curl_easy_strerror((CURLcode)first_error));
    printf("requests=%ld errors=%ld seconds=%.3f rps=%.1f\n", succeeded, failed, elapsed, (double)succeeded / elapsed);
    return succeeded > 0 ? 0 : 1;
}
