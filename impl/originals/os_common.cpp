/*
 * os_common.cpp - the link stubs that today's BMessage and the 2005 ones
 * take alike from the kernel and from the parts of libbe this build does
 * not compile: ports, the debugger, be_app and be_app_messenger, the team,
 * BMessenger, entry_ref and BString's assignment. Compiled into each
 * original's shared object against that era's headers; os_2005.cpp and
 * os_today.cpp hold what one era needs alone.
 *
 * Every stub counts its call (bmo_stub_hit) and fails. None is on the path
 * of AddData, FindData, GetInfo, CountNames, FlattenedSize, Flatten,
 * Unflatten or MakeEmpty (today's BMessage::_StaticInit, which the adapter
 * runs once at load, calls create_port, for reply ports that then stay
 * invalid).
 */
#ifdef BMO_HAIKU_2005
/* The 2005 code's widths, before any Haiku header (ilp32_2005.h). */
#include "ilp32_2005.h"
#endif
#include "originals_internal.h"

#include <Application.h>
#include <Entry.h>
#include <Looper.h>
#include <Messenger.h>
#include <OS.h>
#include <String.h>

#include <AppMisc.h>

/* --- Kernel: ports, the debugger ------------------------------------------- */

extern "C" {

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
	/* BeOS and Haiku stop the team here; the stub returns to the caller,
	 * which then fails the call (the 2005 MessageField2's SetFixedSize
	 * returns B_BAD_VALUE), and the adapter reports the stub. */
	bmo_stub_hit("debugger");
}

} // extern "C"

/* --- Objects: be_app, be_app_messenger ---------------------------------------- */

BApplication *be_app = NULL;

/* be_app_messenger is an object; it is defined as storage of its size
 * under its own symbol, so that loading the shared object constructs no
 * stub. Only the message-sending code uses it. */
alignas(BMessenger) unsigned char bmo_be_app_messenger[sizeof(BMessenger)]
	__asm__("be_app_messenger");

/* --- libbe: the team, BMessenger, entry_ref, BString ------------------------- */

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

BString &
BString::operator=(const char *)
{
	bmo_stub_hit("BString::operator=");
	return *this;
}
