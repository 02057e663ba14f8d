#ifndef COURIER_CJEMALLOC_SHIM_H
#define COURIER_CJEMALLOC_SHIM_H

#include <stddef.h>
#include <stdint.h>
#if !__has_include(<jemalloc/jemalloc.h>)
#error "jemalloc's header jemalloc/jemalloc.h is not installed: install libjemalloc-dev (Debian, Ubuntu) or jemalloc (Homebrew), or build without the Jemalloc trait (swift build --traits Curl,Valgrind)"
#endif
#include <jemalloc/jemalloc.h>

// Why wrappers: a jemalloc built with a symbol prefix (e.g. --with-jemalloc-prefix=je_,
// the default on Darwin) spells its API `je_mallctl` and maps `mallctl` to it with
// a C macro, which Swift cannot import. Calling through these inline functions lets
// the C preprocessor resolve the right symbol for both prefixed and plain builds.

static inline int courier_je_mallctl(const char *name, void *oldp, size_t *oldlenp,
                                     void *newp, size_t newlen) {
    return mallctl(name, oldp, oldlenp, newp, newlen);
}

static inline int courier_je_mallctlnametomib(const char *name, size_t *mibp, size_t *miblenp) {
    return mallctlnametomib(name, mibp, miblenp);
}

static inline int courier_je_mallctlbymib(const size_t *mib, size_t miblen, void *oldp,
                                          size_t *oldlenp, void *newp, size_t newlen) {
    return mallctlbymib(mib, miblen, oldp, oldlenp, newp, newlen);
}

/// The pseudo arena index meaning "all arenas merged" (4096 in jemalloc 5),
/// taken from the installed header rather than hard-coded.
static inline unsigned courier_je_arenas_all(void) {
    return (unsigned)MALLCTL_ARENAS_ALL;
}

#endif
