/*
 * Internal text helpers shared by every game: a growable string builder that
 * ends in the library's snprintf-style output convention, parse-error
 * messages with line and column, and a line scanner over (text, len) input.
 */
#ifndef PC_COMMON_TEXT_H
#define PC_COMMON_TEXT_H

#include <stddef.h>
#include <stdint.h>

/* ---- output ---------------------------------------------------------------- */

typedef struct pc__sb {
    char *data;
    size_t len, cap;
    int failed; /* an allocation failed: every later append is ignored */
} pc__sb;

void pc__sb_init(pc__sb *sb);
void pc__sb_free(pc__sb *sb);
void pc__sb_putc(pc__sb *sb, char c);
void pc__sb_puts(pc__sb *sb, const char *s);
void pc__sb_putn(pc__sb *sb, const char *s, size_t n);
void pc__sb_i64(pc__sb *sb, int64_t v);
void pc__sb_u64(pc__sb *sb, uint64_t v);
#if defined(__MINGW32__)
__attribute__((format(gnu_printf, 2, 3))) /* C99 formats: __USE_MINGW_ANSI_STDIO, see text.c */
#elif defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void pc__sb_printf(pc__sb *sb, const char *fmt, ...);

/* Copy the built text into the caller's (buf, cap, len) following the
 * library convention (see common.h), then free the builder.  Returns PC_OK
 * (also for the size query cap == 0), PC_ESPACE, PC_ENOMEM, or PC_EINVAL when len is NULL or buf is NULL with a
 * non-zero cap. */
int32_t pc__sb_emit(pc__sb *sb, char *buf, size_t cap, size_t *len);

/* Write a string to (buf, cap, len) with the same convention. */
int32_t pc__emit_str(const char *s, char *buf, size_t cap, size_t *len);

/* ---- errors ---------------------------------------------------------------- */

/* Write "line L, column C: message" (or just the message when line is 0)
 * into err (may be NULL).  Always returns PC_EPARSE, so a parser can say
 * `return pc__parse_error(err, errcap, line, col, "...")`. */
#if defined(__MINGW32__)
__attribute__((format(gnu_printf, 5, 6)))
#elif defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
int32_t pc__parse_error(char *err, size_t errcap, int32_t line, int32_t col, const char *fmt, ...);

/* ---- input ----------------------------------------------------------------- */

/* Iterates over the lines of (text, len): '\n', "\r\n" and a last line
 * without newline are all accepted; a trailing '\r' is not part of the line. */
typedef struct pc__lines {
    const char *text;
    size_t len, pos;
    int32_t lineno; /* 1-based number of the line last returned */
} pc__lines;

void pc__lines_init(pc__lines *it, const char *text, size_t len);
/* Next line into (*line, *n); returns 0 at the end of input. */
int pc__lines_next(pc__lines *it, const char **line, size_t *n);

/* Parse a decimal integer (optional leading '-') occupying exactly s[0..n).
 * Returns 0 on success, -1 on bad syntax or overflow. */
int pc__parse_i64(const char *s, size_t n, int64_t *out);

/* A malloc'd NUL-terminated copy of s[0 .. n); NULL when out of memory. */
char *pc__strndup(const char *s, size_t n);

/* ---- text fields ----------------------------------------------------------- */

/* One rule for every text field a save carries (titles, ids, comment lines):
 * a field is one line of text — no byte below 0x20 and no 0x7F (UTF-8's
 * bytes from 0x80 up are kept) — with no space at either end, because save
 * lines are trimmed when read.  So a field can never add a line to a save,
 * and save -> load -> save gives the same text. */

/* 1 when (s, n) obeys the rule (setters refuse anything else: PC_EINVAL). */
int pc__field_ok(const char *s, size_t n);

/* Append (s, n) made to obey the rule: each run of control characters and
 * spaces becomes one space, and both ends are trimmed.  For importers of
 * other formats, which take what they are given. */
void pc__sb_put_field(pc__sb *sb, const char *s, size_t n);

/* The same, as a malloc'd NUL-terminated string (NULL when out of memory);
 * *outn (may be NULL) receives its length. */
char *pc__field_clean(const char *s, size_t n, size_t *outn);

/* Trim ASCII white space from both ends of (s, n) in place. */
void pc__trim(const char **s, size_t *n);

#endif
