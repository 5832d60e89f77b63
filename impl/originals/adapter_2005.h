/*
 * adapter_2005.h - what the three 2005 adapters share beyond adapter.h:
 * their unflatten, and the block cache made at load time. Included by
 * message1_2005.cpp, message2_2005.cpp and message3_2005.cpp after their
 * design's header.
 */
#ifndef BMO_ADAPTER_2005_H
#define BMO_ADAPTER_2005_H

namespace {

/*
 * The 2005 BMessage makes the block cache behind its operator new (10
 * blocks, kept for good) on the first new BMessage. The adapter makes it
 * when the shared object is loaded, as today's libbe does in
 * BMessage::_StaticInit, so that it is not counted against the first
 * message a test or a cell creates.
 */
__attribute__((constructor)) void
make_message_cache()
{
	delete new BMessage;
}

/*
 * The design's own Unflatten(const char *) on FOB1 bytes in host order.
 * That call reads as many bytes as the flattened size in the header says
 * (a BMemoryIO over them); the adapter first checks that those bytes are
 * there.
 */
int
unflatten_2005(BMessage *message, const void *data, bmo_size_t size)
{
	const uint32 magic = 'FOB1';
	uint32 word[3];
	if (size < sizeof word)
		return BM_UNSUPPORTED;
	std::memcpy(word, data, sizeof word);
	if (word[0] != magic)
		return BM_UNSUPPORTED;
	if (word[2] > size)
		return BM_BAD_VALUE;
	return bmo::to_bm_status(
	    message->Unflatten(static_cast<const char *>(data)));
}

} // namespace

#endif /* BMO_ADAPTER_2005_H */
