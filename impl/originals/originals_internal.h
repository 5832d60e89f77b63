/*
 * originals_internal.h - what the pieces of one original backend's shared
 * object share: the count of stub calls. Seen only inside that object (the
 * version script exports nothing but the backend's descriptor).
 */
#ifndef BMO_ORIGINALS_INTERNAL_H
#define BMO_ORIGINALS_INTERNAL_H

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Records that the Haiku code called a stand-in for a service this build
 * does not provide (ports, areas, messengers, tokens, be_app, BString,
 * entry refs, semaphores under contention, the debugger). `what` names the
 * stub. The adapters compare the count before and after every slot and
 * turn a change into an error status, so a measured cell that reaches a
 * stub fails instead of timing a stand-in.
 */
void bmo_stub_hit(const char *what);

/* Stub calls so far, and the name of the latest stub (NULL before any).
 * Variables, so that the check around every slot is two loads. */
extern unsigned long bmo_stub_count;
extern const char *bmo_stub_name;

#ifdef __cplusplus
}
#endif

#endif /* BMO_ORIGINALS_INTERNAL_H */
