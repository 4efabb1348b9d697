/*
 * lib/nonogram/hint.c — the one record of a hint and its report to the
 * caller, shared by the black-and-white hint (solve_api.c) and the colour
 * hint (colour_solve.c): in a file of its own so that the colour solver
 * need not call back into solve_api.c, which dispatches colour puzzles to it.
 */
#include "nonogram/solve.h"
#include "puzzlecore/nonogram.h"

static void put(int32_t *p, int32_t v)
{
    if (p)
        *p = v;
}

void pc__nhint_cell(pc__nhint *hint, int32_t w, size_t cell, int32_t value, int32_t line, int32_t kind)
{
    hint->x = (int32_t)(cell % (size_t)w);
    hint->y = (int32_t)(cell / (size_t)w);
    hint->value = value;
    hint->line = line;
    hint->kind = kind;
}

int32_t pc__nhint_report(const pc__nhint *hint, int32_t h, int32_t rc, int32_t *x, int32_t *y, int32_t *value,
                         int32_t *axis, int32_t *index)
{
    if (rc != PC_OK && rc != PC_EILLEGAL)
        return rc;
    int32_t l = hint->line;
    put(x, hint->x);
    put(y, hint->y);
    put(value, hint->value);
    put(axis, l < 0 ? -1 : l < h ? PC_NONOGRAM_ROWS : PC_NONOGRAM_COLS);
    put(index, l < 0 ? -1 : l < h ? l : l - h);
    return rc == PC_OK ? hint->kind : rc;
}
