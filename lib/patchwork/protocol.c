/*
 * lib/patchwork/protocol.c — the CodinGame referee's text protocol as pure
 * functions: what the referee sends to the player to move, how it reads a
 * bot's output line, and how it adjusts an invalid command.
 */
#include "patchwork/game.h"

static void put_times(pc__sb *sb, uint64_t mask)
{
    pc__sb_printf(sb, "%d\n", pc__popcount64(mask));
    int first = 1;
    for (int t = 0; t < 64; t++)
        if (mask >> t & 1) {
            pc__sb_printf(sb, first ? "%d" : " %d", t);
            first = 0;
        }
    pc__sb_putc(sb, '\n');
}

static void put_init(pc__sb *sb, const pw_state *s)
{
    put_times(sb, s->r.earn_mask);
    put_times(sb, s->r.patch_mask);
}

static void put_turn(pc__sb *sb, const pc_patchwork *g)
{
    const pw_state *s = &g->s;
    int32_t me = pc__patchwork_to_move(s);
    for (int i = 0; i < 2; i++) {
        const pw_player *pl = &s->p[i ? me ^ 1 : me];
        pc__sb_printf(sb, "%d %d %d\n", (int)pl->buttons, (int)pl->pos, (int)pl->income);
        pc__patchwork_put_board(sb, pl->board);
    }
    pc__sb_printf(sb, "%d\n", (int)s->nmarket);
    for (int32_t i = 0; i < s->nmarket; i++) {
        const pw_patch *p = &pc__patchwork_patches[s->market[i]];
        pc__sb_printf(sb, "%d %d %d %d %s\n", s->market[i], p->earn, p->price, p->time, p->shape);
    }
    pc__sb_printf(sb, "%d\n", (int)pc__patchwork_special_id(s));
    int32_t from = g->nhist;
    while (from > 0 && g->hist_player[from - 1] != me)
        from--;
    pc__sb_printf(sb, "%d\n", (int)(g->nhist - from));
    for (int32_t i = from; i < g->nhist; i++) {
        pc__patchwork_put_move(sb, s->r.rotations, &g->hist[i]);
        pc__sb_putc(sb, '\n');
    }
}

int32_t pc_patchwork_init_input(const pc_patchwork *g, char *buf, size_t cap, size_t *len)
{
    if (!g)
        return PC_EINVAL;
    pc__sb sb;
    pc__sb_init(&sb);
    put_init(&sb, &g->s);
    return pc__sb_emit(&sb, buf, cap, len);
}

int32_t pc_patchwork_turn_input(const pc_patchwork *g, char *buf, size_t cap, size_t *len)
{
    if (!g)
        return PC_EINVAL;
    if (g->s.over)
        return PC_EOVER;
    pc__sb sb;
    pc__sb_init(&sb);
    put_turn(&sb, g);
    return pc__sb_emit(&sb, buf, cap, len);
}

int32_t pc_patchwork_referee_input(const pc_patchwork *g, char *buf, size_t cap, size_t *len)
{
    if (!g)
        return PC_EINVAL;
    if (g->s.over)
        return PC_EOVER;
    int32_t me = pc__patchwork_to_move(&g->s), first = 1;
    for (int32_t i = 0; i < g->nhist; i++)
        if (g->hist_player[i] == me)
            first = 0;
    pc__sb sb;
    pc__sb_init(&sb);
    if (first)
        put_init(&sb, &g->s);
    put_turn(&sb, g);
    return pc__sb_emit(&sb, buf, cap, len);
}

/* Kotlin's String.toIntOrNull (radix 10): an optional '+' or '-', then at
 * least one digit, within Int range.  (Kotlin also takes non-ASCII Unicode
 * digits; bots print ASCII, so those are refused here.) */
static int kt_int(const char *s, size_t n, int32_t *out)
{
    size_t i = 0;
    int neg = 0;
    if (n == 0)
        return 0;
    if (s[0] == '-' || s[0] == '+') {
        neg = s[0] == '-';
        i = 1;
        if (n == 1)
            return 0;
    }
    int64_t v = 0;
    for (; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        v = v * 10 + (s[i] - '0');
        if (v > 2147483648ll)
            return 0;
    }
    if (neg)
        v = -v;
    if (v > 2147483647ll || v < -2147483648ll)
        return 0;
    *out = (int32_t)v;
    return 1;
}

int32_t pc_patchwork_parse_command(int32_t ruleset, const char *line, size_t len, int32_t *cmd6, size_t *msg_off,
                                   size_t *msg_len, char *err, size_t errcap)
{
    pw_rules r;
    if (pc__patchwork_rules(&r, ruleset) || !cmd6 || (!line && len))
        return PC_EINVAL;
    /* the SDK reads lines like Java's readLine: "\n", "\r\n" or "\r" ends one */
    if (len && line[len - 1] == '\n')
        len--;
    if (len && line[len - 1] == '\r')
        len--;
    /* split(" "): tokens between single spaces, empty ones kept */
    size_t start[8], tlen[8];
    int nt = 0;
    size_t a = 0;
    for (size_t i = 0; i <= len && nt < 8; i++)
        if (i == len || line[i] == ' ') {
            start[nt] = a;
            tlen[nt++] = i - a;
            a = i + 1;
        }
    size_t off = len; /* message start: after token k-1's separator */
#define AFTER(k) (nt > (k) ? start[k] : len)
    int32_t v[6] = {0, 0, 0, 0, 0, 0};
    if (tlen[0] == 4 && memcmp(line, "SKIP", 4) == 0) {
        off = AFTER(1);
    } else if (tlen[0] == 4 && memcmp(line, "PLAY", 4) == 0) {
        v[0] = 1;
        for (int i = 1; i <= 3; i++)
            if (nt <= i || !kt_int(line + start[i], tlen[i], &v[i]))
                return pc__parse_error(err, errcap, 0, 0, "unknown command: PLAY needs integer id, x and y");
        int32_t flip = 0, rot = 0;
        int hf = r.rotations && nt > 4 && kt_int(line + start[4], tlen[4], &flip);
        int hr = r.rotations && nt > 5 && kt_int(line + start[5], tlen[5], &rot);
        off = !hf ? AFTER(4) : !hr ? AFTER(5) : AFTER(6);
        v[4] = hf && flip == 1;
        v[5] = hr ? rot % 4 : 0; /* C and Kotlin share the remainder's sign */
    } else {
        return pc__parse_error(err, errcap, 0, 0, "unknown command (expected SKIP or PLAY)");
    }
#undef AFTER
    memcpy(cmd6, v, sizeof v);
    if (msg_off)
        *msg_off = off;
    if (msg_len)
        *msg_len = len - off;
    return PC_OK;
}

int32_t pc_patchwork_referee_step(pc_patchwork *g, const char *line, size_t len, int32_t *applied, int32_t *fixes,
                                  char *err, size_t errcap)
{
    int32_t cmd[6], fx = 0, rc;
    if (!g)
        return PC_EINVAL;
    if (g->s.over)
        return PC_EOVER;
    rc = pc_patchwork_parse_command(g->s.r.ruleset, line, len, cmd, NULL, NULL, err, errcap);
    if (rc)
        return rc;
    const pw_state *s = &g->s;
    int32_t me = pc__patchwork_to_move(s);
    const pw_player *pl = &s->p[me];
    pw_move m = {PW_SKIP, 0, 0, 0, 0, 0};
    if (cmd[0] == 1) {
        /* the referee's dry run: id, then money, then placement */
        int32_t id = cmd[1], ok = 0, special = pc__patchwork_special_id(s);
        const pw_patch *pt = NULL;
        if (pl->pending) {
            if (id == special && special != 0)
                pt = &pc__patchwork_patches[PW_SPECIAL_PATCH];
        } else {
            int32_t win = s->nmarket < 3 ? s->nmarket : 3;
            for (int32_t j = 0; j < win; j++)
                if (s->market[j] == id)
                    pt = &pc__patchwork_patches[id];
        }
        if (!pt)
            fx |= PC_PATCHWORK_FIX_INVALID_ID;
        else if (pt->price > pl->buttons)
            fx |= PC_PATCHWORK_FIX_NO_MONEY;
        else if (cmd[5] < 0 || cmd[2] < 0 || cmd[3] < 0 || cmd[2] > 8 || cmd[3] > 8 ||
                 !pw_fits(pl->board, &pt->orient[cmd[4] * 4 + cmd[5]], cmd[2], cmd[3]))
            fx |= PC_PATCHWORK_FIX_INVALID_PLACEMENT;
        else
            ok = 1;
        if (ok) {
            m.kind = pl->pending ? PW_SPECIAL : PW_PLAY;
            m.patch = (uint8_t)(pl->pending ? -id : id);
            m.x = (uint8_t)cmd[2];
            m.y = (uint8_t)cmd[3];
            m.flip = (uint8_t)cmd[4];
            m.rot = (uint8_t)cmd[5];
        }
    }
    if (m.kind == PW_SKIP && pl->pending) {
        fx |= PC_PATCHWORK_FIX_CANT_SKIP;
        int i = 0;
        while (i < 81 && (pw_shr(pl->board, (unsigned)i).lo & 1))
            i++;
        m.kind = PW_SPECIAL;
        m.patch = (uint8_t)-pc__patchwork_special_id(s);
        m.x = (uint8_t)(i % 9);
        m.y = (uint8_t)(i / 9);
    }
    rc = pc__patchwork_apply_move(g, &m);
    if (rc)
        return rc;
    if (applied)
        *applied = pc__patchwork_move_code(&g->hist[g->nhist - 1]);
    if (fixes)
        *fixes = fx;
    return PC_OK;
}
