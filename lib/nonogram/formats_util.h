/*
 * Internal: the plain-data puzzle spec of the file formats (pc__nspec), what
 * the format readers share (formats_util.c: growing clue vectors, one
 * clue-line parser for every line-based format, the size check, palette
 * look-ups) and each format's reader and writer.  A reader given no palette
 * reads black and white; given one, clues may carry their colour's symbol.
 */
#ifndef PC_NONOGRAM_FORMATS_UTIL_H
#define PC_NONOGRAM_FORMATS_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "common/text.h"
#include "puzzlecore/nonogram.h"

struct pc__ncpalette;

typedef struct pc__nspec {
    int32_t w, h;
    /* [0] rows (h lines), [1] columns (w lines); an empty line is count 1,
     * clue 0.  colours[a] runs parallel to clues[a] (0 for an empty line's
     * 0), or is NULL: every clue of colour 1 (black and white). */
    int32_t *counts[2], *clues[2];
    uint8_t *colours[2];
    struct pc__ncpalette *pal; /* NULL: black and white (the default palette) */
    uint8_t *goal;             /* w*h palette indices (0/1 in black and white), or NULL */
    uint8_t *givens;           /* w*h 0/1/2, or NULL (Tatham) */
    char *id;                  /* NUL-terminated, or NULL */
    char *title;
} pc__nspec;

void pc__nspec_init(pc__nspec *sp);
void pc__nspec_free(pc__nspec *sp);

static inline int pc__nf_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

static inline int pc__nf_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* A growing int32_t vector (bad: an allocation failed). */
typedef struct {
    int32_t *a;
    size_t n, cap;
    int bad;
} pc__nivec;

void pc__niv_push(pc__nivec *v, int32_t x);

/* The clues of both axes as a reader finds them: per line a count, per
 * clue a value and (coloured) a colour. */
typedef struct {
    pc__nivec counts[2], clues[2], colours[2];
    int coloured; /* keep colours (a palette was read) */
} pc__nclueset;

/* One more clue (colour 0 for an empty line's 0), one more line of k clues. */
void pc__nclueset_clue(pc__nclueset *cs, int axis, int32_t v, int32_t colour);
void pc__nclueset_line(pc__nclueset *cs, int axis, int32_t k);
/* Move the clues into the spec (the set is left empty): PC_OK, PC_ENOMEM. */
int32_t pc__nclueset_finish(pc__nclueset *cs, pc__nspec *sp);
void pc__nclueset_free(pc__nclueset *cs);

/*
 * Parse one line of clues into axis `axis` of cs: numbers separated by any
 * of `seps` (and white space); an empty line or a single 0 is the empty
 * line.  With a palette, a number may be followed by a colour's symbol
 * (none: colour 1).  (line, col) is where s[0] stands; maxlen > 0 bounds a
 * clue.  Returns the number of clues of the line, or PC_EPARSE / PC_ENOMEM.
 */
int32_t pc__nf_parse_clues(const char *s, size_t n, const char *seps, const struct pc__ncpalette *pal,
                           pc__nclueset *cs, int axis, int32_t line, int32_t col, int32_t maxlen, char *err,
                           size_t errcap);

/* "size WxH out of range" unless 1 <= w, h <= the side limit and w*h <= the cells limit. */
int32_t pc__nf_check_size(int64_t w, int64_t h, int32_t line, int32_t col, char *err, size_t errcap);

/* The index of the entry with symbol c among palette entries from .. n, or -1. */
int pc__nf_palette_sym(const struct pc__ncpalette *p, int32_t from, char c);


/* ---- the readers and writers of each format (one file each) ---------------- */

/* .non (formats_non.c): the section's text, line0 as in pc__nsection. */
int32_t pc__nnon_parse(const char *text, size_t len, int32_t line0, pc__nspec *sp, char *err, size_t errcap);
void pc__nnon_write(const pc__nspec *sp, pc__sb *sb);

/* webpbn XML (formats_xml.c): the <puzzle> element at byte `at` of the
 * whole text; pc__nxml_next_puzzle gives the offset of the next "<puzzle"
 * tag at or after `from`, or (size_t)-1. */
int32_t pc__nxml_parse(const char *text, size_t len, size_t at, pc__nspec *sp, char *err, size_t errcap);
size_t pc__nxml_next_puzzle(const char *text, size_t len, size_t from);
void pc__nxml_write(const pc__nspec *sp, pc__sb *sb);

/* TCGA/TAAI question and solution files and Tatham ids (formats_tcga.c):
 * black-and-white formats. */
int32_t pc__ntcga_parse(const char *text, size_t len, int32_t line0, pc__nspec *sp, char *err, size_t errcap);
int32_t pc__ntcga_parse_solution(const char *text, size_t len, int32_t line0, pc__nspec *sp, char *err,
                                 size_t errcap);
int32_t pc__ntcga_write(const pc__nspec *sp, pc__sb *sb, int solution, int32_t number);
int32_t pc__ntatham_parse(const char *s, size_t n, int32_t line, pc__nspec *sp, char *err, size_t errcap);
void pc__ntatham_write(const pc__nspec *sp, pc__sb *sb);

#endif
