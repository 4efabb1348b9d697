/*
 * Sokoban levels: the XSB parser (single levels and collections), the static
 * facts (interior, dead squares), XSB output.
 */
#include <stdlib.h>
#include <string.h>

#include "common/text.h"
#include "sokoban/sokoban_int.h"
#include "common/alloc.h"

/* ---- expanded board rows ------------------------------------------------------ */

typedef struct {
    int32_t line;    /* source line */
    int32_t len;     /* cells */
    char *cells;     /* normalised symbols: # space $ . * @ + */
    int32_t *col;    /* 1-based source column of each cell */
} sk_row;

typedef struct {
    sk_row *rows;
    int32_t n, cap;
} sk_rows;

static void rows_clear(sk_rows *r)
{
    for (int32_t i = 0; i < r->n; i++) {
        pc__free(r->rows[i].cells);
        pc__free(r->rows[i].col);
    }
    r->n = 0;
}

static void rows_free(sk_rows *r)
{
    rows_clear(r);
    pc__free(r->rows);
    r->rows = NULL;
    r->cap = 0;
}

static sk_row *rows_add(sk_rows *r, int32_t line)
{
    if (r->n == r->cap) {
        int32_t nc = r->cap ? r->cap * 2 : 16;
        sk_row *nr = pc__realloc(r->rows, (size_t)nc * sizeof *nr);
        if (!nr)
            return NULL;
        r->rows = nr;
        r->cap = nc;
    }
    sk_row *row = &r->rows[r->n++];
    row->line = line;
    row->len = 0;
    row->cells = pc__malloc(PC_SOKOBAN_MAX_SIDE);
    row->col = pc__malloc(PC_SOKOBAN_MAX_SIDE * sizeof(int32_t));
    if (!row->cells || !row->col) {
        pc__free(row->cells);
        pc__free(row->col);
        r->n--;
        return NULL;
    }
    return row;
}

/* Board symbol normalised, or 0 when c is not one. */
static char board_sym(char c)
{
    switch (c) {
    case '#': return '#';
    case ' ': case '-': case '_': return ' ';
    case '$': case 'b': return '$';
    case '.': return '.';
    case '*': case 'B': return '*';
    case '@': case 'p': return '@';
    case '+': case 'P': return '+';
    default: return 0;
    }
}

/* Is this line a board row?  A line whose first non-blank character is '#'
 * (or a run-length count of '#') is one, and then every character must be a
 * board symbol; so is a line made only of board symbols, counts and '|' that
 * contains a '#'. */
static int is_board_line(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (i == n)
        return 0;
    size_t j = i;
    while (j < n && s[j] >= '0' && s[j] <= '9')
        j++;
    if (j < n && s[j] == '#')
        return 1;
    int hash = 0;
    for (size_t k = 0; k < n; k++) {
        char c = s[k];
        if (c == '#')
            hash = 1;
        if (!board_sym(c) && !(c >= '0' && c <= '9') && c != '|')
            return 0;
    }
    return hash;
}

/* A row with no wall, box, goal or player cannot be written back as a
 * board row (it would be a blank line), so it is refused. */
static int row_empty(const sk_row *row)
{
    for (int32_t i = 0; i < row->len; i++)
        if (row->cells[i] != ' ')
            return 0;
    return 1;
}

/* 1 when the row holds a wall.  Every row a '|' splits off must, as every
 * board line must (is_board_line): a row without one could not be written
 * back as a line of its own that parses again. */
static int row_has_wall(const sk_row *row)
{
    for (int32_t i = 0; i < row->len; i++)
        if (row->cells[i] == '#')
            return 1;
    return 0;
}

/* Expand one board line into rows (run-length counts, '|' separators). */
static int32_t expand_line(sk_rows *rows, const char *s, size_t n, int32_t line, char *err,
                           size_t errcap)
{
    sk_row *row = rows_add(rows, line);
    if (!row)
        return PC_ENOMEM;
    int64_t count = -1;
    int32_t count_col = 0;
    for (size_t k = 0; k < n; k++) {
        char c = s[k];
        int32_t col = (int32_t)k + 1;
        if (c >= '0' && c <= '9') {
            if (count < 0) {
                count = 0;
                count_col = col;
            }
            count = count * 10 + (c - '0');
            if (count > PC_SOKOBAN_MAX_SIDE)
                return pc__parse_error(err, errcap, line, count_col,
                                       "run-length count larger than %d", PC_SOKOBAN_MAX_SIDE);
            continue;
        }
        if (c == '|') {
            if (count >= 0)
                return pc__parse_error(err, errcap, line, count_col,
                                       "run-length count not followed by a symbol");
            if (row_empty(row))
                return pc__parse_error(err, errcap, line, col, "empty board row before '|'");
            if (!row_has_wall(row))
                return pc__parse_error(err, errcap, line, col, "a board row before '|' has no wall");
            row = rows_add(rows, line);
            if (!row)
                return PC_ENOMEM;
            continue;
        }
        char sym = board_sym(c);
        if (!sym) {
            if ((unsigned char)c >= 32 && (unsigned char)c < 127)
                return pc__parse_error(err, errcap, line, col, "unknown board character '%c'", c);
            return pc__parse_error(err, errcap, line, col, "unknown board character (byte %u)",
                                   (unsigned)(unsigned char)c);
        }
        int64_t times = count < 0 ? 1 : count;
        if (count == 0)
            return pc__parse_error(err, errcap, line, count_col, "run-length count of zero");
        count = -1;
        if (row->len + times > PC_SOKOBAN_MAX_SIDE)
            return pc__parse_error(err, errcap, line, col, "oversize level: a row is longer than %d",
                                   PC_SOKOBAN_MAX_SIDE);
        for (int64_t t = 0; t < times; t++) {
            row->cells[row->len] = sym;
            row->col[row->len] = col;
            row->len++;
        }
    }
    if (count >= 0)
        return pc__parse_error(err, errcap, line, count_col, "run-length count at the end of the line");
    if (row_empty(row)) {
        if (row->len > 0 || rows->n < 2 || rows->rows[rows->n - 2].line != line)
            return pc__parse_error(err, errcap, line, (int32_t)n, "empty board row at the end of the line");
        /* A '|' that ends the line just closes the last row. */
        pc__free(row->cells);
        pc__free(row->col);
        rows->n--;
    } else if (!row_has_wall(row)) {
        return pc__parse_error(err, errcap, line, (int32_t)n, "a board row after '|' has no wall");
    }
    return PC_OK;
}

/* ---- building a level from rows --------------------------------------------------- */

static void game_free_fields(pc_sokoban *g)
{
    pc__free(g->stat);
    pc__free(g->box0);
    pc__free(g->box);
    pc__free(g->hist);
    pc__free(g->title);
}

void pc_sokoban_free(pc_sokoban *g)
{
    if (!g)
        return;
    game_free_fields(g);
    pc__free(g);
}

/* A deep copy (shared by clone and the searches, which work on copies). */
pc_sokoban *pc__sokoban_dup(const pc_sokoban *g)
{
    size_t n = (size_t)g->w * (size_t)g->h;
    pc_sokoban *c = pc__malloc(sizeof *c);
    if (!c)
        return NULL;
    *c = *g;
    c->stat = pc__malloc(n);
    c->box0 = pc__malloc(n);
    c->box = pc__malloc(n);
    c->hist = g->histcap ? pc__malloc(g->histcap) : NULL;
    c->title = pc__malloc(strlen(g->title) + 1);
    if (!c->stat || !c->box0 || !c->box || (g->histcap && !c->hist) || !c->title) {
        pc__free(c->stat);
        pc__free(c->box0);
        pc__free(c->box);
        pc__free(c->hist);
        pc__free(c->title);
        pc__free(c);
        return NULL;
    }
    memcpy(c->stat, g->stat, n);
    memcpy(c->box0, g->box0, n);
    memcpy(c->box, g->box, n);
    if (g->nhist)
        memcpy(c->hist, g->hist, g->nhist);
    strcpy(c->title, g->title);
    return c;
}

int32_t pc_sokoban_clone(const pc_sokoban *g, pc_sokoban **out)
{
    if (!g || !out)
        return PC_EINVAL;
    pc_sokoban *c = pc__sokoban_dup(g);
    if (!c)
        return PC_ENOMEM;
    *out = c;
    return PC_OK;
}

/* Count the level's players, boxes and goals and check them: one player,
 * at least one box, as many goals.  *boxes: the boxes. */
static int32_t count_pieces(const sk_rows *rows, char *err, size_t errcap, int32_t *boxes)
{
    int32_t line0 = rows->rows[0].line;
    int32_t players = 0, goals = 0, pr = -1, pc = -1;
    *boxes = 0;
    for (int32_t r = 0; r < rows->n; r++) {
        const sk_row *row = &rows->rows[r];
        for (int32_t x = 0; x < row->len; x++) {
            char c = row->cells[x];
            if (c == '@' || c == '+') {
                if (players)
                    return pc__parse_error(err, errcap, row->line, row->col[x],
                                           "a second player (the first is at line %d, column %d)",
                                           (int)rows->rows[pr].line, (int)rows->rows[pr].col[pc]);
                players++;
                pr = r;
                pc = x;
            }
            if (c == '$' || c == '*')
                (*boxes)++;
            if (c == '.' || c == '*' || c == '+')
                goals++;
        }
    }
    if (!players)
        return pc__parse_error(err, errcap, line0, 0, "level has no player");
    if (*boxes == 0)
        return pc__parse_error(err, errcap, line0, 0, "level has no box");
    if (*boxes != goals)
        return pc__parse_error(err, errcap, line0, 0, "level has %d boxes but %d goals", (int)*boxes,
                               (int)goals);
    return PC_OK;
}

/* The squares' walls, goals, start boxes and the start player from the
 * rows, into g's grid (W wide, framed by one void cell on every side). */
static void fill_grid(pc_sokoban *g, const sk_rows *rows)
{
    int32_t W = g->w;
    memset(g->stat, SK_VOID, (size_t)g->w * (size_t)g->h);
    for (int32_t r = 0; r < rows->n; r++) {
        const sk_row *row = &rows->rows[r];
        for (int32_t x = 0; x < row->len; x++) {
            size_t i = (size_t)(r + 1) * (size_t)W + (size_t)(x + 1);
            char c = row->cells[x];
            g->stat[i] = c == '#' ? SK_WALL : 0;
            if (c == '.' || c == '*' || c == '+')
                g->stat[i] |= SK_GOAL;
            if (c == '$' || c == '*')
                g->box0[i] = 1;
            if (c == '@' || c == '+')
                g->player0 = (int32_t)i;
        }
    }
}

/* Interior: flood from the player through every non-wall cell (queue: one
 * entry per square).  Returns the interior's size, or PC_EPARSE where the
 * player can walk off the board. */
static int32_t flood_interior(pc_sokoban *g, const sk_rows *rows, int32_t *queue, char *err, size_t errcap)
{
    int32_t W = g->w;
    size_t qh = 0, qt = 0;
    queue[qt++] = g->player0;
    g->stat[g->player0] |= SK_INTERIOR;
    while (qh < qt) {
        int32_t x = queue[qh++];
        for (int d = 0; d < 4; d++) {
            int32_t y = x + pc__sokoban_delta(g, d);
            if (g->stat[y] & (SK_WALL | SK_INTERIOR))
                continue;
            if (g->stat[y] & SK_VOID) {
                int32_t r = x / W - 1, cx = x % W - 1;
                int32_t line = rows->rows[r].line, col = rows->rows[r].col[cx];
                return pc__parse_error(err, errcap, line, col,
                                       "map not closed by walls: the player can walk off the board here");
            }
            g->stat[y] |= SK_INTERIOR;
            queue[qt++] = y;
        }
    }
    return (int32_t)qt;
}

/* The level the rows describe, checked: its pieces, its grid, its interior
 * and dead squares. */
static int32_t build_level(const sk_rows *rows, char *err, size_t errcap, pc_sokoban **out)
{
    int32_t h = rows->n, w = 0, boxes, rc;
    for (int32_t r = 0; r < h; r++)
        if (rows->rows[r].len > w)
            w = rows->rows[r].len;
    if (h > PC_SOKOBAN_MAX_SIDE)
        return pc__parse_error(err, errcap, rows->rows[PC_SOKOBAN_MAX_SIDE].line, 0,
                               "oversize level: more than %d rows", PC_SOKOBAN_MAX_SIDE);
    if ((rc = count_pieces(rows, err, errcap, &boxes)) < 0)
        return rc;
    /* The grid is framed by one void cell on every side, so that flood fills
     * and neighbour lookups never leave it. */
    int32_t W = w + 2, H = h + 2;
    size_t n = (size_t)W * (size_t)H;
    pc_sokoban *g = pc__calloc(1, sizeof *g);
    if (!g)
        return PC_ENOMEM;
    g->w = W;
    g->h = H;
    g->stat = pc__malloc(n);
    g->box0 = pc__calloc(n, 1);
    g->box = pc__calloc(n, 1);
    int32_t *queue = pc__malloc(n * sizeof *queue);
    if (!g->stat || !g->box0 || !g->box || !queue) {
        pc__free(queue);
        pc_sokoban_free(g);
        return PC_ENOMEM;
    }
    fill_grid(g, rows);
    rc = flood_interior(g, rows, queue, err, errcap);
    pc__free(queue);
    if (rc >= 0) {
        g->interior = rc;
        g->nboxes = boxes;
        rc = pc__sokoban_mark_dead(g);
    }
    if (rc < 0) {
        pc_sokoban_free(g);
        return rc;
    }
    memcpy(g->box, g->box0, n);
    g->player = g->player0;
    *out = g;
    return PC_OK;
}

/* ---- collections --------------------------------------------------------------------- */

typedef struct {
    const char *s;
    size_t n;
    int32_t line;
} sk_text;

static int starts_with_ci(const char *s, size_t n, const char *pre)
{
    size_t m = strlen(pre);
    if (n < m)
        return 0;
    for (size_t i = 0; i < m; i++) {
        char a = s[i], b = pre[i];
        if (a >= 'A' && a <= 'Z')
            a = (char)(a - 'A' + 'a');
        if (a != b)
            return 0;
    }
    return 1;
}


/* Is this text (a line's body) a "Title: X" line?  Decided on the text as it
 * is kept, cleaned (common/text.h: control bytes are blanks, ends trimmed):
 * so a line "\x1bTitle: x" is one, and a comment kept as "Title: x" is
 * always read back as a title line.  *rest: the text after the colon. */
static int title_line(const char *s, size_t n, const char **rest, size_t *restn)
{
    while (n && ((unsigned char)*s <= 0x20 || (unsigned char)*s == 0x7f)) {
        s++;
        n--;
    }
    if (!starts_with_ci(s, n, "title:"))
        return 0;
    if (rest) {
        *rest = s + 6;
        *restn = n - 6;
    }
    return 1;
}

/* Text of a comment/text line: without a leading ';' and blanks. */
static void text_body(const char **s, size_t *n)
{
    pc__trim(s, n);
    if (*n && (*s)[0] == ';') {
        (*s)++;
        (*n)--;
        pc__trim(s, n);
    }
}

typedef struct {
    pc_sokoban **levels;
    char **comments;
    int32_t n, cap;
} sk_coll_build;

static void build_free(sk_coll_build *b)
{
    for (int32_t i = 0; i < b->n; i++) {
        pc_sokoban_free(b->levels[i]);
        pc__free(b->comments[i]);
    }
    pc__free(b->levels);
    pc__free(b->comments);
}

/* Finish the board in `rows`: build the level, give it its title and
 * comments from the text lines before it. */
static int32_t finish_level(sk_coll_build *b, sk_rows *rows, const sk_text *pend, int32_t npend,
                            int32_t block_start, char *err, size_t errcap)
{
    if (b->n >= PC_SOKOBAN_MAX_LEVELS)
        return pc__parse_error(err, errcap, rows->rows[0].line, 0, "more than %d levels",
                               PC_SOKOBAN_MAX_LEVELS);
    pc_sokoban *g = NULL;
    int32_t rc = build_level(rows, err, errcap, &g);
    rows_clear(rows);
    if (rc < 0)
        return rc;
    /* Title: a "Title:" line, else the first line of the text block right
     * before the board. */
    const char *ts = "";
    size_t tn = 0;
    int found = 0;
    for (int32_t i = 0; i < npend; i++) {
        const char *s = pend[i].s;
        size_t n = pend[i].n;
        text_body(&s, &n);
        if (title_line(s, n, &s, &n)) {
            ts = s;
            tn = n;
            found = 1;
        }
    }
    if (!found && block_start < npend) {
        ts = pend[block_start].s;
        tn = pend[block_start].n;
        text_body(&ts, &tn);
    }
    pc__sb sb;
    pc__sb_init(&sb);
    for (int32_t i = 0; i < npend; i++) {
        const char *s = pend[i].s;
        size_t n = pend[i].n;
        text_body(&s, &n);
        size_t before = sb.len;
        if (sb.len)
            pc__sb_putc(&sb, '\n');
        size_t mark = sb.len;
        pc__sb_put_field(&sb, s, n); /* one line each: no NUL or control byte */
        if (sb.len == mark)
            sb.len = before; /* nothing but controls and spaces: no comment line */
    }
    pc__sb_putc(&sb, '\0');
    g->title = pc__field_clean(ts, tn, NULL);
    if (!g->title || sb.failed) {
        pc__sb_free(&sb);
        pc_sokoban_free(g);
        return PC_ENOMEM;
    }
    if (b->n == b->cap) {
        int32_t nc = b->cap ? b->cap * 2 : 8;
        pc_sokoban **nl = pc__realloc(b->levels, (size_t)nc * sizeof *nl);
        if (nl)
            b->levels = nl;
        char **ncm = pc__realloc(b->comments, (size_t)nc * sizeof *ncm);
        if (ncm)
            b->comments = ncm;
        if (!nl || !ncm) {
            pc__sb_free(&sb);
            pc_sokoban_free(g);
            return PC_ENOMEM;
        }
        b->cap = nc;
    }
    b->levels[b->n] = g;
    b->comments[b->n] = sb.data; /* ownership moves */
    b->n++;
    return PC_OK;
}

/* Keep a text line met before a board (a title or comment candidate) in
 * pend, grown as needed. */
static int32_t pend_add(sk_text **pend, int32_t *npend, int32_t *pendcap, const char *s, size_t n, int32_t line)
{
    if (*npend == *pendcap) {
        int32_t nc = *pendcap ? *pendcap * 2 : 16;
        sk_text *np = pc__realloc(*pend, (size_t)nc * sizeof *np);
        if (!np)
            return PC_ENOMEM;
        *pend = np;
        *pendcap = nc;
    }
    (*pend)[*npend].s = s;
    (*pend)[*npend].n = n;
    (*pend)[*npend].line = line;
    (*npend)++;
    return PC_OK;
}

/* A "Title:" line right after a board names that board (SOK style). */
static int32_t retitle_last(sk_coll_build *b, const char *s, size_t n)
{
    pc_sokoban *last = b->levels[b->n - 1];
    char *nt = pc__field_clean(s, n, NULL);
    if (!nt)
        return PC_ENOMEM;
    pc__free(last->title);
    last->title = nt;
    return PC_OK;
}

/* The collection built (b's arrays handed over), or b freed on an error
 * (rc) or when it holds no level. */
static int32_t collection_of(sk_coll_build *b, int32_t rc, char *err, size_t errcap, pc_sokoban_collection **out)
{
    if (rc == PC_OK && b->n == 0)
        rc = pc__parse_error(err, errcap, 0, 0, "no level found");
    pc_sokoban_collection *c = rc < 0 ? NULL : pc__malloc(sizeof *c);
    if (rc == PC_OK && !c)
        rc = PC_ENOMEM;
    if (rc < 0) {
        build_free(b);
        return rc;
    }
    c->n = b->n;
    c->levels = b->levels;
    c->comments = b->comments;
    *out = c;
    return PC_OK;
}

/* The parser proper; line numbers start after line0 (so a board embedded in
 * a save file reports the file's own line numbers). */
static int32_t parse_impl(const char *text, size_t len, int32_t line0, char *err, size_t errcap,
                          pc_sokoban_collection **out)
{
    if (err && errcap)
        err[0] = '\0';
    if (!out || (!text && len))
        return PC_EINVAL;
    sk_coll_build b = {0};
    sk_rows rows = {0};
    sk_text *pend = NULL;
    int32_t npend = 0, pendcap = 0, block_start = 0, after_blank = 1;
    int32_t rc = PC_OK;
    pc__lines it;
    pc__lines_init(&it, text, len);
    it.lineno = line0;
    const char *s;
    size_t n;
    for (;;) {
        int more = pc__lines_next(&it, &s, &n);
        int board = more && is_board_line(s, n);
        if (board) {
            rc = expand_line(&rows, s, n, it.lineno, err, errcap);
            if (rc < 0)
                break;
            continue;
        }
        if (rows.n) {
            rc = finish_level(&b, &rows, pend, npend, block_start, err, errcap);
            if (rc < 0)
                break;
            npend = 0;
            block_start = 0;
            after_blank = 0;
            /* A "Title:" line right after a board names that board (SOK style). */
        }
        if (!more)
            break;
        const char *t = s;
        size_t tn = n;
        pc__trim(&t, &tn);
        if (tn == 0) {
            after_blank = 1;
            continue;
        }
        const char *body = t;
        size_t bn = tn;
        text_body(&body, &bn);
        if (b.n && npend == 0 && !after_blank && title_line(body, bn, &body, &bn)) {
            if ((rc = retitle_last(&b, body, bn)) < 0)
                break;
            continue;
        }
        if (after_blank)
            block_start = npend;
        after_blank = 0;
        if ((rc = pend_add(&pend, &npend, &pendcap, t, tn, it.lineno)) < 0)
            break;
    }
    rows_free(&rows);
    pc__free(pend);
    return collection_of(&b, rc, err, errcap, out);
}

int32_t pc_sokoban_collection_parse(const char *text, size_t len, char *err, size_t errcap,
                                    pc_sokoban_collection **out)
{
    return parse_impl(text, len, 0, err, errcap, out);
}

void pc_sokoban_collection_free(pc_sokoban_collection *c)
{
    if (!c)
        return;
    for (int32_t i = 0; i < c->n; i++) {
        pc_sokoban_free(c->levels[i]);
        pc__free(c->comments[i]);
    }
    pc__free(c->levels);
    pc__free(c->comments);
    pc__free(c);
}

int32_t pc_sokoban_collection_count(const pc_sokoban_collection *c)
{
    return c ? c->n : PC_EINVAL;
}

int32_t pc_sokoban_collection_level(const pc_sokoban_collection *c, int32_t index, pc_sokoban **out)
{
    if (!c || !out || index < 0 || index >= c->n)
        return PC_EINVAL;
    pc_sokoban *g = pc__sokoban_dup(c->levels[index]);
    if (!g)
        return PC_ENOMEM;
    *out = g;
    return PC_OK;
}

int32_t pc_sokoban_collection_title(const pc_sokoban_collection *c, int32_t index, char *buf,
                                    size_t cap, size_t *len)
{
    if (!c || index < 0 || index >= c->n)
        return PC_EINVAL;
    return pc__emit_str(c->levels[index]->title, buf, cap, len);
}

int32_t pc_sokoban_collection_comments(const pc_sokoban_collection *c, int32_t index, char *buf,
                                       size_t cap, size_t *len)
{
    if (!c || index < 0 || index >= c->n)
        return PC_EINVAL;
    return pc__emit_str(c->comments[index], buf, cap, len);
}

int32_t pc_sokoban_collection_find(const pc_sokoban_collection *c, const char *title)
{
    if (!c || !title)
        return PC_EINVAL;
    for (int32_t i = 0; i < c->n; i++)
        if (strcmp(c->levels[i]->title, title) == 0)
            return i;
    return PC_ENOTFOUND;
}

void pc__sokoban_write_board(const pc_sokoban *g, int start, pc__sb *sb)
{
    const uint8_t *box = start ? g->box0 : g->box;
    int32_t player = start ? g->player0 : g->player;
    for (int32_t y = 1; y < g->h - 1; y++) {
        int32_t last = 0; /* 1 + last printable column */
        for (int32_t x = 1; x < g->w - 1; x++) {
            size_t i = (size_t)y * (size_t)g->w + (size_t)x;
            if ((g->stat[i] & (SK_WALL | SK_GOAL)) || box[i] || (int32_t)i == player)
                last = x;
        }
        for (int32_t x = 1; x <= last; x++) {
            size_t i = (size_t)y * (size_t)g->w + (size_t)x;
            uint8_t s = g->stat[i];
            char c = ' ';
            if (s & SK_WALL)
                c = '#';
            else if ((int32_t)i == player)
                c = (s & SK_GOAL) ? '+' : '@';
            else if (box[i])
                c = (s & SK_GOAL) ? '*' : '$';
            else if (s & SK_GOAL)
                c = '.';
            pc__sb_putc(sb, c);
        }
        pc__sb_putc(sb, '\n');
    }
}

int32_t pc_sokoban_collection_write(const pc_sokoban_collection *c, char *buf, size_t cap,
                                    size_t *len)
{
    if (!c)
        return PC_EINVAL;
    pc__sb sb;
    pc__sb_init(&sb);
    for (int32_t i = 0; i < c->n; i++) {
        const pc_sokoban *g = c->levels[i];
        const char *cm = c->comments[i];
        /* Comment lines first (the title line left out), then a blank line,
         * then "; title" right above the board: parsed again, the title is
         * the first line of the block before the board.  When a comment is a
         * "Title:" line, or the title itself starts with "Title:", the title
         * is written as "; Title: <title>" instead (the last such line names
         * the level when read back). */
        size_t tlen = strlen(g->title);
        int title_form = title_line(g->title, tlen, NULL, NULL);
        for (const char *p = cm; *p && !title_form;) {
            const char *e = strchr(p, '\n');
            size_t n = e ? (size_t)(e - p) : strlen(p);
            title_form = title_line(p, n, NULL, NULL);
            p += n + (e ? 1 : 0);
        }
        /* the title line's text (without "; "): pre, then the title */
        const char *pre = !title_form ? "" : tlen ? "Title: " : "Title:";
        size_t pn = strlen(pre);
        int any = 0;
        for (const char *p = cm; *p;) {
            const char *e = strchr(p, '\n');
            size_t n = e ? (size_t)(e - p) : strlen(p);
            if (!(n == pn + tlen && memcmp(p, pre, pn) == 0 && memcmp(p + pn, g->title, tlen) == 0)) {
                if (!any && !*g->title)
                    pc__sb_puts(&sb, ";\n"); /* an empty first comment: the title stays empty */
                pc__sb_puts(&sb, "; ");
                pc__sb_putn(&sb, p, n);
                pc__sb_putc(&sb, '\n');
                any = 1;
            }
            p += n + (e ? 1 : 0);
        }
        if (any)
            pc__sb_putc(&sb, '\n');
        if (pn + tlen)
            pc__sb_printf(&sb, "; %s%s\n", pre, g->title);
        pc__sokoban_write_board(g, 1, &sb);
        pc__sb_putc(&sb, '\n');
    }
    return pc__sb_emit(&sb, buf, cap, len);
}

int32_t pc__sokoban_new_at(const char *text, size_t len, int32_t line0, char *err, size_t errcap,
                           pc_sokoban **out)
{
    if (!out)
        return PC_EINVAL;
    pc_sokoban_collection *c = NULL;
    int32_t rc = parse_impl(text, len, line0, err, errcap, &c);
    if (rc < 0)
        return rc;
    if (c->n != 1) {
        int32_t n = c->n;
        pc_sokoban_collection_free(c);
        return pc__parse_error(err, errcap, 0, 0, "expected one level, found %d", (int)n);
    }
    *out = c->levels[0];
    pc__free(c->comments[0]);
    c->n = 0;
    pc_sokoban_collection_free(c);
    return PC_OK;
}

int32_t pc_sokoban_new(const char *text, size_t len, char *err, size_t errcap, pc_sokoban **out)
{
    return pc__sokoban_new_at(text, len, 0, err, errcap, out);
}

int32_t pc_sokoban_write(const pc_sokoban *g, int32_t which, char *buf, size_t cap, size_t *len)
{
    if (!g || (which != 0 && which != 1))
        return PC_EINVAL;
    pc__sb sb;
    pc__sb_init(&sb);
    pc__sokoban_write_board(g, which, &sb);
    return pc__sb_emit(&sb, buf, cap, len);
}

int32_t pc_sokoban_title(const pc_sokoban *g, char *buf, size_t cap, size_t *len)
{
    if (!g)
        return PC_EINVAL;
    return pc__emit_str(g->title, buf, cap, len);
}
