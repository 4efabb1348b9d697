/*
 * lib/patchwork/reader.c — the bot side of the CodinGame protocol: rebuild the
 * game from the lines the referee sends each turn (the deck from the first
 * turn's circle, the opponent's moves replayed with the referee's rules) and
 * check every turn's text against the rebuilt game, byte for byte, so a
 * desynchronisation is reported on the turn it happens.
 */
#include <stdlib.h>

#include "patchwork/game.h"
#include "common/alloc.h"

enum { MAX_TURN_LINES = 4 + 20 + 1 + 33 + 1 + 1 + PW_MAXHIST };

struct pc_patchwork_reader {
    int32_t ruleset;   /* as asked (0: read it from the init lines) */
    int32_t seat;      /* -1 until the first turn is read */
    int32_t ready;     /* a turn is read and checked; our move not sent yet */
    int32_t lineno;    /* lines fed so far (for messages) */
    pc_patchwork *g;   /* NULL until the first turn is read */
    /* the turn being read */
    pc__sb text;       /* its lines (init lines excluded), each ending in '\n' */
    int32_t nlines;    /* lines of the turn read so far, init lines included */
    int32_t ninit;     /* 4 on the first turn, else 0 */
    int32_t init[4];   /* the init lines: income count, -, special count, - */
    pc__sb init_text;
    int32_t npatch, nmoves; /* -1 until read */
    int32_t ids[33], nids;
    int32_t move_at[PW_MAXHIST], move_len[PW_MAXHIST], nmv;
};

int32_t pc_patchwork_reader_new(int32_t ruleset, pc_patchwork_reader **out)
{
    pw_rules r;
    if (!out)
        return PC_EINVAL;
    *out = NULL;
    if (ruleset != 0 && pc__patchwork_rules(&r, ruleset))
        return PC_EINVAL;
    pc_patchwork_reader *x = pc__calloc(1, sizeof *x);
    if (!x)
        return PC_ENOMEM;
    x->ruleset = ruleset;
    x->seat = -1;
    x->ninit = 4;
    x->npatch = x->nmoves = -1;
    pc__sb_init(&x->text);
    pc__sb_init(&x->init_text);
    *out = x;
    return PC_OK;
}

void pc_patchwork_reader_free(pc_patchwork_reader *r)
{
    if (!r)
        return;
    pc_patchwork_free(r->g);
    pc__sb_free(&r->text);
    pc__sb_free(&r->init_text);
    pc__free(r);
}

int32_t pc_patchwork_reader_seat(const pc_patchwork_reader *r)
{
    return r ? r->seat : PC_EINVAL;
}

int32_t pc_patchwork_reader_ready(const pc_patchwork_reader *r)
{
    return r ? r->ready : PC_EINVAL;
}

int32_t pc_patchwork_reader_game(const pc_patchwork_reader *r, pc_patchwork **out)
{
    if (!r || !out)
        return PC_EINVAL;
    if (!r->g)
        return PC_ENOTFOUND;
    return pc_patchwork_clone(r->g, out);
}

/* A desynchronisation: the message in err, PC_EILLEGAL. */
#define DESYNC(line, ...) (pc__parse_error(err, errcap, (line), 0, "desync: " __VA_ARGS__), PC_EILLEGAL)

static int int_line(const char *s, size_t n, int64_t lo, int64_t hi, int64_t *v)
{
    pc__trim(&s, &n);
    return pc__parse_i64(s, n, v) == 0 && *v >= lo && *v <= hi;
}

/* Undo the circle's rotation of P0's first move when it was a PLAY: 32 was
 * last, so where it stands tells how many patches went to the end. */
static int first_deck(const pc_patchwork_reader *r, const char *mv, size_t mvn, int32_t *deck)
{
    if (r->nmv == 0 || (mvn >= 4 && memcmp(mv, "SKIP", 4) == 0)) {
        if (r->nids != 33)
            return 0;
        memcpy(deck, r->ids, sizeof r->ids);
        return 1;
    }
    int32_t cmd[6];
    if (r->nids != 32 || pc_patchwork_parse_command(PC_PATCHWORK_LEAGUE2, mv, mvn, cmd, NULL, NULL, NULL, 0) ||
        cmd[0] != 1)
        return 0;
    int32_t at = -1;
    for (int32_t i = 0; i < 32; i++)
        if (r->ids[i] == 32)
            at = i;
    int32_t j = 31 - at, k = 0;
    if (at < 0 || j > 2)
        return 0;
    for (int32_t i = 32 - j; i < 32; i++)
        deck[k++] = r->ids[i];
    deck[k++] = cmd[1];
    for (int32_t i = 0; i < 32 - j; i++)
        deck[k++] = r->ids[i];
    return 1;
}

/* The turn is complete: rebuild or advance the game on a copy, check it
 * against the text, and commit only when everything matches. */
/* The game of the first turn: the ruleset from the init lines (1 and 2 look
 * alike: 2 unless told), the deck from the circle and the first moves, and
 * the init lines checked against what that league sends. */
static int32_t first_game(const pc_patchwork_reader *r, const char *text, int32_t line0, pc_patchwork **out,
                          char *err, size_t errcap)
{
    int32_t seen = r->init[2] ? 4 : r->init[0] ? 3 : 2, rules = r->ruleset ? r->ruleset : seen;
    int32_t deck[33];
    pc_patchwork *g = NULL;
    if (!first_deck(r, r->nmv ? text + r->move_at[0] : "", r->nmv ? (size_t)r->move_len[0] : 0, deck))
        return DESYNC(line0 + r->ninit, "the first turn's circle and moves do not give a deck");
    int32_t rc = pc_patchwork_new_deck(rules, deck, 33, &g);
    if (rc)
        return rc == PC_EINVAL ? DESYNC(line0 + r->ninit, "the circle is not a deck of 33 patches") : rc;
    size_t n = 0;
    char want[128];
    rc = pc_patchwork_init_input(g, want, sizeof want, &n);
    if (rc == PC_ENOMEM) {
        pc_patchwork_free(g);
        return rc;
    }
    if (rc != PC_OK || !r->init_text.data || r->init_text.len != n || memcmp(want, r->init_text.data, n) != 0) {
        pc_patchwork_free(g);
        return DESYNC(line0, "the income and special-patch lines do not match league %d", (int)rules);
    }
    *out = g;
    return PC_OK;
}

/* Play the opponent's moves of this turn on g, each as the referee sent it. */
static int32_t replay_opponent(const pc_patchwork_reader *r, pc_patchwork *g, int32_t seat, const char *text,
                               int32_t line0, char *err, size_t errcap)
{
    for (int32_t i = 0; i < r->nmv; i++) {
        int32_t fixes = 0, who = PC_PATCHWORK_NOBODY;
        const char *mv = text + r->move_at[i];
        pc_patchwork_to_move(g, &who);
        int32_t rc = who == 1 - seat
                         ? pc_patchwork_referee_step(g, mv, (size_t)r->move_len[i], NULL, &fixes, NULL, 0)
                         : PC_EILLEGAL;
        if (rc == PC_ENOMEM)
            return rc;
        if (rc != PC_OK || fixes)
            return DESYNC(line0 + r->ninit + 23 + r->npatch + i, "the opponent's move '%.*s' is not legal here",
                          (int)r->move_len[i], mv);
    }
    int32_t who = PC_PATCHWORK_NOBODY;
    pc_patchwork_to_move(g, &who);
    return who == seat ? PC_OK : DESYNC(line0, "after the opponent's moves it is not this player's turn");
}

/* The turn's text against what the rules give for g, naming the first line
 * that differs. */
static int32_t check_turn_text(const pc_patchwork_reader *r, const pc_patchwork *g, const char *text, int32_t line0,
                               char *err, size_t errcap)
{
    size_t n = 0;
    int32_t rc = pc_patchwork_turn_input(g, NULL, 0, &n);
    char *want = rc == PC_OK || rc == PC_ESPACE ? pc__malloc(n + 1) : NULL;
    if (want)
        rc = pc_patchwork_turn_input(g, want, n + 1, &n);
    if (!want || rc != PC_OK) {
        pc__free(want);
        return !want && (rc == PC_OK || rc == PC_ESPACE) ? PC_ENOMEM : rc;
    }
    size_t a = 0, b = 0;
    int32_t ln = 0;
    while (n != r->text.len || memcmp(want, text, n) != 0) {
        size_t ea = a, eb = b;
        while (ea < n && want[ea] != '\n')
            ea++;
        while (eb < r->text.len && text[eb] != '\n')
            eb++;
        if (ea - a != eb - b || memcmp(want + a, text + b, ea - a) != 0 || ea >= n || eb >= r->text.len) {
            rc = DESYNC(line0 + r->ninit + ln, "the referee sent '%.*s', the rules give '%.*s'", (int)(eb - b),
                        text + b, (int)(ea - a), want + a);
            break;
        }
        a = ea + 1;
        b = eb + 1;
        ln++;
    }
    pc__free(want);
    return rc;
}

static int32_t finish_turn(pc_patchwork_reader *r, char *err, size_t errcap)
{
    pc_patchwork *g = NULL;
    int32_t rc, seat = r->seat, line0 = r->lineno - r->nlines + 1;
    const char *text = r->text.data ? r->text.data : "";
    if (!r->g) {
        rc = first_game(r, text, line0, &g, err, errcap);
        seat = r->nmv ? 1 : 0;
    } else {
        rc = pc_patchwork_clone(r->g, &g);
    }
    if (rc == PC_OK)
        rc = replay_opponent(r, g, seat, text, line0, err, errcap);
    if (rc == PC_OK)
        rc = check_turn_text(r, g, text, line0, err, errcap);
    if (rc != PC_OK) {
        pc_patchwork_free(g);
        return rc;
    }
    pc_patchwork_free(r->g);
    r->g = g;
    r->seat = seat;
    r->ready = 1;
    return PC_OK;
}

/* Back to the state `keep` (a copy of *r taken before the line was read) after
 * an allocation failed: the buffers stay r's own, their length as it was. */
static void roll_back(pc_patchwork_reader *r, const pc_patchwork_reader *keep)
{
    pc__sb text = r->text, init_text = r->init_text;
    *r = *keep;
    r->text = text;
    r->text.len = keep->text.len;
    r->text.failed = 0;
    r->init_text = init_text;
    r->init_text.len = keep->init_text.len;
    r->init_text.failed = 0;
}

static void reset_turn(pc_patchwork_reader *r)
{
    r->text.len = 0;
    r->nlines = 0;
    r->ninit = r->g ? 0 : 4;
    r->npatch = r->nmoves = -1;
    r->nids = r->nmv = 0;
    if (!r->g)
        r->init_text.len = 0;
}

int32_t pc_patchwork_reader_line(pc_patchwork_reader *r, const char *line, size_t len, int32_t *ready, char *err,
                                 size_t errcap)
{
    if (!r || (!line && len))
        return PC_EINVAL;
    if (len && line[len - 1] == '\n')
        len--;
    if (len && line[len - 1] == '\r')
        len--;
    if (r->ready)
        return pc__parse_error(err, errcap, 0, 0, "a turn is waiting for this player's move (reader_sent)");
    int32_t lineno = r->lineno + 1, i = r->nlines;
    int64_t v;
    pc_patchwork_reader keep = *r; /* a failed allocation leaves the reader as it was */
    if (i < r->ninit) {
        if (i % 2 == 0) {
            if (!int_line(line, len, 0, 64, &v))
                return pc__parse_error(err, errcap, lineno, 0, "expected an event count, read '%.*s'", (int)len,
                                       line);
            r->init[i] = (int32_t)v;
        }
        pc__sb_putn(&r->init_text, line, len);
        pc__sb_putc(&r->init_text, '\n');
    } else {
        int32_t k = i - r->ninit; /* line index within the turn */
        if (k == 20 || (r->npatch >= 0 && k == 22 + r->npatch)) {
            if (!int_line(line, len, 0, k == 20 ? 33 : PW_MAXHIST, &v))
                return pc__parse_error(err, errcap, lineno, 0, "expected a count, read '%.*s'", (int)len, line);
            if (k == 20)
                r->npatch = (int32_t)v;
            else
                r->nmoves = (int32_t)v;
        } else if (r->npatch >= 0 && k > 20 && k <= 20 + r->npatch) {
            const char *sp = memchr(line, ' ', len);
            if (!sp || !int_line(line, (size_t)(sp - line), 0, 32, &v))
                return pc__parse_error(err, errcap, lineno, 0, "expected a patch line 'id earn price time shape'");
            r->ids[r->nids++] = (int32_t)v;
        } else if (r->nmoves >= 0) {
            r->move_at[r->nmv] = (int32_t)r->text.len;
            r->move_len[r->nmv++] = (int32_t)len;
        }
        pc__sb_putn(&r->text, line, len);
        pc__sb_putc(&r->text, '\n');
    }
    if (ready)
        *ready = 0;
    if (r->text.failed || r->init_text.failed) {
        roll_back(r, &keep);
        return PC_ENOMEM;
    }
    r->nlines++;
    r->lineno++;
    int32_t done = r->nmoves >= 0 && r->nmv == r->nmoves;
    if (!done)
        return PC_OK;
    int32_t rc = finish_turn(r, err, errcap);
    if (rc == PC_ENOMEM) {
        roll_back(r, &keep);
        return rc;
    }
    reset_turn(r);
    if (rc != PC_OK)
        return rc;
    if (ready)
        *ready = 1;
    return PC_OK;
}

int32_t pc_patchwork_reader_sent(pc_patchwork_reader *r, const char *line, size_t len, char *err, size_t errcap)
{
    if (!r || (!line && len))
        return PC_EINVAL;
    if (!r->ready)
        return PC_EILLEGAL;
    int32_t rc = pc_patchwork_referee_step(r->g, line, len, NULL, NULL, err, errcap);
    if (rc == PC_OK || rc == PC_EPARSE)
        r->ready = 0; /* an unknown command ends the game on CodinGame */
    return rc;
}
