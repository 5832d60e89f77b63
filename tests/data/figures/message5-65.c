/* Which way a branch of a find's variable-size path goes most often: GCC
 * lays that way out without a taken jump. The way of a message with no
 * offset index, built by adds (a walk of unchecked prefixes), took
 * tRead5String from 1.15-1.22 to 1.03-1.06 times R5 in stretches where
 * this machine ran everything ~1.6 times slower; the other ways pay one
 * taken jump more. */
