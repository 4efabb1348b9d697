/*
 * A nonogram collection: a multi-puzzle text (a .non bundle, a TCGA file, a
 * webpbn XML puzzle set, Tatham ids one per line) read once.  The text is
 * split into sections in one pass and every puzzle is parsed once to report
 * the first error up front; afterwards puzzle i is re-read from its own
 * section only.  So reading n puzzles costs O(total size), where calling
 * pc_nonogram_import with each index in turn rescans the text each time.
 *
 * Only the text and the section table are kept (not n handles): a handle
 * holds several grids and would cost many times the text's size.
 */
#include <stdio.h>
#include <string.h>

#include "common/alloc.h"
#include "nonogram/formats.h"
#include "puzzlecore/nonogram.h"

struct pc_nonogram_collection {
    char *text; /* a private copy, NUL-terminated */
    size_t len;
    int32_t format;
    int32_t count;
    pc__nsection *sections;
};

void pc_nonogram_collection_free(pc_nonogram_collection *c)
{
    if (!c)
        return;
    pc__free(c->text);
    pc__free(c->sections);
    pc__free(c);
}

/* A parse error of puzzle i that names no line (e.g. "the goal does not
 * match the clues") gets the puzzle's number and first line in front. */
static void locate_error(char *err, size_t errcap, int32_t i, const pc__nsection *sec)
{
    if (!err || errcap == 0 || strncmp(err, "line ", 5) == 0)
        return;
    char msg[256];
    snprintf(msg, sizeof msg, "%s", err);
    snprintf(err, errcap, "line %d: puzzle %d: %s", (int)sec->line0 + 1, (int)i + 1, msg);
}

int32_t pc_nonogram_collection_parse(const char *text, size_t len, int32_t format, char *err, size_t errcap,
                                     pc_nonogram_collection **out)
{
    if ((!text && len) || !out || len >= (size_t)-1 / 2)
        return PC_EINVAL;
    if (format < PC_NONOGRAM_FORMAT_AUTO || format > PC_NONOGRAM_FORMAT_TCGA_SOLUTION)
        return PC_EINVAL;
    if (err && errcap)
        err[0] = '\0';
    if (!text)
        text = "";
    if (format == PC_NONOGRAM_FORMAT_AUTO) {
        format = pc__nformat_detect(text, len);
        if (format < 0)
            return pc__parse_error(err, errcap, 1, 1, "not a nonogram format that this library reads");
    }
    pc_nonogram_collection *c = pc__calloc(1, sizeof *c);
    if (!c)
        return PC_ENOMEM;
    c->format = format;
    c->len = len;
    c->text = pc__malloc(len + 1);
    if (!c->text) {
        pc_nonogram_collection_free(c);
        return PC_ENOMEM;
    }
    if (len)
        memcpy(c->text, text, len);
    c->text[len] = '\0';
    int32_t rc = pc__nformat_sections(c->text, len, format, &c->sections, &c->count, err, errcap);
    for (int32_t i = 0; rc == PC_OK && i < c->count; i++) {
        pc_nonogram *g = NULL;
        rc = pc__nonogram_import_section(c->text, len, format, &c->sections[i], err, errcap, &g);
        pc_nonogram_free(g);
        if (rc == PC_EPARSE)
            locate_error(err, errcap, i, &c->sections[i]);
    }
    if (rc != PC_OK) {
        pc_nonogram_collection_free(c);
        return rc;
    }
    *out = c;
    return PC_OK;
}

int32_t pc_nonogram_collection_count(const pc_nonogram_collection *c)
{
    return c ? c->count : PC_EINVAL;
}

int32_t pc_nonogram_collection_format(const pc_nonogram_collection *c)
{
    return c ? c->format : PC_EINVAL;
}

int32_t pc_nonogram_collection_puzzle(const pc_nonogram_collection *c, int32_t index, pc_nonogram **out)
{
    if (!c || !out || index < 0 || index >= c->count)
        return PC_EINVAL;
    /* Every section parsed at pc_nonogram_collection_parse, so only running
     * out of memory can fail here. */
    return pc__nonogram_import_section(c->text, c->len, c->format, &c->sections[index], NULL, 0, out);
}
