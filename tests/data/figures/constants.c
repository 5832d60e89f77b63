/* Constants, sizes and thresholds, none of them a figure of a run: the
 * message of 5 Int32s flattens to 117 bytes in HMF1, behind a 68-byte
 * header with 5 buckets; R5's header flag is 0x01, and a tunable of
 * 0x200000 bytes. A sample lasts at least 1 ms (1 ms by default), and a
 * round holds at most 256 KiB of messages. Ties are decided at 2 %: the
 * runner-up within 2 % or within the measured noise of either; a proposal
 * holds a row within 1.1 times the Floor. A ratio in 0.8-1.25 counts as
 * even. A child still running after 3 s counts as hung, and CI's budget
 * is 30 minutes. A dump holds 0 instructions when collection is off. */
#define TIE_PERCENT 2 /* 2 % at least; the measured noise may widen it */

// C++ comments too: a cell regresses when its count grew by more than
// 2 % and by more than 20 instructions an operation; for times the
// default is 10 %. The table writes `1.32x, 1.02x Floor`.
static const char text[] = "took 12 ns instead of 15 // not a comment";
static const char quote = '"'; static const char *s = "/* took 12 ns instead of 15 */";
