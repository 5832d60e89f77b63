		/* As many field headers as the first block holds (24 to 192
		 * bytes), copied inline rather than by a call (small Flatten
		 * rows 0.78 to 0.95 times the call's time here): 32 bytes a
		 * step, the last step ending at the end, over bytes the one
		 * before it copied (so no step of fewer bytes). */
