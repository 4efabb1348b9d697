/*
 * The weave rule of one cloth, written once.  A thread's inches (after its
 * knot) fill the current row, complete rows, score a perfect row when the
 * thread ends exactly at a row's end, make a square when the cloth has w
 * rows, wrap o inches at each row's end, and are discarded when what is
 * left is too short to wrap.  The rules engine (do_weave in pickerel.c)
 * hangs its events, statistics and loom beads on the steps; the planners
 * (plan.c, advisor.c, bench/pickerel_bound) take only the points.
 */
#include "pickerel/state.h"

int32_t pc__pickerel_cloth_steps(int32_t w, int32_t o, int32_t *rows, int32_t *fill, int32_t *run, int32_t rem,
                                 pc__pk_cloth_fn on, void *ctx, int *exact)
{
    int32_t pts = 0, base = *run, mine = 0, completed = 0;
    *exact = 0;
    while (rem > 0) {
        int32_t need = w - *fill;
        if (rem < need) {
            if (on)
                on(ctx, PC__PK_STEP_SEGMENT, rem, 0);
            *fill += rem;
            break;
        }
        if (on)
            on(ctx, PC__PK_STEP_SEGMENT, need, 0);
        rem -= need;
        *fill = 0;
        (*rows)++;
        mine++;
        completed++;
        if (on)
            on(ctx, PC__PK_STEP_ROW, *rows, 0);
        if (rem == 0) {
            *run = base + mine;
            pts += w * *run * (o + 1);
            if (on)
                on(ctx, PC__PK_STEP_PERFECT, *run, mine);
            if (*rows == w) {
                pts += 2 * w * w;
                if (on)
                    on(ctx, PC__PK_STEP_SQUARE, w, 0);
                *rows = *run = 0;
            }
            *exact = 1;
            break;
        }
        if (*rows == w) {
            pts += 2 * w * w;
            if (on)
                on(ctx, PC__PK_STEP_SQUARE, w, 0);
            *rows = *run = 0;
            base = mine = 0;
        }
        if (rem <= o) { /* too short to wrap: discarded, no penalty */
            if (on)
                on(ctx, PC__PK_STEP_DISCARD, rem, 0);
            break;
        }
        if (o > 0 && on)
            on(ctx, PC__PK_STEP_WRAP, o, 0);
        rem -= o;
    }
    if (completed > 0 && !*exact)
        *run = 0;
    return pts;
}

int pc__pickerel_cloth_weave(int w, int o, int *rows, int *fill, int *run, int len, int *event)
{
    int32_t r = *rows, f = *fill, u = *run;
    int exact = 0;
    int32_t pts = pc__pickerel_cloth_steps(w, o, &r, &f, &u, len - (o < len ? o : len), NULL, NULL, &exact);
    *rows = r;
    *fill = f;
    *run = u;
    if (event)
        *event = exact;
    return (int)pts;
}
