/*
 * Internal: the one reader of the library's save texts, shared by every game.
 *
 * A save is a header line "puzzlecore-KIND VERSION", then one "key values"
 * line each.  Lines are trimmed; blank lines and lines whose first character
 * is '#' are skipped (also before the header); values are words separated by
 * spaces or tabs; a word may hold a group of numbers joined by ':' (a bead,
 * a spool, an event).  Text fields (titles, ids) are the rest of their line
 * and obey the one field rule of common/text.h.  A game declares its keys in
 * a table (each once unless marked PC__SAVE_REPEAT, some PC__SAVE_REQUIRED);
 * a key marked PC__SAVE_BLOCK ends the key lines: the rest of the text is a
 * block in the game's own notation (a Sokoban board).
 *
 * Every fault is PC_EPARSE with "line L, column C: message" in the caller's
 * err buffer (common/text.h), the column that of the word at fault, so the
 * five games report errors alike.  The reader allocates nothing.
 *
 * Writers use pc__save_header and common/text.h's string builder.
 */
#ifndef PC_COMMON_SAVE_H
#define PC_COMMON_SAVE_H

#include <stddef.h>
#include <stdint.h>

#include "common/text.h"

/* The save format version every game writes and reads today. */
enum { PC__SAVE_VERSION = 1, PC__SAVE_MAX_KEYS = 32 };

enum {
    PC__SAVE_REQUIRED = 1, /* pc__save_done fails when the key never came */
    PC__SAVE_REPEAT = 2,   /* the key may come any number of times */
    PC__SAVE_BLOCK = 4     /* the key ends the key lines; the rest is a block */
};

typedef struct pc__save_key {
    const char *name;
    uint32_t flags;
} pc__save_key;

typedef struct pc__save_in {
    pc__lines it;
    const pc__save_key *keys;
    int32_t nkeys;
    char *err;
    size_t errcap;
    uint8_t seen[PC__SAVE_MAX_KEYS];
    int in_block; /* a PC__SAVE_BLOCK key was read: no more key lines */
    /* The line pc__save_next returned: its key's index in the table, its
     * number, and the values after the key (trimmed); col is the 1-based
     * column of v[0] in the line.  pos is the word cursor into v. */
    int32_t key;
    int32_t line;
    const char *v;
    size_t vn;
    int32_t col;
    size_t pos;
    size_t word_at; /* offset in v of the word last read, for errors */
} pc__save_in;

/* Start reading `text` as a save of `kind` ("pickerel" reads the header
 * "puzzlecore-pickerel 1").  keys: the game's table (at most
 * PC__SAVE_MAX_KEYS).  Returns PC_OK, or PC_EPARSE (no header, another
 * kind, a version newer than this library reads). */
int32_t pc__save_open(pc__save_in *in, const char *text, size_t len, const char *kind, const pc__save_key *keys,
                      int32_t nkeys, char *err, size_t errcap);

/* The kind a save names in its header ("puzzlecore-KIND ..."), found by
 * the same rule pc__save_open reads it: (*kind, *n) point into text.
 * Returns PC_OK, or PC_EPARSE (with a message) when there is no header. */
int32_t pc__save_kind(const char *text, size_t len, const char **kind, size_t *n, char *err, size_t errcap);

/* The next key line: returns 1 with in->key set, 0 at the end of the key
 * lines, PC_EPARSE for an unknown key or a key given twice. */
int32_t pc__save_next(pc__save_in *in);

/* After the key lines: PC_EPARSE naming the first PC__SAVE_REQUIRED key
 * that never came, else PC_OK. */
int32_t pc__save_done(pc__save_in *in);

/* After a PC__SAVE_BLOCK key: the rest of the text and the number of the
 * line before it (so the block's own errors can count lines on). */
void pc__save_block(const pc__save_in *in, const char **text, size_t *len, int32_t *lineno);

/* 1 while words are left on the current line. */
int pc__save_more(const pc__save_in *in);

/* The next word of the current line; PC_EPARSE when there is none. */
int32_t pc__save_word(pc__save_in *in, const char **w, size_t *n);

/* The next word as a decimal integer within [lo, hi]. */
int32_t pc__save_int(pc__save_in *in, int64_t lo, int64_t hi, int64_t *v);

/* The next word as an unsigned 64-bit decimal number. */
int32_t pc__save_u64(pc__save_in *in, uint64_t *v);

/* The next word as exactly n integers joined by ':', the i-th within
 * [lo[i], hi[i]] (n <= 8). */
int32_t pc__save_group(pc__save_in *in, int32_t n, const int64_t *lo, const int64_t *hi, int64_t *v);

/* PC_EPARSE ("too many values") when words are left on the current line. */
int32_t pc__save_end(pc__save_in *in);

/* The rest of the current line as one text field (common/text.h's rule);
 * PC_EPARSE when it breaks the rule. */
int32_t pc__save_text(pc__save_in *in, const char **s, size_t *n);

/* PC_EPARSE with the message at the word last read (or the line's first
 * value when none was read). */
#if defined(__MINGW32__)
__attribute__((format(gnu_printf, 2, 3)))
#elif defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
int32_t pc__save_fail(pc__save_in *in, const char *fmt, ...);

/* Write the header line "puzzlecore-KIND 1\n". */
void pc__save_header(pc__sb *sb, const char *kind);

#endif
