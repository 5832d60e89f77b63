/*
 * bmsg.h - the message API every caller includes: the public header.
 *
 * A message is a `what` code plus named fields; each field has a type code
 * and one or more items (byte strings). The backends re-create designs of
 * the BeOS/Haiku BMessage behind one vtable, `struct bm_ops`. Callers never
 * touch a vtable slot directly: they call the bm_* wrappers, which check
 * arguments once, the same way for every backend, and then dispatch.
 *
 * Each part has its header in the wing that defines it
 * (impl/README.md §1.1), so that an include shows every call between
 * wings:
 * - status.h      status codes and their texts
 * - message.h     limits, type codes, the message handle, field info
 * - formats.h     the flat formats and their detection
 * - descriptor.h  the vtable with the contract of every slot, what a
 *                 descriptor says, the name rule and the checks
 * - decode.h      bm_decode, the shared decoder
 * - wrappers.h    the message wrappers, bm_unflatten, bm_decode_into
 * - registry.h    the backends of this build, found by name
 * - copy.h        bm_copy and bm_field_named_at
 * The allocator every backend uses, with its counting, is alloc.h.
 */
#ifndef BM_BMSG_H
#define BM_BMSG_H

#include "copy.h"
#include "decode.h"
#include "descriptor.h"
#include "formats.h"
#include "message.h"
#include "registry.h"
#include "status.h"
#include "wrappers.h"

#endif /* BM_BMSG_H */
