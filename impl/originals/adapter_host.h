/*
 * adapter_host.h - the first include of every original backend's adapter:
 * the suite's C interface, before any Haiku header. The 2005 adapters then
 * include ilp32_2005.h, after which size_t and ssize_t mean the 32-bit
 * types of the 2005 code; bmo_size_t keeps the host's size_t for the
 * bm_ops slots. (The adapters allocate with malloc and free, which
 * alloc_route.c sends to bm_malloc and bm_free.)
 */
#ifndef BMO_ADAPTER_HOST_H
#define BMO_ADAPTER_HOST_H

extern "C" {
#include "descriptor.h"
#include "status.h"
}
#include "originals_internal.h"

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>

typedef std::size_t bmo_size_t;

/* The one symbol an adapter exports (everything else is compiled with
 * -fvisibility=hidden, and the version script keeps it so). */
#define BMO_EXPORT __attribute__((visibility("default")))

#endif /* BMO_ADAPTER_HOST_H */
