	/* `what` is a public member, and the header's copy of it is read
	 * nowhere else: written into the copy only, not into the header
	 * before copying it, where the header's 16-byte loads would wait for
	 * that 4-byte store (a store-forwarding stall; small Flatten rows 3
	 * to 5 % faster without it here). */
