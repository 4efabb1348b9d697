/*
 * Internal: the file formats as plain data (pc__nspec), so that parsing and
 * writing are independent of the puzzle handle.  formats_io.c turns specs
 * into pc_nonogram handles and back.
 *
 * The spec type (formats_util.h) is one for black-and-white and colour
 * puzzles: a black-and-white puzzle is the one-colour case (no palette, no
 * clue colours).  The readers and writers of each format live in their own
 * file (formats_non.c, formats_xml.c, formats_tcga.c for TCGA and Tatham
 * ids), on formats_util.c; formats.c finds the puzzles of a text and
 * dispatches.
 */
#ifndef PC_NONOGRAM_FORMATS_H
#define PC_NONOGRAM_FORMATS_H

#include <stddef.h>
#include <stdint.h>

#include "common/text.h"
#include "nonogram/formats_util.h"
#include "puzzlecore/nonogram.h"

/* Guess the format of a text: a pc_nonogram_format, or PC_EPARSE. */
int32_t pc__nformat_detect(const char *text, size_t len);

/* How many puzzles the text holds (>= 1), or PC_EPARSE / PC_EINVAL. */
int32_t pc__nformat_count(const char *text, size_t len, int32_t format, char *err, size_t errcap);

/* Append the spec in a format to sb: PC_OK, PC_ERANGE (TCGA not square),
 * PC_ENOTFOUND (TCGA_SOLUTION without goal), PC_EINVAL (a spec with a
 * palette in TCGA or Tatham, or another format). */
int32_t pc__nformat_write(const pc__nspec *sp, int32_t format, pc__sb *sb);

/* Where one puzzle of a multi-puzzle text lies: bytes [start, end) and the
 * number of the line before its first (for error messages).  For XML,
 * start is the offset of the <puzzle tag and end the text's end. */
typedef struct pc__nsection {
    size_t start, end;
    int32_t line0;
} pc__nsection;

/* Every section of a text in a format (not AUTO), found in one pass:
 * *out is a pc__malloc'd array of *count >= 1 sections.  PC_EPARSE (no
 * puzzle), PC_ENOMEM, PC_EINVAL. */
int32_t pc__nformat_sections(const char *text, size_t len, int32_t format, pc__nsection **out, int32_t *count,
                             char *err, size_t errcap);

/* Section number `index` of a text in a format (not AUTO): PC_OK, PC_EPARSE
 * (no puzzle at all, message in err), PC_ENOTFOUND (fewer puzzles), PC_EINVAL. */
int32_t pc__nformat_find(const char *text, size_t len, int32_t format, int32_t index, pc__nsection *out, char *err,
                         size_t errcap);

/* Parse the puzzle of one section (from pc__nformat_sections on the same
 * text and format) into *out (initialised here): PC_OK, PC_EPARSE (message
 * in err), PC_ENOMEM, PC_EINVAL. */
int32_t pc__nformat_parse_section(const char *text, size_t len, int32_t format, const pc__nsection *sec,
                                  pc__nspec *out, char *err, size_t errcap);

/* The puzzle handle of one section (colour puzzles included): PC_OK or a
 * parse/constructor error.  Defined in formats_io.c. */
int32_t pc__nonogram_import_section(const char *text, size_t len, int32_t format, const pc__nsection *sec,
                                    char *err, size_t errcap, pc_nonogram **out);

#endif
