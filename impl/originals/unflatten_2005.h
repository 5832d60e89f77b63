/*
 * unflatten_2005.h - the unflatten of the three 2005 adapters. Included by
 * message1_2005.cpp, message2_2005.cpp and message3_2005.cpp after their
 * design's header.
 */
#ifndef BMO_UNFLATTEN_2005_H
#define BMO_UNFLATTEN_2005_H

namespace {

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

#endif /* BMO_UNFLATTEN_2005_H */
