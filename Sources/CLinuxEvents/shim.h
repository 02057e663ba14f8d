#ifndef COURIER_CLINUXEVENTS_SHIM_H
#define COURIER_CLINUXEVENTS_SHIM_H

// Why a module: Swift's Glibc module does not export epoll, eventfd or timerfd, which the curl
// transport's reactor is built on. Headers only; the calls are in libc.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>

#endif
