/*
 * os_2005.cpp - what the 2005 app and support kits (Haiku commit
 * 0083a1f3f5) take from BeOS's kernel and from the rest of libbe, for one
 * 2005 backend's shared object.
 *
 * Two kinds:
 * - Stand-ins that work, for the calls the measured paths make: atomic_add
 *   and find_thread (BLocker, which guards BBlockCache, the cache behind
 *   BMessage's operator new), create_sem and delete_sem (BLocker's
 *   constructor and destructor), and the byte swaps (the FOB1 header
 *   checksum, _checksum_ in src/kits/app/MessageUtils.cpp). Single-threaded,
 *   as the suite is: a semaphore is only acquired when a lock is contended,
 *   which never happens here.
 * - Stubs, for everything else the link needs: ports, messengers, be_app,
 *   the KMessage reader, BString, entry refs, semaphore waits, the
 *   debugger. Each one counts its call (bmo_stub_hit) and fails; none is on
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

/* --- Stubs: semaphores under contention, ports, the debugger --------------------- */

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

port_id
create_port(int32, const char *)
{
	bmo_stub_hit("create_port");
	return B_NO_MORE_PORTS;
}

status_t
delete_port(port_id)
{
	bmo_stub_hit("delete_port");
	return B_BAD_PORT_ID;
}

ssize_t
read_port(port_id, int32 *, void *, size_t)
{
	bmo_stub_hit("read_port");
	return B_BAD_PORT_ID;
}

status_t
write_port_etc(port_id, int32, const void *, size_t, uint32, bigtime_t)
{
	bmo_stub_hit("write_port_etc");
	return B_BAD_PORT_ID;
}

ssize_t
port_buffer_size_etc(port_id, uint32, bigtime_t)
{
	bmo_stub_hit("port_buffer_size_etc");
	return B_BAD_PORT_ID;
}

status_t
set_port_owner(port_id, team_id)
{
	bmo_stub_hit("set_port_owner");
	return B_BAD_PORT_ID;
}

status_t
_get_port_info(port_id, port_info *, size_t)
{
	bmo_stub_hit("_get_port_info");
	return B_BAD_PORT_ID;
}

void
debugger(const char *)
{
	/* BeOS stopped the team here; the stub returns to the caller, which
	 * then fails the call (MessageField2's SetFixedSize returns
	 * B_BAD_VALUE), and the adapter reports the stub. */
	bmo_stub_hit("debugger");
}

/* --- Stubs: the rest of libbe ------------------------------------------------------ */

BApplication *be_app = NULL;

/* be_app_messenger is an object; it is defined as storage of its size
 * under its own symbol, so that loading the shared object constructs no
 * stub. Only the message-sending code uses it. */
alignas(BMessenger) unsigned char bmo_be_app_messenger[sizeof(BMessenger)]
	__asm__("be_app_messenger");

team_id
BPrivate::current_team()
{
	bmo_stub_hit("current_team");
	return B_ERROR;
}

team_id
BLooper::Team() const
{
	bmo_stub_hit("BLooper::Team");
	return B_ERROR;
}

BMessenger::BMessenger()
{
	bmo_stub_hit("BMessenger::BMessenger");
}

BMessenger::BMessenger(const BHandler *, const BLooper *, status_t *result)
{
	bmo_stub_hit("BMessenger::BMessenger(handler)");
	if (result != NULL)
		*result = B_ERROR;
}

BMessenger::BMessenger(const BMessenger &)
{
	bmo_stub_hit("BMessenger::BMessenger(copy)");
}

BMessenger::~BMessenger()
{
	bmo_stub_hit("BMessenger::~BMessenger");
}

BMessenger &
BMessenger::operator=(const BMessenger &)
{
	bmo_stub_hit("BMessenger::operator=");
	return *this;
}

bool
BMessenger::IsValid() const
{
	bmo_stub_hit("BMessenger::IsValid");
	return false;
}

void
BMessenger::SetTo(team_id, port_id, int32, bool)
{
	bmo_stub_hit("BMessenger::SetTo");
}

status_t
BMessenger::SendMessage(BMessage *, BMessage *, bigtime_t, bigtime_t) const
{
	bmo_stub_hit("BMessenger::SendMessage");
	return B_ERROR;
}

status_t
BMessenger::SendMessage(BMessage *, BMessenger, bigtime_t) const
{
	bmo_stub_hit("BMessenger::SendMessage");
	return B_ERROR;
}

BString &
BString::operator=(const char *)
{
	bmo_stub_hit("BString::operator=");
	return *this;
}

entry_ref::entry_ref()
{
	bmo_stub_hit("entry_ref::entry_ref");
}

entry_ref::~entry_ref()
{
	bmo_stub_hit("entry_ref::~entry_ref");
}

entry_ref &
entry_ref::operator=(const entry_ref &)
{
	bmo_stub_hit("entry_ref::operator=");
	return *this;
}

status_t
entry_ref::set_name(const char *)
{
	bmo_stub_hit("entry_ref::set_name");
	return B_ERROR;
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
