#ifndef COURIER_CSQLITE_SHIM_H
#define COURIER_CSQLITE_SHIM_H

#if !__has_include(<sqlite3.h>)
#error "SQLite's header sqlite3.h is not installed: install libsqlite3-dev (Debian, Ubuntu) or sqlite (Homebrew)"
#endif
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import; bound text
// and blobs must be copied by SQLite, since Swift's buffers live only for the call.
static inline sqlite3_destructor_type courier_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

#endif
