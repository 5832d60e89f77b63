/*
 * explain_names.h - the names of the explaining build of the shared
 * checks (explain.c, refusal.h): each function fob1.c, fob2.c, hmf1.c and
 * decode.c define, renamed, so that both builds link into one program and
 * the explaining one calls its own. A function added to those files that
 * other files call gets its line here, or the link fails with a
 * duplicate symbol.
 */
#ifndef BM_EXPLAIN_NAMES_H
#define BM_EXPLAIN_NAMES_H

#define bm__r5_checksum bm__explaining_r5_checksum
#define bm__r5_next bm__explaining_r5_next
#define bm__r5_next_chunk bm__explaining_r5_next_chunk
#define bm__r5_open bm__explaining_r5_open
#define bm__r5_record_header_size bm__explaining_r5_record_header_size
#define bm__r5_write_header bm__explaining_r5_write_header
#define bm__r5_write_record_header bm__explaining_r5_write_record_header
#define bm__r5_write_var_item bm__explaining_r5_write_var_item
#define bm__dano_item bm__explaining_dano_item
#define bm__dano_next bm__explaining_dano_next
#define bm__dano_open bm__explaining_dano_open
#define bm__hmf1_check bm__explaining_hmf1_check
#define bm_decode bm__explaining_decode

#endif /* BM_EXPLAIN_NAMES_H */
