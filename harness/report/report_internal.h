/*
 * report_internal.h - what the parts of `bench report` share: the 2005
 * reference table and the explanations (report_data.c), their comparison
 * with the results (report_2005.c), the plots (report_plots.c), who wins
 * which rows (report_rank.c) and the answer it gives (report_answer.c),
 * the pages (report_pages.c and a file per page) and the block of the
 * project's README.md (report_readme.c). Computing a table's rows and
 * printing them are separate functions. Nothing here is used outside
 * harness/report/ and the tests.
 */
#ifndef BENCH_REPORT_INTERNAL_H
#define BENCH_REPORT_INTERNAL_H

#include "history.h"
#include "matrix.h"
#include "say.h"
#include "results_read.h"
#include "stats.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>


/* Room for a one-line reason. */
#define REPORT_WHY_MAX 1024

/* The growth from 500 to 5000 items, e = log10(t5000 / t500), and the
 * bounds of its classes (results/README.md). */
#define REPORT_GROWTH_FROM 500u
#define REPORT_GROWTH_TO 5000u
#define REPORT_FLAT_BELOW 0.5
#define REPORT_LINEAR_BELOW 1.35
#define REPORT_SUPERLINEAR_BELOW 1.75

enum report_class {
	REPORT_FLAT,
	REPORT_LINEAR,
	REPORT_SUPERLINEAR,
	REPORT_QUADRATIC
};

/* --- Today's results: the results JSON, through results_read.h ---------- */

/* --- The 2005 reference table (results/messagespeed-2005.csv) ------------- */

struct report_reference_row {
	const char *test;
	enum bench_op op;
	enum bench_type type;
	size_t items;
	double *times;                 /* µs, one per reference backend */
	const char *winner;            /* a backend or "-" */
	const char *haiku_winner;
};

/* Every string points into `text`, which the table owns. */
struct report_reference {
	char *text;
	const char **backends;
	size_t backend_count;
	struct report_reference_row *rows;
	size_t row_count;
};

/* Reads the CSV: `test,op,items,type,<backend>...,Winner,HaikuWinner`. */
bool report_load_reference(const char *path, struct report_reference *reference,
                           char *why, size_t why_size);
void report_reference_free(struct report_reference *reference);

const struct report_reference_row *
report_reference_row(const struct report_reference *reference,
                     enum bench_op op, enum bench_type type, size_t items);

/* The 2005 row of a row of today's run, or NULL: rows of operations the
 * 2005 comparison does not cover, and rows on named messages, have none. */
const struct report_reference_row *
report_reference_row_of(const struct report_reference *reference,
                        const struct bench_file_row *row);
size_t report_reference_backend(const struct report_reference *reference,
                                const char *name);

/* --- The explanations (results/explanations-2005.txt) --------------------- */

enum report_note_kind {
	REPORT_NOTE_SERIES,       /* [Backend Operation Type] */
	REPORT_NOTE_OPERATION,    /* [Operation Type]: said once above them */
	REPORT_NOTE_UNCERTAINTY   /* [uncertainty Backend] */
};

struct report_note {
	enum report_note_kind kind;
	const char *backend;      /* SERIES, UNCERTAINTY */
	enum bench_op op;         /* SERIES, OPERATION */
	enum bench_type type;
	const char *text;         /* paragraphs separated by "\n\n" */
	size_t line;              /* of its key, for messages */
};

/* Every string points into `text`, which the notes own. */
struct report_notes {
	const char *path;
	char *text;
	struct report_note *notes;
	size_t count;
};

/*
 * Reads the explanations. Syntax (the file's own header says it again):
 * '#' starts a comment line; "[KEY]" on a line of its own starts an entry;
 * the lines after it up to the next key are its text, joined with spaces,
 * a blank line starting a new paragraph. Placeholders in the text are
 * checked when the text is expanded (report_expand_note).
 */
bool report_load_notes(const char *path, struct report_notes *notes,
                       char *why, size_t why_size);
void report_notes_free(struct report_notes *notes);

const struct report_note *report_find_note(const struct report_notes *notes,
                                           enum report_note_kind kind,
                                           const char *backend,
                                           enum bench_op op,
                                           enum bench_type type);

/* The key as the file writes it ("R5 Lookup Int32"), into out. */
void report_note_key(const struct report_note *note, char *out,
                     size_t out_size);

/* --- The comparison with 2005 (report_2005.c) ------------------------------ */

/* One backend, operation and type: its growth then and now. */
struct report_series {
	enum bench_op op;
	enum bench_type type;
	const char *backend;
	bool has_then, has_now;
	double e_then, e_now;
	enum report_class class_then, class_now;
	/* Both known and the classes differ, but only within the noise:
	 * 2005's class lies between the classes of today's growth with each
	 * median moved by its MAD either way. Such a series needs no
	 * explanation. */
	bool within_noise;
	bool differs;                     /* both known, classes differ, and
	                                   * not within the noise */
	const struct report_note *note;   /* the explanation, when differs */
};

struct report_comparison {
	/* Winners: the rows of the run that 2005 also has. */
	size_t compared_rows;
	size_t winner_agree;
	size_t haiku_agree;
	size_t ties_then, ties_now;           /* Winner "-" */
	/* Growth: op/type-major, then the backends both tables have, in the
	 * run's order. Series without both sizes in both tables are left
	 * out. */
	struct report_series *series;
	size_t series_count;
	size_t differing;
	size_t within_noise;
	/* The backend the 2005 plot measures against: the run's first
	 * non-Haiku backend that 2005 has (R5), or NULL. */
	const char *base;
};

/*
 * Compares a run with 2005 and finds the explanation of every series whose
 * class differs. Fails, naming the key ("Message2 Lookup Int32") and the
 * file, when one has none.
 */
bool report_compare(const struct bench_run_file *run,
                    const struct report_reference *reference,
                    const struct report_notes *notes,
                    struct report_comparison *comparison, char *why,
                    size_t why_size);
void report_comparison_free(struct report_comparison *comparison);

double report_growth(double from, double to);
enum report_class report_classify(double exponent);
const char *report_class_name(enum report_class class);

/* An exponent as the page prints it: two decimals, or three where two
 * would round it across a class boundary (0.4994 -> "0.499"). */
void report_format_exponent(double exponent, char *out, size_t out_size);

/*
 * Writes a note's text with its placeholders replaced by figures from the
 * two tables and from `counts`, a run of instruction counts (NULL: none;
 * see the explanations files' headers for the list). `series` is the
 * series the note explains (NULL for notes of other kinds). On an unknown
 * placeholder or a figure none of them has, writes a reason naming the key
 * and returns false.
 */
bool report_expand_note(FILE *out, const struct report_note *note,
                        const struct report_notes *notes,
                        const struct report_series *series,
                        const struct bench_run_file *run,
                        const struct bench_run_file *counts,
                        const struct report_reference *reference, char *why,
                        size_t why_size);

/* The same without counts, into a new string (free it); NULL with a
 * reason on failure (out of memory included), so that nothing is written
 * before a note is known to expand. */
char *report_note_text(const struct report_note *note,
                       const struct report_notes *notes,
                       const struct report_series *series,
                       const struct bench_run_file *run,
                       const struct report_reference *reference, char *why,
                       size_t why_size);

/* --- Plots (report_plots.c) ----------------------------------------------- */

enum report_plot_kind {
	REPORT_PLOT_SCALING,      /* one op and type: time against items */
	REPORT_PLOT_RELATIVE,     /* one size: each test against its fastest */
	REPORT_PLOT_VS2005,       /* ratios to the base backend, then and now */
	REPORT_PLOT_REAL,         /* one real operation: each named message
	                           * against its fastest (bars) */
	REPORT_PLOT_HISTORY,      /* one operation: each backend's trend over
	                           * the baseline's versions (report_history.c) */
	REPORT_PLOT_SIZES,        /* each backend's mean size over HMF1's
	                           * (report_sizes.c) */
	REPORT_PLOT_PEERS         /* per operation, each outside library over
	                           * the fastest Haiku design
	                           * (report_formats.c) */
};

#define REPORT_NAME_MAX 64

struct report_plot {
	enum report_plot_kind kind;
	enum bench_op op;         /* SCALING, REAL */
	enum bench_type type;
	size_t items;             /* RELATIVE */
	char name[REPORT_NAME_MAX];   /* "scaling-create-int32": the SVG is
	                               * plots/<name>.svg, its data
	                               * data/<name>.csv */
	char title[128];
};

struct report_history;

struct report_plots {
	struct report_plot *plots;
	size_t count;
	const struct report_history *history; /* the HISTORY plots' data */
	bool drawn;               /* gnuplot ran and wrote every SVG */
	char skipped[256];        /* why not, when !drawn */
};

/* Decides which plots the run allows (SCALING per op/type present,
 * RELATIVE per size, VS2005 when comparison->base is set). */
bool report_plan_plots(const struct bench_run_file *run,
                       const struct report_comparison *comparison,
                       struct report_plots *plots);
void report_plots_free(struct report_plots *plots);

/*
 * Writes dir/data/<name>.csv for every plot and dir/plots.gp, removing
 * stale .csv, .svg and .png files from dir/data and dir/plots first.
 */
bool report_write_plot_files(const char *dir, const struct bench_run_file *run,
                             const struct report_reference *reference,
                             const struct report_comparison *comparison,
                             const struct report_plots *plots, char *why,
                             size_t why_size);

/*
 * Runs `gnuplot` (the program named; looked up in PATH unless it holds a
 * '/') on dir/plots.gp with format 'svg', or 'png' too when png is set.
 * When the program cannot be found, sets plots->skipped and returns true;
 * when it fails, passes on its messages and returns false.
 */
bool report_draw_plots(const char *dir, const char *gnuplot, bool png,
                       struct report_plots *plots, FILE *err, char *why,
                       size_t why_size);

/*
 * The time of the run's backend `column` relative to the base backend's on
 * the same test, in 2005 (*then) and today (*now). False when either table
 * lacks one of the four times.
 */
bool report_relative_to_base(const struct bench_run_file *run,
                             const struct report_reference *reference,
                             const char *base, const struct bench_file_row *row,
                             size_t column, double *then, double *now);

/* A new plot at the end of the list (zeroed), or NULL when out of
 * memory; the first plot of a kind, or NULL. */
struct report_plot *report_add_plot(struct report_plots *plots);
const struct report_plot *report_find_plot(const struct report_plots *plots,
                                           enum report_plot_kind kind);

/* For the plots drawn by other files: the start of a plot in plots.gp,
 * and a column's colour (the Floor's grey) and point shape. */
void report_plot_start(FILE *out, const struct report_plot *plot, int width,
                       int height);
const char *report_plot_colour(size_t column, bool floor);
/* The start of a bar chart of ratios, clustered per x tic, that names
 * the run (its machine, date and commit) in a footnote: its settings up
 * to the plot command, a dashed line at 1, the y axis from 0 or on a log
 * scale. */
void report_histogram_start(FILE *out, const struct report_plot *plot,
                            const struct bench_run_file *run, int width,
                            const char *ylabel, bool log_scale);
#define REPORT_PLOT_COLOURS 8u       /* colours before they repeat */
int report_plot_point(size_t column);

/* --- The history of the instruction baseline (report_history.c) ---------- */

struct report_history {
	bool present;                 /* read; else skipped says why */
	char skipped[1024];
	struct bench_history history;
	struct bench_history_series series;
	struct bench_history_move *moves;
	size_t move_count;
	double percent, minimum;      /* what counts as a move */
};

/* Reads the versions of the baseline `file` (NULL: none given). A history
 * that cannot be read is no failure: present is false and skipped says
 * why. False only when out of memory. */
bool report_load_history(const char *file, struct report_history *history);
void report_history_free(struct report_history *history);

/* Adds a HISTORY plot per operation the history has; false when out of
 * memory. */
bool report_plan_history_plots(struct report_plots *plots,
                               const struct report_history *history);

/* A HISTORY plot's data (data/<name>.csv) and its part of plots.gp. */
void report_history_data(FILE *out, const struct report_history *history,
                         const struct report_plot *plot);
void report_history_script(FILE *out, const struct report_history *history,
                           const struct report_plot *plot);

/* --- The toolchain comparison (report_sensitivity.c) ---------------------- */

/* One results file of scripts/sensitivity (results/README.md). */
struct report_sensitivity_run {
	char path[4096];
	char label[128];              /* the file's name without ".json" */
	char config_text[256];        /* what was in use: "GCC 12.2.0 +
	                               * jemalloc 5.3.0-..." */
	size_t config;                /* its configuration's number */
	struct bench_run_file run;
};

/* How one verdict (Winner or Haiku Winner) fares, per row and in all. */
struct report_verdict_tally {
	bool *changes;                /* per row: not the same in every
	                               * configuration */
	bool *noisy;                  /* per row: not the same in the two
	                               * runs of the noise pair */
	size_t kept;                  /* rows the same in every configuration */
	size_t between_backends;      /* changing rows with two different
	                               * backends among their verdicts (not
	                               * only a backend and a tie) */
	size_t noise;                 /* rows that differ in the noise pair */
	size_t changes_and_noisy;     /* changing rows that differ there too */
};

struct report_sensitivity {
	char dir[4096];
	bool present;                 /* files were found and read */
	char skipped[4200];           /* why not, when !present */
	/* Column order: the configuration run twice first (its runs by
	 * date: the noise pair), then the others as their files come by
	 * name. */
	struct report_sensitivity_run *runs;
	size_t run_count;
	size_t config_count;
	bool has_noise;
	size_t row_count;
	struct report_verdict_tally tallies[2]; /* Winner, Haiku Winner */
};

/*
 * Reads every *.json of dir (through results_read.c) and compares their
 * verdicts. No folder or no file: returns true with present false and
 * skipped saying so. A file that cannot be read, is not a timing run, or
 * holds other tests or backends than the first: false, naming it.
 */
bool report_load_sensitivity(const char *dir,
                             struct report_sensitivity *sensitivity,
                             char *why, size_t why_size);
void report_sensitivity_free(struct report_sensitivity *sensitivity);

/* Two verdicts (a backend, "-", or NULL for none) are the same. */
bool report_same_verdict(const char *a, const char *b);

/* The run that stands for configuration `column` (its earliest), or NULL
 * past the last. */
const struct report_sensitivity_run *
report_sensitivity_column(const struct report_sensitivity *sensitivity,
                          size_t column);

/* The two runs of the noise pair, or NULLs when no configuration was run
 * twice. */
void report_sensitivity_noise(const struct report_sensitivity *sensitivity,
                              const struct report_sensitivity_run **first,
                              const struct report_sensitivity_run **second);

/* --- Re-creations against the original code (report_originals.c) -------- */

/* A ratio re-creation / original inside this band needs no explanation. */
#define REPORT_ORIGINALS_BAND_LOW 0.8
#define REPORT_ORIGINALS_BAND_HIGH 1.25

struct report_original_row {
	const struct bench_file_row *row;        /* of the timed run */
	const struct bench_file_cell *re, *orig; /* timed; NULL: no cell */
	const struct bench_file_cell *re_count, *orig_count; /* counted */
	double time_ratio;        /* re / orig; < 0: no figure */
	double instruction_ratio; /* < 0: no counted figure */
	/* Of the design's own instructions, without the layer, the adapter
	 * or the shared check (harness/README.md §5.6); < 0: not split. */
	double design_ratio;
	int same_bytes;           /* 1 or 0 on flat rows, -1 elsewhere */
	bool outside;             /* the deciding ratio is outside the band */
	const struct report_note *note; /* its explanation, when outside */
};

struct report_original_pair {
	const char *recreation;
	const char *original;
	struct report_original_row *rows; /* the run's matrix rows */
	size_t row_count;
	double median_time;         /* < 0: none */
	double median_instructions; /* < 0: none */
	double median_design;       /* < 0: none */
	size_t counted_rows;        /* rows with an instruction ratio */
	size_t counted_in_band;
	/* Rows with a design ratio, of the 2005 matrix and the others (the
	 * validated rows), and how many of each lie within the band. */
	size_t design_rows[2];
	size_t design_in_band[2];
	size_t outside_rows;
};

struct report_originals {
	struct report_original_pair *pairs; /* one per original in the run */
	size_t count;
	bool counted;                       /* a counted run was given */
	const struct bench_run_file *counts; /* it, or NULL */
};

/*
 * Sets each original backend of `run` beside its re-creation (the
 * counterpart its descriptor names), row by row, with the instruction
 * counts of `counts` (NULL: none). A row whose ratio lies outside the band
 * needs an entry [<re-creation> <Operation> <Type>] in `notes`; without
 * one, writes a reason naming the key and returns false.
 */
bool report_compare_originals(const struct bench_run_file *run,
                              const struct bench_run_file *counts,
                              const struct report_notes *notes,
                              struct report_originals *originals, char *why,
                              size_t why_size);
void report_originals_free(struct report_originals *originals);

/* --- Who wins which rows (report_rank.c) ---------------------------------- */

/* True for a row of the real operations (on a named message). */
bool report_row_is_real(const struct bench_file_row *row);

/* The groups of rows a ranking counts; a row may be in several. */
enum report_group {
	REPORT_GROUP_2005,     /* the tests of 2005 */
	REPORT_GROUP_SENT,     /* Send and Receive: messages sent (IPC) */
	REPORT_GROUP_STORED,   /* Load and Save: messages stored */
	REPORT_GROUP_FLAT,     /* the matrix's Flatten and Unflatten rows */
	REPORT_GROUP_COUNT
};

const char *report_group_title(enum report_group group);
bool report_row_in_group(const struct bench_file_row *row,
                         enum report_group group);

/* What a group of rows says of one backend. */
struct report_standing {
	size_t wins;          /* Winner */
	size_t haiku_wins;    /* Haiku Winner */
	size_t fastest;       /* fastest overall (report_fastest_overall) */
	double log_sum;       /* of time / the fastest Haiku design's */
	size_t ratios;
};

struct report_ranking {
	struct report_standing *standings[REPORT_GROUP_COUNT]; /* per backend */
	size_t rows[REPORT_GROUP_COUNT];
};

bool report_rank(const struct bench_run_file *run,
                 struct report_ranking *ranking);
void report_ranking_free(struct report_ranking *ranking);

/* The geometric mean of a Haiku design's time over the fastest Haiku
 * design's (0 without a ratio). */
double report_geometric_mean(const struct report_standing *standing);

/* The Haiku design with the most Haiku Winners among `standings` (the
 * lowest geometric mean breaks a tie), or SIZE_MAX. */
size_t report_leader(const struct bench_run_file *run,
                     const struct report_standing *standings);

/*
 * The backend that is fastest overall on a row: the one the tie rule
 * (bench_decide, harness/README.md §4.2) names among every backend of the
 * run with a figure, the proposal and the original code included, the
 * Floor never. SIZE_MAX on a tie for the lowest median or when no backend
 * has a figure. Neither Winner column counts it: it says how a backend
 * that does not compete stands. candidates: scratch, one per backend.
 */
size_t report_fastest_overall(const struct bench_run_file *run,
                              const struct bench_file_row *row,
                              struct bench_candidate *candidates);

/* Proposal `proposal`'s standing on a row against the best competitor
 * (bench_standing, stats.h), and that competitor's name. */
struct bench_standing report_proposal_standing(
	const struct bench_run_file *run, const struct bench_file_row *row,
	size_t proposal, const char **best_name);

struct report_proposal_tally {
	size_t known;         /* rows with a standing */
	size_t held;
	size_t by_floor;      /* held by the format exception */
	size_t fastest;       /* rows where it is fastest overall */
	double mean_ratio;    /* geometric mean of its ratio to the best */
};

/* False when out of memory. */
bool report_tally_proposal(const struct bench_run_file *run, size_t proposal,
                           struct report_proposal_tally *tally);

/* Whether the original code, ranked by the tie rule among the originals
 * alone, names the same fastest Haiku design as the re-creations (the
 * Haiku Winner), on every row and on the IPC and storage rows. */
struct report_agreement {
	size_t rows, same;          /* rows where both name a verdict */
	size_t use_rows, use_same;  /* of them, the SENT, STORED, FLAT ones */
};

bool report_originals_agree(const struct bench_run_file *run,
                            struct report_agreement *agreement);

/* --- The answer (report_answer.c) ----------------------------------------- */

struct report_answer {
	const struct bench_run_file *run;
	size_t ipc;               /* the pick for IPC (SENT), or SIZE_MAX */
	size_t storage;           /* for storage (STORED and FLAT) */
	size_t rows[REPORT_GROUP_COUNT];
	/* The pick's Haiku Winners: the IPC pick's in SENT, the storage
	 * pick's in the others. */
	size_t pick_wins[REPORT_GROUP_COUNT];
	struct report_agreement agreement;
};

bool report_answer(const struct bench_run_file *run,
                   struct report_answer *answer);

/* "From <source_link> (date, CPU, cores):" */
void report_put_lead(FILE *out, const struct bench_run_file *run,
                     const char *source_link);
/* The list items of the answer: the picks, each proposal's standing, the
 * originals' agreement. */
void report_put_picks(FILE *out, const struct report_answer *answer);
bool report_put_proposals(FILE *out, const struct bench_run_file *run);
void report_put_originals(FILE *out, const struct report_answer *answer);

/* --- Sizes (report_sizes.c) ----------------------------------------------- */

/* A message of the sizes as the pages name it: "5 Int32, one field", or
 * the named message's name. */
void report_size_label(const struct bench_file_size_row *row, char *out,
                       size_t out_size);

/* The geometric mean over the run's messages of a backend's size (its
 * flattened bytes, or those compressed) over the message's HMF1 size, in
 * *mean; returns how many messages it has a size of (0: *mean is 0). */
size_t report_size_mean(const struct bench_run_file *run, size_t backend,
                        bool compressed, double *mean);

/* The plot of the sizes when the run has them; false when out of memory.
 * Its data (data/sizes.csv) and its part of plots.gp. */
bool report_plan_size_plots(struct report_plots *plots,
                            const struct bench_run_file *run);
void report_sizes_data(FILE *out, const struct bench_run_file *run);
void report_sizes_script(FILE *out, const struct bench_run_file *run,
                         const struct report_plot *plot);

/* --- The outside libraries (report_formats.c) ----------------------------- */

/* One library against the fastest Haiku design of each row it shares with
 * one, over an operation's rows or every row. */
struct report_peer_tally {
	size_t rows;
	size_t faster;            /* rows where the library is ahead by the
	                           * tie rule between the two */
	double log_sum;           /* of its median over the design's */
	size_t alloc_rows;        /* rows where both have a count */
	double allocs, haiku_allocs; /* summed over those */
};

struct report_peers {
	size_t count;             /* the run's libraries (bench_kind_
	                           * follows_designs) */
	size_t *backends;         /* their columns */
	/* [peer * (BENCH_OP_COUNT + 1) + op]; op BENCH_OP_COUNT: every row */
	struct report_peer_tally *tallies;
	/* Per operation, the Haiku design fastest on most of its rows
	 * compared, or SIZE_MAX where none is. */
	size_t leaders[BENCH_OP_COUNT];
	size_t rows;              /* rows with a design and a library */
	size_t haiku_ahead;       /* the design ahead of every library */
	size_t peer_ahead;        /* a library ahead of the design */
};

/* Compares the run's libraries with its Haiku designs (none: count 0);
 * false when out of memory. The trusting Unflatten rows are left out: a
 * library's Unflatten checks its bytes, as the designs' validated rows
 * do. */
bool report_compare_peers(const struct bench_run_file *run,
                          struct report_peers *peers);
void report_peers_free(struct report_peers *peers);
double report_peer_mean(const struct report_peer_tally *tally);

/* Two sentences: where the Haiku designs stand against the libraries. */
void report_put_peer_standing(FILE *out, const struct bench_run_file *run,
                              const struct report_peers *peers);

/* The README's list item on the libraries; nothing without them. False
 * when out of memory. */
bool report_put_peers(FILE *out, const struct bench_run_file *run);

/* The plot of the libraries when the run has any; false when out of
 * memory. Its data (data/formats.csv) and its part of plots.gp. */
bool report_plan_peer_plots(struct report_plots *plots,
                            const struct bench_run_file *run);
void report_peers_data(FILE *out, const struct bench_run_file *run);
void report_peers_script(FILE *out, const struct bench_run_file *run,
                         const struct report_plot *plot);

/* --- The block of the project's README.md (report_readme.c) -------------- */

#define REPORT_README_BEGIN "<!-- bench report: begin"
#define REPORT_README_END "<!-- bench report: end -->"

/* Writes the block, its marker lines included: the answer and the results
 * table of the backends that compete. `source` is the results file as the
 * README names it. */
bool report_readme_block(FILE *out, const struct bench_run_file *run,
                         const char *source, char *why, size_t why_size);

/* The two marker lines around a block bench report writes into a page
 * it does not own: the README's (below) and harness/README.md's table of
 * the call layer (report_layer.c). */
struct report_markers {
	const char *begin;   /* the first line starts with it */
	const char *end;     /* the last line is it */
};
extern const struct report_markers report_readme_markers;

/* Finds the block in `text` (the file at `path`): [*begin, *end). */
bool report_block_find(const struct report_markers *markers, const char *path,
                       const char *text, size_t *begin, size_t *end,
                       char *why, size_t why_size);

/* True when text's block is `block`; else a reason naming the first line
 * that differs. */
bool report_block_compare(const struct report_markers *markers,
                          const char *path, const char *text,
                          const char *block, char *why, size_t why_size);

/* A new text with the block replaced (free it); NULL with a reason. */
char *report_block_replace(const struct report_markers *markers,
                           const char *path, const char *text,
                           const char *block, char *why, size_t why_size);

/* --- The call layer's cost (report_layer.c) ----------------------------- */

extern const struct report_markers report_layer_markers;

/* The table of the layer's cost per operation from the split of the
 * counted run `counts` (harness/README.md §5.6), or one line saying it has
 * none. False when out of memory. */
bool report_layer_table(FILE *out, const struct bench_run_file *counts);

/* Writes (or with `check`, compares) the block of `readme` between
 * report_layer_markers: the table of `counts`, read from `source`. */
bool report_layer_block(const char *readme, const char *source,
                        const struct bench_run_file *counts, bool check,
                        char *why, size_t why_size);

/* The README.md a report of `file` into `dir` rewrites the block of:
 * <root>/README.md when file is <root>/results/latest.json and dir is
 * <root>/report (the committed results into the same tree); false (and
 * "") for any other report. */
bool report_readme_of(const char *file, const char *dir, char *readme,
                      size_t readme_size);

/* The README at `readme` with its block made from `run` (read from
 * `file`, which the block names relative to the README), as a new text
 * (free it); NULL with a reason. */
char *report_readme_update(const char *readme, const char *file,
                           const struct bench_run_file *run, char *why,
                           size_t why_size);

/* True when the README's block is what `run` gives; else a reason naming
 * the first line that differs. */
bool report_readme_check(const char *readme, const char *file,
                         const struct bench_run_file *run, char *why,
                         size_t why_size);

/* --- The pages (report_pages.c and one file per page) -------------------- */

/* What every page is made from, and how the pages name their inputs. */
struct report_page_input {
	const struct bench_run_file *run;
	const char *source;       /* the JSON as the page names it */
	const struct report_reference *reference;
	const char *reference_source;
	const struct report_notes *notes;
	const char *notes_source;
	const struct report_comparison *comparison;
	const struct report_plots *plots;
	const struct report_sensitivity *sensitivity;
	const char *sensitivity_source; /* its folder as the page names it */
	const struct report_originals *originals;
	const struct report_notes *original_notes;
	const char *original_notes_source;
	const char *counts_source;      /* the counted run, as named */
	const struct report_history *history;
};

/* The first characters of every generated page. */
#define REPORT_PAGE_MARKER "<!-- Written by `bench report`"
#define REPORT_SUMMARY_TITLE "Results report"

typedef bool report_page_writer(FILE *out,
                                const struct report_page_input *input,
                                char *why, size_t why_size);

/* A page of the report beside its summary (README.md). */
struct report_page {
	const char *file;          /* "results.md", in the report's folder */
	const char *title;         /* its heading and its link's text */
	const char *holds;         /* what it holds, for the summary's list */
	report_page_writer *write; /* its body, after its heading */
	report_page_writer *findings; /* its "###" parts of the summary's
	                               * findings, or NULL */
	report_page_writer *other_runs; /* says which runs other than the
	                                 * reported one the page shows, after
	                                 * the line that names the report; NULL
	                                 * when it shows none */
};

/* The list of pages, in the summary's order. */
const struct report_page *report_pages(size_t *count);

/* Writes the summary and every page into dir (nothing when one fails). */
bool report_write_pages(const char *dir, const struct report_page_input *input,
                        char *why, size_t why_size);

/* Whether the report owns the file `relative` of an old report's folder
 * (`old` is its path): the summary, the pages of the list and every page
 * with the generated pages' marker, plots.gp, the CSV files of data/
 * and the SVG and PNG files of plots/. A new report replaces or drops them; what it
 * does not own is carried into it (output_folder.h). */
bool report_claims(const char *relative, const char *old);

/* The machine table; `summary`: only the rows the summary shows. */
void report_write_machine(FILE *out, const struct bench_run_file *run,
                          bool summary);

/* "![title](plots/name.svg)" */
void report_put_image(FILE *out, const struct report_plot *plot);

report_page_writer report_write_real_page, report_real_findings;
report_page_writer report_write_results_page, report_results_findings;
report_page_writer report_write_2005_page, report_2005_findings;
report_page_writer report_write_originals_page, report_originals_findings,
	report_originals_runs;
report_page_writer report_write_toolchain_page, report_toolchain_findings,
	report_toolchain_runs;
report_page_writer report_write_history_page, report_history_findings,
	report_history_runs;
report_page_writer report_write_sizes_page, report_sizes_findings;
report_page_writer report_write_formats_page, report_formats_findings;

/* "<date>, commit `<commit>`" of a run, for the sentences that name
 * another run than the reported one. */
void report_put_run(FILE *out, const struct bench_run_file *run);

/* --- Markdown (report_grid.c) ------------------------------------------- */

/* A path as the page names it: a link when relative to the repository. */
void report_put_source(FILE *out, const char *path);

/* Text inside a Markdown table cell: '|' would end the cell, a newline
 * the row. */
void report_put_cell(FILE *out, const char *text);

/* A Markdown table with aligned columns; row 0 is the heading. */
#define REPORT_GRID_TEXT_MAX 96

struct report_grid {
	size_t rows, columns;
	char (*cells)[REPORT_GRID_TEXT_MAX];
	bool *right;              /* per column: right-aligned */
};

bool report_grid_init(struct report_grid *grid, size_t rows, size_t columns);
void report_grid_free(struct report_grid *grid);
void report_grid_set(struct report_grid *grid, size_t row, size_t column,
                     const char *format, ...) BENCH_PRINTF(4, 5);
void report_grid_write(FILE *out, const struct report_grid *grid);

/* Writes the grid when `made` (its rows were computed), then frees it;
 * returns `made`. */
bool report_grid_put(FILE *out, struct report_grid *grid, bool made);

/* A results-file cell as a table shows it: "-" when the row has no such
 * column (or cell is NULL), "ERR", "n/a", or its median in ns. */
void report_cell_text(char *out, size_t size,
                      const struct bench_file_cell *cell);

/* A verdict as a table shows it: the backend, "-" or "n/a" (NULL), and how
 * sure it is when below the threshold (bench_confidence_text;
 * confidence -1: none). */
void report_verdict_text(char *out, size_t size, const char *verdict,
                         double confidence);

/* Of the run's Winner ([0]) and Haiku Winner ([1]) verdicts, how many have
 * a confidence (rated) and how many of those are below the threshold
 * (low; harness/README.md §4.3). */
void report_tally_confidences(const struct bench_run_file *run,
                              size_t low[2], size_t rated[2]);

/* The backend of a full table's position-th backend column: the designs
 * in the run's order, then the outside libraries (bench_column_order);
 * SIZE_MAX past the last. */
size_t report_column_backend(const struct bench_run_file *run,
                             size_t position);

/* A results table's header in row 0: `first` in column 0, then a column
 * per backend, the Floor, the Winner and the Haiku Winner. Returns the
 * column after them. */
size_t report_grid_results_header(struct report_grid *grid,
                                  const struct bench_run_file *run,
                                  const char *first);

/* Row `line` of a results table: every backend's cell, the Floor, the
 * Winner and the Haiku Winner of `row` (column 0 is the caller's). */
void report_grid_results_row(struct report_grid *grid, size_t line,
                             const struct bench_run_file *run,
                             const struct bench_file_row *row);

/* --- Helpers (report_io.c; report_lowercase in report_plots.c) ----------- */

/* Writes a text into `out`; false with a reason. */
typedef bool report_text_writer(FILE *out, const void *context, char *why,
                                size_t why_size);

/* What `write` writes, in memory (free it), its length in *length (when
 * not NULL); NULL with a reason, so that nothing is written to a file
 * before the whole text is known. */
char *report_text(report_text_writer *write, const void *context,
                  size_t *length, char *why, size_t why_size);

/* A whole text file, NUL-terminated (free it); NULL with a reason naming
 * the file (a NUL byte in it included). */
char *report_read_text(const char *path, char *why, size_t why_size);

/* Writes text[0..length) to path through a temporary file beside it and a
 * rename. */
bool report_write_file(const char *path, const char *text, size_t length,
                       char *why, size_t why_size);


/* "Create" -> "create", for file names. */
void report_lowercase(const char *in, char *out, size_t out_size);

#endif /* BENCH_REPORT_INTERNAL_H */
