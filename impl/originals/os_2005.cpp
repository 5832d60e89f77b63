/*
 * os_2005.cpp - what the 2005 app and support kits (Haiku commit
 * 0083a1f3f5) take from BeOS's kernel and from the rest of libbe, for one
 * 2005 backend's shared object, beside the stubs that today's code takes
 * too (os_common.cpp).
 *
 * Two kinds:
 * - Stand-ins that work, for the calls the measured paths make: atomic_add
 *   and find_thread (BLocker, which guards BBlockCache, the cache behind
 *   BMessage's operator new), create_sem and delete_sem (BLocker's
 *   constructor and destructor), and the byte swaps (the FOB1 header
 *   checksum, _checksum_ in src/kits/app/MessageUtils.cpp). Single-threaded,
 *   as the suite is: a semaphore is only acquired when a lock is contended,
 *   which never happens here.
 * - Stubs, for everything else the link needs and only 2005 calls: the
 *   KMessage reader, BMessenger::SetTo, semaphore waits. Each one counts
 *   its call (bmo_stub_hit) and fails; none is on
 *   the path of AddData, FindData, GetInfo, CountNames, FlattenedSize,
 *   Flatten, Unflatten or MakeEmpty.
 */
#include "ilp32_2005.h"
#include "originals_internal.h"

#include <Application.h>
#include <ByteOrder.h>
#include <Entry.h>
#include <KMessage.h>
#include <Looper.h>
#include <Messenger.h>
#include <OS.h>
#include <String.h>

#include <AppMisc.h>

/* --- Stand-ins that work ------------------------------------------------------ */

int32
atomic_add(vint32 *value, int32 addValue)
{
	return __atomic_fetch_add(value, addValue, __ATOMIC_SEQ_CST);
}

thread_id
find_thread(const char *name)
{
	if (name != NULL) {
		bmo_stub_hit("find_thread by name");
		return B_NAME_NOT_FOUND;
	}
	/* One id per thread, handed out on first use. */
	static int32 next_id = 1;
	static __thread thread_id self = 0;
	if (self == 0)
		self = atomic_add(&next_id, 1);
	return self;
}

sem_id
create_sem(int32, const char *)
{
	static int32 next_id = 1;
	return atomic_add(&next_id, 1);
}

status_t
delete_sem(sem_id)
{
	return B_OK;
}

uint16
__swap_int16(uint16 value)
{
	return __builtin_bswap16(value);
}

uint32
__swap_int32(uint32 value)
{
	return __builtin_bswap32(value);
}

uint64
__swap_int64(uint64 value)
{
	return __builtin_bswap64(value);
}

/* --- Stubs: semaphores under contention ------------------------------------------ */

status_t
acquire_sem_etc(sem_id, int32, uint32, bigtime_t)
{
	bmo_stub_hit("acquire_sem_etc");
	return B_ERROR;
}

status_t
release_sem(sem_id)
{
	bmo_stub_hit("release_sem");
	return B_ERROR;
}

int32
atomic_add(volatile long *, int32)
{
	bmo_stub_hit("atomic_add on a reply port counter");
	return 0;
}

/* --- Stubs: BMessenger ---------------------------------------------------------- */

void
BMessenger::SetTo(team_id, port_id, int32, bool)
{
	bmo_stub_hit("BMessenger::SetTo");
}

/* --- Stubs: the KMessage reader (Unflatten of 'kMsG' buffers) ------------------------- */

namespace BPrivate {

/* The value of src/system/kernel/messaging/KMessage.cpp at 0083a1f3f5, so
 * that a KMessage buffer takes the KMessage path and reaches the stubs. */
const uint32 KMessage::kMessageHeaderMagic = 'kMsG';

KMessage::KMessage()
{
	bmo_stub_hit("KMessage::KMessage");
}

KMessage::~KMessage()
{
	bmo_stub_hit("KMessage::~KMessage");
}

status_t
KMessage::SetTo(const void *, int32)
{
	bmo_stub_hit("KMessage::SetTo");
	return B_ERROR;
}

uint32
KMessage::What() const
{
	bmo_stub_hit("KMessage::What");
	return 0;
}

status_t
KMessage::GetNextField(KMessageField *) const
{
	bmo_stub_hit("KMessage::GetNextField");
	return B_ERROR;
}

KMessageField::KMessageField()
{
	bmo_stub_hit("KMessageField::KMessageField");
}

const char *
KMessageField::Name() const
{
	bmo_stub_hit("KMessageField::Name");
	return "";
}

type_code
KMessageField::TypeCode() const
{
	bmo_stub_hit("KMessageField::TypeCode");
	return 0;
}

bool
KMessageField::HasFixedElementSize() const
{
	bmo_stub_hit("KMessageField::HasFixedElementSize");
	return false;
}

const void *
KMessageField::ElementAt(int32, int32 *) const
{
	bmo_stub_hit("KMessageField::ElementAt");
	return NULL;
}

int32
KMessageField::CountElements() const
{
	bmo_stub_hit("KMessageField::CountElements");
	return 0;
}

} // namespace BPrivate
