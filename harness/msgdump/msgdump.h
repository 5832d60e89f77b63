/*
 * msgdump.h - msgdump's printers and its whole program, as a library that the
 * tests call in process (harness/msgdump/msgdump_main.c only calls msgdump_main).
 *
 * Every printer reads a message through the API only (bm_field_at,
 * bm_find_data), so it shows the message as the backend holds it, fields
 * in the backend's iteration order.
 */
#ifndef BENCH_MSGDUMP_H
#define BENCH_MSGDUMP_H

#include "bmsg.h"

#include <stdio.h>

/*
 * Prints msg as one line of JSON and a newline, in the form of the
 * fixtures' .json files (harness/README.md §9):
 * {"format":F,"what":W,"fields":[{"name":N,"type":T,"items":[H,...]},...]}
 * with no spaces. F is bm_format_name(format); W the what code as an
 * unsigned number; N the name's bytes read as Latin-1 (\" \\ \b \f \n \r
 * \t, other control characters and every byte from 0x7f up as \u00xx,
 * lowercase); T the four characters of the type code, or
 * "0x%08x" when one of them is not printable ASCII; H the lowercase hex of
 * one item. Returns BM_OK or the status of a failed find.
 */
int msgdump_json(FILE *out, const bm_message *msg, enum bm_format format);

/*
 * Prints msg for people, in the layout of Haiku's BMessage::PrintToStream()
 * (haiku/haiku:src/kits/app/Message.cpp): "BMessage('what') {", one line
 * per item ("name = int32(0x5 or 5)", "name[1] = string(\"x\", 2 bytes)"),
 * nested messages unflattened with msg's backend and printed indented,
 * then "}". Returns BM_OK or the status of a failed find.
 */
int msgdump_human(FILE *out, const bm_message *msg);


/*
 * The msgdump program: msgdump [--backend NAME] [--json] [--reflatten OUT]
 * FILE. Prints to `out`, reasons to `err` (one line each). Returns the exit
 * status: 0 on success, 1 on a bad file (or one that cannot be read or
 * written), 2 on bad usage.
 */
int msgdump_main(int argc, char **argv, FILE *out, FILE *err);

#endif /* BENCH_MSGDUMP_H */
