#ifndef COURIER_CZLIB_SHIM_H
#define COURIER_CZLIB_SHIM_H

#if !__has_include(<zlib.h>)
#error "zlib's header zlib.h is not installed: install zlib1g-dev (Debian, Ubuntu) or zlib (Homebrew)"
#endif
#include <zlib.h>

#endif
