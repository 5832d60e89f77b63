	/* Member by member: gcc compiles a memset of the whole object to a
	 * `rep stos`, whose start-up cost made tSendRefsReceived 65 ns
	 * instead of 51 on this project's machine. */
