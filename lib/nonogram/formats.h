/*
 * Internal: the file formats as plain data (pc__nspec), so that parsing and
 * writing are independent of the puzzle handle.  formats_io.c turns specs
 * into pc_nonogram handles and back.
 */
#ifndef PC_NONOGRAM_FORMATS_H
#define PC_NONOGRAM_FORMATS_H

#include <stddef.h>
#include <stdint.h>

#include "common/text.h"

typedef struct pc__nspec {
    int32_t w, h;
    int32_t *row_counts, *row_clues; /* h counts; an empty line is count 1, clue 0 */
    int32_t *col_counts, *col_clues;
    uint8_t *goal;   /* w*h 0/1, or NULL */
    uint8_t *givens; /* w*h 0/1/2, or NULL (Tatham) */
    char *id;        /* NUL-terminated, or NULL */
    char *title;
} pc__nspec;

void pc__nspec_init(pc__nspec *sp);
void pc__nspec_free(pc__nspec *sp);

/* Guess the format of a text: a pc_nonogram_format, or PC_EPARSE. */
int32_t pc__nformat_detect(const char *text, size_t len);

/* How many puzzles the text holds (>= 1), or PC_EPARSE / PC_EINVAL. */
int32_t pc__nformat_count(const char *text, size_t len, int32_t format, char *err, size_t errcap);

/* Parse puzzle `index`: PC_OK, PC_EPARSE (err names line and column),
 * PC_ENOTFOUND (fewer puzzles), PC_ENOMEM, PC_EINVAL (format). */
int32_t pc__nformat_parse(const char *text, size_t len, int32_t format, int32_t index, pc__nspec *out,
                          char *err, size_t errcap);

/* Append the spec in a format to sb: PC_OK, PC_ERANGE (TCGA not square),
 * PC_ENOTFOUND (TCGA_SOLUTION without goal), PC_EINVAL. */
int32_t pc__nformat_write(const pc__nspec *sp, int32_t format, pc__sb *sb);

/* Byte range and first line (minus 1) of section `index` of a line-based
 * format (kind 'N' .non, 'T' TCGA, 'I' Tatham): PC_OK, PC_EPARSE (no
 * puzzle at all), PC_ENOTFOUND (fewer sections). */
int32_t pc__nformat_section(const char *text, size_t len, int kind, int32_t index, size_t *start, size_t *end,
                            int32_t *line0);

#endif
