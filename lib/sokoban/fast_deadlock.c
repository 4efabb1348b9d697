/*
 * Deadlock without search (lib/sokoban/fast.c's static tests):
 * pc__sokoban_deadlock, which tells whether a position is lost and which
 * boxes form the deadlock, and the entry points that expose the fast
 * solver's static analyses to tests (fast_learn.h).
 */
#include <stdlib.h>
#include <string.h>

#include "sokoban/fast_room.h"
#include "sokoban/fast_solver.h"

/* ---- deadlock without search ------------------------------------------------------------------ */

/* The boxes of a Hall set of a matching without finite cost: from the boxes
 * the matching sends to an impossible goal, alternate along possible pairs
 * (box to goal) and matched pairs (goal to its box).  The boxes reached can
 * reach only the goals reached, which are fewer.  Marks them in mark[]. */
static void hall_set(fs_solver *s, uint8_t *mark)
{
    int32_t n = s->map.nb;
    uint8_t *seen = s->hu.used; /* columns seen (1-based) */
    memset(seen, 0, (size_t)n + 1);
    size_t qh = 0, qt = 0;
    for (int32_t j = 1; j <= n; j++) {
        int32_t i = s->hu.p[j];
        if (fs_pair_cost(s, s->ex.bx, i, j) >= FS_BIG && !mark[i - 1]) {
            mark[i - 1] = 1;
            s->ex.queue[qt++] = i;
        }
    }
    while (qh < qt) {
        int32_t i = s->ex.queue[qh++];
        for (int32_t j = 1; j <= n; j++) {
            if (seen[j] || fs_pair_cost(s, s->ex.bx, i, j) >= FS_BIG)
                continue;
            seen[j] = 1;
            int32_t k = s->hu.p[j];
            if (!mark[k - 1]) {
                mark[k - 1] = 1;
                s->ex.queue[qt++] = k;
            }
        }
    }
}

/* The static deadlock tests on the position in s (boxes in bx and boxat),
 * in order: boxes on dead squares, a frozen group with a box off goal, a
 * PI-corral nothing can enter, no matching.  The first that finds one
 * marks its boxes (mark[i]: box i) and sets *kind; returns 1, else 0. */
static int32_t deadlock_tests(fs_solver *s, const pc_sokoban *g, uint8_t *mark, int32_t *kind)
{
    int32_t rc = 0;
    /* 1. boxes on dead squares */
    for (int32_t i = 0; i < s->map.nb; i++)
        if (s->map.dead[s->ex.bx[i]] && !s->map.goal[s->ex.bx[i]]) {
            mark[i] = 1;
            rc = 1;
            *kind = PC_SOKOBAN_DEADLOCK_DEAD_SQUARE;
        }
    /* 2. frozen boxes, one of them off goal: the frozen group */
    for (int32_t i = 0; i < s->map.nb && rc == 0; i++) {
        int32_t c = s->ex.bx[i];
        if (s->map.goal[c])
            continue;
        s->fr.nfrec = 0;
        if (pc__fs_freeze_dead(s, c)) {
            for (int32_t t = 0; t < s->fr.nfrec; t++)
                mark[s->ex.boxat[s->fr.frec[t]]] = 1;
            rc = 1;
            *kind = PC_SOKOBAN_DEADLOCK_FROZEN;
        }
    }
    if (rc)
        return rc;
    /* 3. a PI-corral that nothing can enter: its barrier */
    if (pc__fs_pi_corral(s, pc__fs_reach_kept(s, s->map.g2c[g->player])) < 0) {
        for (int32_t t = 0; t < s->cor.nbar; t++)
            mark[s->cor.cbox[t]] = 1;
        *kind = PC_SOKOBAN_DEADLOCK_CORRAL;
        return 1;
    }
    /* 4. no assignment of the boxes to goals they can reach */
    if (s->map.nb > 0 && pc__fs_match_full(s, s->ex.bx) >= FS_BIG) {
        hall_set(s, mark);
        *kind = PC_SOKOBAN_DEADLOCK_MATCHING;
        return 1;
    }
    /* 5. boxes frozen on goals that seal the free goals off */
    if (pc__fs_sealed(s, mark)) {
        *kind = PC_SOKOBAN_DEADLOCK_SEALED;
        return 1;
    }
    return 0;
}

/* The deadlock of a position with a box off goal, or an empty goal, where
 * the player never comes (prepare's PC_ENOTFOUND).  A box off goal there
 * never moves: those boxes are frozen off goal.  Otherwise an empty goal
 * lies there; boxes and goals being as many, the boxes the player reaches
 * then have fewer goals than they are within reach, every one of them: a
 * matching deadlock of all of them.  Marks the boxes in grid (may be NULL);
 * returns the kind. */
static int32_t unreachable_deadlock(const pc_sokoban *g, uint8_t *grid)
{
    size_t n = (size_t)g->w * (size_t)g->h;
    int32_t kind = PC_SOKOBAN_DEADLOCK_MATCHING;
    for (size_t i = 0; i < n; i++)
        if (!(g->stat[i] & SK_INTERIOR) && g->box[i] && !(g->stat[i] & SK_GOAL))
            kind = PC_SOKOBAN_DEADLOCK_FROZEN;
    for (size_t i = 0; i < n && grid; i++) {
        int inside = (g->stat[i] & SK_INTERIOR) != 0;
        if (g->box[i] && (kind == PC_SOKOBAN_DEADLOCK_FROZEN ? !inside && !(g->stat[i] & SK_GOAL) : inside))
            grid[i] = 1;
    }
    return kind;
}

/* g's current boxes as the state under examination (ex.bx, ex.boxat). */
static void place_boxes(fs_solver *s, const pc_sokoban *g)
{
    int32_t k = 0;
    for (int32_t c = 0; c < s->map.nc; c++)
        if (g->box[s->map.c2g[c]]) {
            s->ex.bx[k] = c;
            s->ex.boxat[c] = k++;
        }
}

/* For the entry points below that examine one position (no search, no
 * budget): a solver for g, prepared; *rc is prepare's status (PC_OK, or
 * PC_ENOTFOUND when the level is lost from the start). NULL, with *rc the
 * error, when it cannot be made. m must outlive the solver. */
static fs_solver *fs_open(const pc_sokoban *g, pc__meter *m, int32_t *rc)
{
    if ((*rc = pc__meter_start(m, NULL)) != PC_OK)
        return NULL;
    fs_solver *s = pc__fs_new(g, m);
    if (!s) {
        *rc = PC_ENOMEM;
        return NULL;
    }
    *rc = pc__fs_prepare(s, g);
    return s;
}

int32_t pc__sokoban_deadlock(const pc_sokoban *g, uint8_t *grid, int32_t *kind)
{
    *kind = PC_SOKOBAN_DEADLOCK_NONE;
    pc__meter m;
    int32_t rc;
    fs_solver *s = fs_open(g, &m, &rc);
    if (!s)
        return rc;
    if (rc == PC_ENOTFOUND) {
        *kind = unreachable_deadlock(g, grid);
        rc = 1;
        goto done;
    }
    if (rc < 0)
        goto done;
    uint8_t *mark = pc__calloc((size_t)s->map.nb + 1, 1);
    s->fr.frec = pc__malloc((FS_FREEZE_CALLS + 1) * sizeof *s->fr.frec);
    if (!mark || !s->fr.frec) {
        pc__free(mark);
        rc = PC_ENOMEM;
        goto done;
    }
    place_boxes(s, g);
    rc = deadlock_tests(s, g, mark, kind);
    if (grid)
        for (int32_t i = 0; i < s->map.nb; i++)
            if (mark[i])
                grid[s->map.c2g[s->ex.bx[i]]] = 1;
    pc__free(mark);
done:
    pc__fs_free(s);
    pc__free(s);
    return rc;
}

/* The place of the solver's cell c in the arrays the entry points below
 * fill: the level's squares without its border, row by row
 * (pc_sokoban_width x pc_sokoban_height). */
static size_t square_of(const pc_sokoban *g, const fs_solver *s, int32_t c)
{
    int32_t gc = s->map.c2g[c];
    return (size_t)(gc / g->w - 1) * (size_t)(g->w - 2) + (size_t)(gc % g->w - 1);
}

int32_t pc__sokoban_fast_layers(const pc_sokoban *g, int32_t *layer, int32_t *seq, int32_t *nlayers)
{
    int32_t pw = g->w - 2, ph = g->h - 2;
    pc__meter m;
    int32_t rc;
    fs_solver *s = fs_open(g, &m, &rc);
    if (!s)
        return rc;
    if (rc == PC_OK && (rc = pc__fs_packing_order(s, g)) == PC_OK) {
        for (int32_t i = 0; i < pw * ph; i++) {
            layer[i] = -1;
            if (seq)
                seq[i] = -1;
        }
        for (int32_t c = 0; c < s->map.nc; c++)
            if (s->map.goal[c]) {
                layer[square_of(g, s, c)] = s->map.layer[c];
                if (seq && s->map.seq)
                    seq[square_of(g, s, c)] = s->map.seq[c];
            }
        *nlayers = s->map.nlayers;
    }
    pc__fs_free(s);
    pc__free(s);
    return rc;
}

int32_t pc__sokoban_fast_pattern(const pc_sokoban *g, int32_t x, int32_t y, uint8_t *cells)
{
    int32_t pw = g->w - 2, ph = g->h - 2, cell = (y + 1) * g->w + x + 1;
    if (x < 0 || y < 0 || x >= pw || y >= ph || !g->box[cell])
        return PC_EINVAL;
    pc__meter m;
    int32_t rc;
    fs_solver *s = fs_open(g, &m, &rc);
    if (!s)
        return rc;
    if (rc == PC_OK && s->map.g2c[cell] < 0)
        rc = PC_EINVAL; /* a box on its goal walled off from the player: never pushed */
    else if (rc == PC_OK && (rc = pc__fs_learn_alloc(s)) == PC_OK) {
        place_boxes(s, g);
        rc = pc__fs_learned_dead(s, s->map.g2c[cell], s->map.g2c[g->player]);
        if (rc == 1 && s->lr.learned == 0)
            rc = PC_ENOMEM; /* proved, but no room to keep the pattern */
        if (rc == 1 && cells) {
            const uint32_t *p = s->lr.pat; /* the one pattern stored */
            for (uint32_t i = 1; i <= p[0]; i++)
                cells[square_of(g, s, (int32_t)p[i])] = 1;
        }
    }
    pc__fs_free(s);
    pc__free(s);
    return rc;
}

int32_t pc__sokoban_fast_frozen(const pc_sokoban *g)
{
    pc__meter m;
    int32_t rc;
    fs_solver *s = fs_open(g, &m, &rc);
    if (!s)
        return rc;
    if (rc == PC_OK) {
        place_boxes(s, g);
        uint64_t key;
        int32_t slot;
        s->fz.cur = pc__fs_fz_table(s, -1, &key, &slot);
        rc = s->map.nb > 0 && pc__fs_match_full(s, s->ex.bx) >= FS_BIG;
    }
    pc__fs_free(s);
    pc__free(s);
    return rc;
}

int32_t pc__sokoban_fast_corral(const pc_sokoban *g)
{
    pc__meter m;
    int32_t rc;
    fs_solver *s = fs_open(g, &m, &rc);
    if (!s)
        return rc;
    if (rc == PC_OK && (rc = pc__fs_learn_alloc(s)) == PC_OK) {
        place_boxes(s, g);
        int32_t pl = s->map.g2c[g->player];
        pc__fs_pi_corral(s, pc__fs_reach_kept(s, pl));
        rc = pc__fs_corral_dead(s, pl);
    }
    pc__fs_free(s);
    pc__free(s);
    return rc;
}

int32_t pc__sokoban_fast_hotspots(const pc_sokoban *g, uint8_t *cells)
{
    int32_t pw = g->w - 2, ph = g->h - 2;
    pc__meter m;
    int32_t rc;
    fs_solver *s = fs_open(g, &m, &rc);
    if (!s)
        return rc;
    if (rc == PC_OK) {
        place_boxes(s, g);
        uint64_t key;
        int32_t slot;
        s->fz.cur = pc__fs_fz_table(s, -1, &key, &slot);
        memset(cells, 0, (size_t)pw * (size_t)ph);
        if (s->map.nb > 0) {
            pc__fs_match_full(s, s->ex.bx);
            s->ex.ostamp = 1;
            s->ex.oplan = 0;
            pc__fs_hotspots(s);
        }
        for (int32_t i = 0; i < s->map.nb; i++)
            if (s->ex.hot[i]) {
                cells[square_of(g, s, s->ex.bx[i])] = 1;
                rc++;
            }
    }
    pc__fs_free(s);
    pc__free(s);
    return rc;
}

int32_t pc__sokoban_fast_openers(const pc_sokoban *g, uint8_t *cells)
{
    int32_t pw = g->w - 2, ph = g->h - 2;
    pc__meter m;
    int32_t rc;
    fs_solver *s = fs_open(g, &m, &rc);
    if (!s)
        return rc;
    if (rc == PC_OK)
        rc = pc__fs_packing_order(s, g);
    if (rc == PC_OK) {
        memset(cells, 0, (size_t)pw * (size_t)ph);
        place_boxes(s, g);
        s->ex.pst = pc__fs_reach_kept(s, s->map.g2c[g->player]);
        pc__fs_packing(s, s->ex.bx);
        pc__fs_openers(s);
        for (int32_t i = 0; i < s->map.nb; i++)
            if (s->ex.opener[i] == s->ex.ostamp) {
                cells[square_of(g, s, s->ex.bx[i])] = 1;
                rc++;
            }
    }
    pc__fs_free(s);
    pc__free(s);
    return rc;
}

int32_t pc__sokoban_fast_doors(const pc_sokoban *g, uint8_t *cells)
{
    int32_t pw = g->w - 2, ph = g->h - 2;
    pc__meter m;
    int32_t rc;
    fs_solver *s = fs_open(g, &m, &rc);
    if (!s)
        return rc;
    if (rc == PC_OK && (rc = pc__fs_rooms(s)) == PC_OK) {
        memset(cells, 0, (size_t)pw * (size_t)ph);
        for (int32_t c = 0; c < s->map.nc; c++)
            if (s->map.door[c] >= 0)
                cells[square_of(g, s, c)] = (uint8_t)(s->map.door[c] + 1);
        rc = s->map.nrooms;
    }
    pc__fs_free(s);
    pc__free(s);
    return rc;
}
