// Callgrind's client requests are macros of inline assembly, which Swift cannot call: these wrap the
// few the bench uses. Outside Valgrind each is a handful of no-op instructions.
#if !__has_include(<valgrind/callgrind.h>)
#error "Valgrind's header valgrind/callgrind.h is not installed: install valgrind (Debian, Ubuntu), or build without the Valgrind trait (swift build --traits Curl,Jemalloc)"
#endif
#include <valgrind/callgrind.h>

static inline unsigned courier_running_on_valgrind(void) { return RUNNING_ON_VALGRIND; }
static inline void courier_callgrind_start_instrumentation(void) { CALLGRIND_START_INSTRUMENTATION; }
static inline void courier_callgrind_stop_instrumentation(void) { CALLGRIND_STOP_INSTRUMENTATION; }
static inline void courier_callgrind_zero_stats(void) { CALLGRIND_ZERO_STATS; }
static inline void courier_callgrind_dump_stats_at(const char *name) { CALLGRIND_DUMP_STATS_AT(name); }
static inline void courier_callgrind_toggle_collect(void) { CALLGRIND_TOGGLE_COLLECT; }
