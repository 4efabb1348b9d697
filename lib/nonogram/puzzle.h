/*
 * Internal layout of pc_nonogram (shared by puzzle.c and record.c, and by
 * the solving code, which reads the clues).
 */
#ifndef PC_NONOGRAM_PUZZLE_H
#define PC_NONOGRAM_PUZZLE_H

#include <stddef.h>
#include <stdint.h>

#include "puzzlecore/nonogram.h"

struct pc_nonogram_title {
    char *lang;
    char *text;
    size_t len;
};

struct pc_nonogram {
    int32_t w, h;
    /* Clues: line i of axis a has clues clue[a][off[a][i] .. off[a][i+1]). */
    int32_t *off[2];
    int32_t *clue[2];
    uint8_t *solution; /* w*h 0/1 bytes, or NULL when made from clues */
    uint8_t *cells;    /* the player's grid, w*h pc_nonogram_cell values */
    uint8_t *sat[2];   /* per line: 1 when the player's line meets its clues */
    int32_t nsat[2];   /* number of satisfied lines per axis */
    int64_t evaluated; /* single-line evaluations so far */
    /* record fields */
    char *id;
    size_t id_len;
    int32_t xp;
    struct pc_nonogram_title *titles;
    int32_t ntitles;
};

/* A new puzzle with its clue arrays taken over (no copy) and an all-unknown
 * player's grid; solution may be NULL (taken over too).  On failure nothing
 * is taken over. */
int32_t pc__nonogram_make(int32_t w, int32_t h, int32_t *off[2], int32_t *clue[2], uint8_t *solution,
                          pc_nonogram **out);

/* Validate a clue set (sizes, each line fits, totals agree) and build the
 * offset arrays; err receives a message on failure. */
int32_t pc__nonogram_check_clues(int32_t w, int32_t h, const int32_t *counts[2], const int32_t *clues[2],
                                 int32_t *off_out[2], int32_t *clue_out[2], char *err, size_t errcap);

/* Re-examine every line after the player's grid was written directly. */
void pc__nonogram_refresh(pc_nonogram *g);

/* 0 when w x h is a supported size; PC_ERANGE otherwise. */
int32_t pc__nonogram_check_size(int32_t w, int32_t h);

#endif
