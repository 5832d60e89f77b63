/*
 * os_today.cpp - link stubs for today's BMessage (Haiku commit 47136e7183,
 * src/kits/app/Message.cpp): what only it takes from Haiku's kernel and
 * from the parts of libbe this build does not compile (areas, tokens,
 * BStringList, node refs, BPath, the KMessage sender, and more of
 * BMessenger and BString), beside the stubs the 2005 code takes too
 * (os_common.cpp).
 *
 * Every stub counts its call (bmo_stub_hit) and fails. None is on the path
 * of AddData, FindData, GetInfo, CountNames, FlattenedSize, Flatten,
 * Unflatten or MakeEmpty.
 */
#include "originals_internal.h"

#include <Application.h>
#include <Entry.h>
#include <Looper.h>
#include <MessageQueue.h>
#include <Messenger.h>
#include <Node.h>
#include <OS.h>
#include <Path.h>
#include <Point.h>
#include <Rect.h>
#include <String.h>
#include <StringList.h>

#include <AppMisc.h>
#include <DirectMessageTarget.h>
#include <TokenSpace.h>
#include <kernel/util/KMessage.h>

/* --- Kernel: a port's count, areas, strerror ---------------------------------- */

extern "C" {

status_t _kern_transfer_area(area_id area, void **address, uint32 spec,
	team_id target);

ssize_t
port_count(port_id)
{
	bmo_stub_hit("port_count");
	return B_BAD_PORT_ID;
}

area_id
create_area(const char *, void **, uint32, size_t, uint32, uint32)
{
	bmo_stub_hit("create_area");
	return B_NO_MEMORY;
}

status_t
delete_area(area_id)
{
	bmo_stub_hit("delete_area");
	return B_BAD_VALUE;
}

status_t
set_area_protection(area_id, uint32)
{
	bmo_stub_hit("set_area_protection");
	return B_BAD_VALUE;
}

status_t
_get_area_info(area_id, area_info *, size_t)
{
	bmo_stub_hit("_get_area_info");
	return B_BAD_VALUE;
}

status_t
_kern_transfer_area(area_id, void **, uint32, team_id)
{
	bmo_stub_hit("_kern_transfer_area");
	return B_BAD_VALUE;
}

/* The host build's strerror (BeOSBuildCompatibility.h maps strerror to it);
 * only PrintToStream-style code calls it. */
char *
_haiku_build_strerror(int)
{
	bmo_stub_hit("strerror");
	static char text[] = "error";
	return text;
}

} // extern "C"

/* --- Objects: the default token space ------------------------------------------ */

/* Defined as storage of its size under its own symbol, as
 * be_app_messenger is (os_common.cpp), so that loading the shared object
 * constructs no stub. Only the message-sending code uses it. */
alignas(BPrivate::BTokenSpace) unsigned char
	bmo_default_tokens[sizeof(BPrivate::BTokenSpace)]
	__asm__("_ZN8BPrivate14gDefaultTokensE");

/* --- libbe: app kit -------------------------------------------------------------- */

status_t
BPrivate::BTokenSpace::AcquireHandlerTarget(int32, BDirectMessageTarget **)
{
	bmo_stub_hit("BTokenSpace::AcquireHandlerTarget");
	return B_ERROR;
}

bool
BPrivate::BDirectMessageTarget::AddMessage(BMessage *)
{
	bmo_stub_hit("BDirectMessageTarget::AddMessage");
	return false;
}

void
BPrivate::BDirectMessageTarget::Release()
{
	bmo_stub_hit("BDirectMessageTarget::Release");
}

status_t
BPrivate::KMessage::SendTo(port_id, int32, port_id, int32, bigtime_t, team_id)
{
	bmo_stub_hit("KMessage::SendTo");
	return B_ERROR;
}

bool
BMessageQueue::IsNextMessage(const BMessage *) const
{
	bmo_stub_hit("BMessageQueue::IsNextMessage");
	return false;
}

void
BMessenger::_SetTo(team_id, port_id, int32)
{
	bmo_stub_hit("BMessenger::_SetTo");
}

/* --- libbe: interface, storage and support kits -------------------------------------- */

void
BPoint::PrintToStream() const
{
	bmo_stub_hit("BPoint::PrintToStream");
}

void
BRect::PrintToStream() const
{
	bmo_stub_hit("BRect::PrintToStream");
}

BPath::BPath(const entry_ref *)
{
	bmo_stub_hit("BPath::BPath");
}

BPath::~BPath()
{
	bmo_stub_hit("BPath::~BPath");
}

const char *
BPath::Path() const
{
	bmo_stub_hit("BPath::Path");
	return NULL;
}

/* BPath's constructor needs its vtable, so every virtual member too. */
bool
BPath::IsFixedSize() const
{
	bmo_stub_hit("BPath::IsFixedSize");
	return false;
}

type_code
BPath::TypeCode() const
{
	bmo_stub_hit("BPath::TypeCode");
	return 0;
}

ssize_t
BPath::FlattenedSize() const
{
	bmo_stub_hit("BPath::FlattenedSize");
	return B_ERROR;
}

status_t
BPath::Flatten(void *, ssize_t) const
{
	bmo_stub_hit("BPath::Flatten");
	return B_ERROR;
}

bool
BPath::AllowsTypeCode(type_code) const
{
	bmo_stub_hit("BPath::AllowsTypeCode");
	return false;
}

status_t
BPath::Unflatten(type_code, const void *, ssize_t)
{
	bmo_stub_hit("BPath::Unflatten");
	return B_ERROR;
}

void
BPath::_WarPath1()
{
	bmo_stub_hit("BPath::_WarPath1");
}

void
BPath::_WarPath2()
{
	bmo_stub_hit("BPath::_WarPath2");
}

void
BPath::_WarPath3()
{
	bmo_stub_hit("BPath::_WarPath3");
}

node_ref::node_ref()
{
	bmo_stub_hit("node_ref::node_ref");
}

node_ref &
node_ref::operator=(const node_ref &)
{
	bmo_stub_hit("node_ref::operator=");
	return *this;
}

BString::BString()
{
	bmo_stub_hit("BString::BString");
}

BString::~BString()
{
	bmo_stub_hit("BString::~BString");
}

bool
BStringList::Add(const BString &)
{
	bmo_stub_hit("BStringList::Add");
	return false;
}

void
BStringList::MakeEmpty()
{
	bmo_stub_hit("BStringList::MakeEmpty");
}

int32
BStringList::CountStrings() const
{
	bmo_stub_hit("BStringList::CountStrings");
	return 0;
}

BString
BStringList::StringAt(int32) const
{
	bmo_stub_hit("BStringList::StringAt");
	return BString();
}
