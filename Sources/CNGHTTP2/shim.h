#ifndef COURIER_CNGHTTP2_SHIM_H
#define COURIER_CNGHTTP2_SHIM_H

#if !__has_include(<nghttp2/nghttp2.h>)
#error "nghttp2's header nghttp2/nghttp2.h is not installed: install libnghttp2-dev (Debian, Ubuntu), or build without the HTTP2 trait (swift build --traits Curl,Jemalloc,Valgrind,OpenSSL)"
#endif
#include <nghttp2/nghttp2.h>

#endif
