/*
 * Whether every field header of the copy passes what Haiku's
 * _ValidateMessage checks, made exact: its name and data inside the data
 * area, next_field -1 or inside the field array (Haiku lets next_field ==
 * field_count through). Checked on the copy, which was just written (and
 * so is in the cache), returning at the first bad field: measured on this
 * project's machine, the loop that accumulated the checks without a
 * branch took 1.35 times Message4's Unflatten of 5000 one-item fields,
 * this one 0.95 to 1.0 times (impl/README.md has how that ratio
 * moves with where the heap puts the blocks). Two tests and a return, as
 * here: the same checks as one && condition in a helper of their own
 * compiled to a loop that made the Unflatten of 5000 one-item fields 1.8
 * times as slow (14.5 us against 8.0). The rest is checked by the read
 * that reaches it.
 */
