/*
 * lib/patchwork/engine.c — the rules: rulesets, timeline, market, moves,
 * legal move generation, scoring.  All on the plain-value pw_state, so the
 * bots copy states with memcpy and the public handle wraps one.
 */
#include "patchwork/pw.h"

#include "puzzlecore/patchwork.h"

#define PW_EARN_TIMES ((1ull << 5) | (1ull << 11) | (1ull << 17) | (1ull << 23) | (1ull << 29) | \
                       (1ull << 35) | (1ull << 41) | (1ull << 47) | (1ull << 53))
#define PW_PATCH_TIMES ((1ull << 20) | (1ull << 26) | (1ull << 32) | (1ull << 44) | (1ull << 50))

int32_t pc__patchwork_rules(pw_rules *r, int32_t ruleset)
{
    memset(r, 0, sizeof *r);
    r->duration = 53;
    r->initial_money = 5;
    r->rotations = 1;
    r->bonus_size = 7;
    r->offset = 200;
    r->cap = 80;
    switch (ruleset) {
    case PC_PATCHWORK_LEAGUE1:
        r->duration = 19;
        r->initial_money = 200;
        r->rotations = 0;
        break;
    case PC_PATCHWORK_LEAGUE2:
        r->initial_money = 200;
        break;
    case PC_PATCHWORK_LEAGUE3:
        r->earn_mask = PW_EARN_TIMES;
        r->skip_mult = r->money_mult = 1;
        break;
    case PC_PATCHWORK_LEAGUE4:
    case PC_PATCHWORK_LEAGUE5:
        ruleset = PC_PATCHWORK_LEAGUE4;
        r->earn_mask = PW_EARN_TIMES;
        r->patch_mask = PW_PATCH_TIMES;
        r->skip_mult = r->money_mult = 1;
        r->bonus_mult = 7;
        break;
    case PC_PATCHWORK_OFFICIAL:
        r->earn_mask = PW_EARN_TIMES;
        r->patch_mask = PW_PATCH_TIMES;
        r->skip_mult = r->money_mult = 1;
        r->bonus_mult = 7;
        r->offset = 0;
        r->cap = 0;
        r->official = 1;
        break;
    default:
        return PC_EINVAL;
    }
    r->ruleset = ruleset;
    return PC_OK;
}

void pc__patchwork_init(pw_state *s, const pw_rules *r, const uint8_t *deck, int32_t n)
{
    memset(s, 0, sizeof *s);
    s->r = *r;
    for (int i = 0; i < 2; i++)
        s->p[i].buttons = r->initial_money;
    s->unclaimed = r->patch_mask;
    s->finished_first = -1;
    s->bonus_owner = -1;
    s->nmarket = n;
    memcpy(s->market, deck, (size_t)n);
}

int32_t pc__patchwork_to_move(const pw_state *s)
{
    if (s->over)
        return -1;
    if (s->p[0].pending)
        return 0;
    if (s->p[1].pending)
        return 1;
    if (s->p[0].pos == s->p[1].pos)
        return s->last_play;
    return s->p[0].pos < s->p[1].pos ? 0 : 1;
}

int32_t pc__patchwork_special_id(const pw_state *s)
{
    int32_t me = pc__patchwork_to_move(s);
    if (me < 0 || !s->p[me].pending || !s->unclaimed)
        return 0;
    return -(int32_t)pc__ctz64(s->unclaimed);
}

int32_t pc__patchwork_check(const pw_state *s, const pw_move *m)
{
    if (s->over)
        return PC_EOVER;
    if (m->kind > PW_SPECIAL || m->x > 8 || m->y > 8 || m->flip > 1 || m->rot > 3)
        return PC_EINVAL;
    int32_t me = pc__patchwork_to_move(s);
    const pw_player *pl = &s->p[me];
    if (m->kind == PW_SKIP)
        return pl->pending ? PC_EILLEGAL : PC_OK;
    if (!s->r.rotations && (m->flip || m->rot))
        return PC_EILLEGAL;
    int32_t k = m->flip * 4 + m->rot;
    if (m->kind == PW_SPECIAL) {
        if (m->patch > 63)
            return PC_EINVAL;
        if (!pl->pending)
            return PC_EILLEGAL;
        if (m->patch != 0 && -(int32_t)m->patch != pc__patchwork_special_id(s))
            return PC_EILLEGAL;
        return pw_fits(pl->board, &pc__patchwork_patches[PW_SPECIAL_PATCH].orient[k], m->x, m->y) ? PC_OK
                                                                                            : PC_EILLEGAL;
    }
    if (m->patch >= PW_NPATCH)
        return PC_EINVAL;
    if (pl->pending)
        return PC_EILLEGAL;
    int32_t j, win = s->nmarket < 3 ? s->nmarket : 3;
    for (j = 0; j < win && s->market[j] != m->patch; j++)
        ;
    if (j == win)
        return PC_EILLEGAL;
    const pw_patch *pt = &pc__patchwork_patches[m->patch];
    if (pt->price > pl->buttons)
        return PC_EILLEGAL;
    return pw_fits(pl->board, &pt->orient[k], m->x, m->y) ? PC_OK : PC_EILLEGAL;
}

static void advance(pw_state *s, int32_t me, int32_t dt)
{
    pw_player *pl = &s->p[me];
    int32_t before = pl->pos, after = before + dt;
    if (dt > 0) {
        uint64_t span = ((after >= 63 ? ~0ull : (2ull << after) - 1)) & ~((2ull << before) - 1);
        int32_t n = pc__popcount64(s->r.earn_mask & span);
        pl->buttons += n * pl->income;
        uint64_t got = s->r.patch_mask & s->unclaimed & span;
        if (got) {
            /* Interpretation: a special patch that cannot fit any more (the
             * quilt is full) is not granted; the referee would crash. */
            int32_t room = 81 - pw_popcount(pl->board) - pl->pending;
            int32_t c = pc__popcount64(got);
            pl->pending += c < room ? c : (room > 0 ? room : 0);
        }
        pl->pos = after;
    }
    if (pl->pos >= s->r.duration && s->finished_first < 0)
        s->finished_first = me;
}

static void bonus_check(pw_state *s, int32_t me)
{
    int32_t n = s->r.bonus_size;
    pw_bb b = s->p[me].board;
    uint64_t row = (1ull << n) - 1;
    for (int32_t y = 0; y + n <= 9; y++)
        for (int32_t x = 0; x + n <= 9; x++) {
            int32_t r;
            for (r = 0; r < n; r++)
                if ((pw_shr(b, (unsigned)((y + r) * 9 + x)).lo & row) != row)
                    break;
            if (r == n) {
                s->bonus_owner = me;
                return;
            }
        }
}

void pc__patchwork_do(pw_state *s, const pw_move *m)
{
    int32_t me = pc__patchwork_to_move(s);
    pw_player *pl = &s->p[me];
    if (m->kind == PW_SKIP) {
        int32_t opp = s->p[me ^ 1].pos, dt = opp - pl->pos + 1, left = s->r.duration - pl->pos;
        if (dt > left)
            dt = left;
        pl->buttons += dt * s->r.skip_mult;
        advance(s, me, dt);
    } else {
        int32_t id = m->kind == PW_SPECIAL ? PW_SPECIAL_PATCH : m->patch;
        const pw_patch *pt = &pc__patchwork_patches[id];
        const pw_orient *o = &pt->orient[m->flip * 4 + m->rot];
        pw_bb add = pw_shl64(o->mask, (unsigned)(m->y * 9 + m->x));
        pl->board.lo |= add.lo;
        pl->board.hi |= add.hi;
        if (m->kind == PW_SPECIAL) {
            s->unclaimed &= s->unclaimed - 1; /* the front of the queue */
            pl->pending--;
            advance(s, me, 0);
        } else {
            if (s->r.earn_mask) /* leagues 1-2 store bought patches with earn 0 */
                pl->income += pt->earn;
            int32_t dt = pt->time, left = s->r.duration - pl->pos;
            if (dt > left)
                dt = left;
            pl->buttons -= pt->price;
            advance(s, me, dt);
            int32_t j = 0;
            while (s->market[j] != m->patch)
                j++;
            /* list[j+1..] + list[0..j-1]: the marker moves onto the bought patch */
            uint8_t tmp[PW_NPATCH];
            int32_t n = 0;
            for (int32_t i = j + 1; i < s->nmarket; i++)
                tmp[n++] = s->market[i];
            for (int32_t i = 0; i < j; i++)
                tmp[n++] = s->market[i];
            memcpy(s->market, tmp, (size_t)n);
            s->nmarket = n;
        }
        if (s->bonus_owner < 0)
            bonus_check(s, me);
    }
    s->last_play = me;
    s->actions++;
    int32_t d = s->r.duration;
    if (s->p[0].pos >= d && s->p[1].pos >= d && (!s->r.official || (!s->p[0].pending && !s->p[1].pending)))
        s->over = 1;
    else if (s->r.cap && s->actions >= s->r.cap)
        s->over = 2;
}

static pw_move mk(int kind, int patch, int x, int y, int k)
{
    pw_move m = {(uint8_t)kind, (uint8_t)patch, (uint8_t)x, (uint8_t)y, (uint8_t)(k >> 2), (uint8_t)(k & 3)};
    return m;
}

static int32_t add_bits(pw_bb b, pw_move *out, int32_t n, int kind, int patch, int k)
{
    while (b.lo) {
        int i = pc__ctz64(b.lo);
        b.lo &= b.lo - 1;
        out[n++] = mk(kind, patch, i % 9, i / 9, k);
    }
    while (b.hi) {
        int i = 64 + pc__ctz64(b.hi);
        b.hi &= b.hi - 1;
        out[n++] = mk(kind, patch, i % 9, i / 9, k);
    }
    return n;
}

int32_t pc__patchwork_legal(const pw_state *s, pw_move *out)
{
    int32_t me = pc__patchwork_to_move(s), n = 0;
    if (me < 0)
        return 0;
    const pw_player *pl = &s->p[me];
    if (pl->pending) {
        pw_bb fr = {~pl->board.lo, ~pl->board.hi & PW_FULL_HI};
        return add_bits(fr, out, 0, PW_SPECIAL, -pc__patchwork_special_id(s), 0);
    }
    out[n++] = mk(PW_SKIP, 0, 0, 0, 0);
    int32_t win = s->nmarket < 3 ? s->nmarket : 3;
    for (int32_t j = 0; j < win; j++) {
        const pw_patch *pt = &pc__patchwork_patches[s->market[j]];
        if (pt->price > pl->buttons)
            continue;
        int32_t nk = s->r.rotations ? pt->ndistinct : 1;
        for (int32_t i = 0; i < nk; i++) {
            int k = pt->distinct[i];
            n = add_bits(pw_fit_origins(pl->board, &pt->orient[k]), out, n, PW_PLAY, s->market[j], k);
        }
    }
    return n;
}

int32_t pc__patchwork_score(const pw_state *s, int32_t player)
{
    if (s->over == 2)
        return 0;
    int32_t sc[2];
    for (int i = 0; i < 2; i++)
        sc[i] = s->r.offset + s->r.money_mult * s->p[i].buttons + (s->bonus_owner == i ? s->r.bonus_mult : 0) -
                2 * (81 - pw_popcount(s->p[i].board));
    if (!s->r.official && sc[0] == sc[1] && s->finished_first == player)
        return sc[player] + 1;
    return sc[player];
}

int32_t pc__patchwork_winner(const pw_state *s)
{
    if (!s->over)
        return -1;
    if (s->over == 2)
        return PC_PATCHWORK_DRAW;
    int32_t a = pc__patchwork_score(s, 0), b = pc__patchwork_score(s, 1);
    if (a != b)
        return a > b ? 0 : 1;
    if (s->r.official && s->finished_first >= 0)
        return s->finished_first;
    return PC_PATCHWORK_DRAW;
}

static int pick_bit(pw_bb b, struct pc_rng *rng)
{
    int c = pw_popcount(b);
    int r = pc__rng_below(rng, c);
    int lc = pc__popcount64(b.lo);
    uint64_t w = b.lo;
    int base = 0;
    if (r >= lc) {
        r -= lc;
        w = b.hi;
        base = 64;
    }
    while (r--)
        w &= w - 1;
    return base + pc__ctz64(w);
}

pw_move pc__patchwork_random_move(const pw_state *s, struct pc_rng *rng)
{
    int32_t me = pc__patchwork_to_move(s);
    const pw_player *pl = &s->p[me];
    if (pl->pending) {
        pw_bb fr = {~pl->board.lo, ~pl->board.hi & PW_FULL_HI};
        int i = pick_bit(fr, rng);
        return mk(PW_SPECIAL, -pc__patchwork_special_id(s), i % 9, i / 9, 0);
    }
    int32_t cand[3], nc = 0, win = s->nmarket < 3 ? s->nmarket : 3;
    for (int32_t j = 0; j < win; j++)
        if (pc__patchwork_patches[s->market[j]].price <= pl->buttons)
            cand[nc++] = s->market[j];
    while (nc > 0) {
        int32_t c = pc__rng_below(rng, nc + 1);
        if (c == nc)
            break; /* SKIP */
        const pw_patch *pt = &pc__patchwork_patches[cand[c]];
        int32_t nk = s->r.rotations ? pt->ndistinct : 1, k0 = pc__rng_below(rng, nk);
        for (int32_t i = 0; i < nk; i++) {
            int k = pt->distinct[(k0 + i) % nk];
            pw_bb o = pw_fit_origins(pl->board, &pt->orient[k]);
            if (o.lo | o.hi) {
                int b = pick_bit(o, rng);
                return mk(PW_PLAY, cand[c], b % 9, b / 9, k);
            }
        }
        cand[c] = cand[--nc];
    }
    return mk(PW_SKIP, 0, 0, 0, 0);
}

/* ---- connected empty regions (bitboard flood fill) ------------------------- */

static inline pw_bb bb_and(pw_bb a, pw_bb b)
{
    pw_bb r = {a.lo & b.lo, a.hi & b.hi};
    return r;
}

static inline pw_bb bb_shl(pw_bb b, unsigned n) /* 0 < n < 64, result kept to 81 bits */
{
    pw_bb r = {b.lo << n, ((b.hi << n) | (b.lo >> (64 - n))) & PW_FULL_HI};
    return r;
}

/* Cells of column 0 (bits 0, 9, ..., 72) and column 8 (bits 8, 17, ..., 80). */
static const pw_bb col0 = {0x8040201008040201ull, 0x100ull};
static const pw_bb col8 = {0x4020100804020100ull, 0x10080ull};

int32_t pc__patchwork_regions(pw_bb board)
{
    pw_bb empty = {~board.lo, ~board.hi & PW_FULL_HI};
    pw_bb nc0 = {~col0.lo, ~col0.hi & PW_FULL_HI}, nc8 = {~col8.lo, ~col8.hi & PW_FULL_HI};
    int32_t count = 0;
    while (empty.lo | empty.hi) {
        pw_bb r;
        if (empty.lo) {
            r.lo = empty.lo & (~empty.lo + 1);
            r.hi = 0;
        } else {
            r.lo = 0;
            r.hi = empty.hi & (~empty.hi + 1);
        }
        for (;;) {
            pw_bb a = bb_and(bb_shl(r, 1), nc0); /* a cell's right neighbour */
            pw_bb b = bb_and(pw_shr(r, 1), nc8); /* a cell's left neighbour */
            pw_bb c = bb_shl(r, 9), d = pw_shr(r, 9);
            pw_bb g = {r.lo | a.lo | b.lo | c.lo | d.lo, r.hi | a.hi | b.hi | c.hi | d.hi};
            g = bb_and(g, empty);
            if (g.lo == r.lo && g.hi == r.hi)
                break;
            r = g;
        }
        empty.lo &= ~r.lo;
        empty.hi &= ~r.hi;
        count++;
    }
    return count;
}

/* ---- move codes ------------------------------------------------------------ */

int32_t pc__patchwork_move_code(const pw_move *m)
{
    return (int32_t)m->kind | (int32_t)m->patch << 2 | (int32_t)m->x << 8 | (int32_t)m->y << 12 |
           (int32_t)m->flip << 16 | (int32_t)m->rot << 17;
}

int32_t pc__patchwork_move_from_code(int32_t code, pw_move *m)
{
    if (code < 0 || code >> 19)
        return PC_EINVAL;
    m->kind = (uint8_t)(code & 3);
    m->patch = (uint8_t)((code >> 2) & 63);
    m->x = (uint8_t)((code >> 8) & 15);
    m->y = (uint8_t)((code >> 12) & 15);
    m->flip = (uint8_t)((code >> 16) & 1);
    m->rot = (uint8_t)((code >> 17) & 3);
    if (m->kind > PW_SPECIAL || m->x > 8 || m->y > 8)
        return PC_EINVAL;
    if (m->kind == PW_SKIP && (m->patch | m->x | m->y | m->flip | m->rot))
        return PC_EINVAL;
    return PC_OK;
}
