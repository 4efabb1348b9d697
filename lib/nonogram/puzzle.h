/*
 * Internal layout of pc_nonogram (shared by puzzle.c and record.c, and by
 * the solving code, which reads the clues).
 */
#ifndef PC_NONOGRAM_PUZZLE_H
#define PC_NONOGRAM_PUZZLE_H

#include <stddef.h>
#include <stdint.h>

#include "puzzlecore/nonogram.h"
#include "puzzlecore/nonogram_colour.h"

struct pc_nonogram_title {
    char *lang;
    char *text;
    size_t len;
};

/* A palette: entry 0 the background, 1 .. n the colours. */
struct pc__ncpalette {
    int32_t n; /* colours besides the background */
    char sym[PC_NONOGRAM_MAX_COLOURS + 1];
    uint32_t rgb[PC_NONOGRAM_MAX_COLOURS + 1];
    char name[PC_NONOGRAM_MAX_COLOURS + 1][PC_NONOGRAM_MAX_NAME + 1];
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
    /* colour (lib/nonogram/colour.c): ncol colours besides the background
     * (1 for black-and-white); ccol[a] parallel to clue[a] (the colour of
     * each clue), NULL when ncol == 1; pal NULL means the default
     * black-and-white palette.  The player's grid keeps the black-and-white
     * codes: 0 unknown, 1 colour 1, 2 background, k + 1 colour k >= 2. */
    int32_t ncol;
    uint8_t *ccol[2];
    struct pc__ncpalette *pal;
};

/* Player's grid code <-> palette index (255 unknown). */
static inline uint8_t pc__ncode_from_index(uint32_t v)
{
    return (uint8_t)(v == PC_NONOGRAM_COLOUR_UNKNOWN ? 0 : v == 0 ? 2 : v == 1 ? 1 : v + 1);
}
static inline uint8_t pc__ncode_to_index(uint8_t c)
{
    return (uint8_t)(c == 0 ? PC_NONOGRAM_COLOUR_UNKNOWN : c == 1 ? 1 : c == 2 ? 0 : c - 1);
}

/* A palette index a player's cell may take (PC_NONOGRAM_COLOUR_UNKNOWN: undecided). */
static inline int pc__ncol_value_ok(const pc_nonogram *g, int32_t v)
{
    return v == PC_NONOGRAM_COLOUR_UNKNOWN || (v >= 0 && v <= g->ncol);
}

/* The whole player's grid out (cap >= w*h, else PC_ESPACE) or in (n ==
 * w*h; a value out of range changes nothing, PC_EINVAL): as stored
 * (pc_nonogram_cell codes) or, with `indices`, as palette indices.  The
 * black-and-white and the colour get/set calls are these two. */
int32_t pc__nonogram_read_cells(const pc_nonogram *g, uint8_t *cells, size_t cap, int indices);
int32_t pc__nonogram_write_cells(pc_nonogram *g, const uint8_t *cells, size_t n, int indices);

/* A new puzzle with its clue arrays taken over (no copy) and an all-unknown
 * player's grid; solution may be NULL (taken over too).  On failure nothing
 * is taken over. */
int32_t pc__nonogram_make(int32_t w, int32_t h, int32_t *off[2], int32_t *clue[2], uint8_t *solution,
                          pc_nonogram **out);

/* A new one-colour puzzle whose clues are those of its solution grid `sol`
 * (w*h cells of 0/1, taken over: freed on failure).  PC_OK or PC_ENOMEM. */
int32_t pc__nonogram_from_grid(int32_t w, int32_t h, uint8_t *sol, pc_nonogram **out);

/* Validate a coloured clue set (each line's count fits, clues >= 1 or a
 * lone 0, colours in 1..ncol, each line fits with a gap between neighbours
 * of the same colour, rows and columns fill as many cells of each colour)
 * and copy it into offset / clue / colour arrays (ccol_out NULL: no colour
 * arrays); PC_EINVAL with a message in err.  colours NULL: every clue has
 * colour 1. */
int32_t pc__nonogram_check_clues_colour(int32_t w, int32_t h, int32_t ncol, const int32_t *counts[2],
                                        const int32_t *clues[2], const uint8_t *colours[2], int32_t *off_out[2],
                                        int32_t *clue_out[2], uint8_t *ccol_out[2], char *err, size_t errcap);

/* The black-and-white case: one colour, no colour arrays. */
int32_t pc__nonogram_check_clues(int32_t w, int32_t h, const int32_t *counts[2], const int32_t *clues[2],
                                 int32_t *off_out[2], int32_t *clue_out[2], char *err, size_t errcap);

/* The clues the player's line shows (undecided cells as background), with
 * their colours when `colours` is not NULL (cap entries each): the one
 * scan behind pc_nonogram_player_clues and pc_nonogram_player_clues_colour;
 * buffer rules as pc_nonogram_clues. */
int32_t pc__nonogram_player_line(const pc_nonogram *g, int32_t axis, int32_t index, int32_t *clues,
                                 uint8_t *colours, int32_t cap, int32_t *count);

/* Re-examine every line after the player's grid was written directly. */
void pc__nonogram_refresh(pc_nonogram *g);

/* The one size rule of every constructor, reader and save: PC_OK when
 * w x h is a supported size (1 .. PC_NONOGRAM_MAX_SIDE a side, at most
 * PC_NONOGRAM_MAX_CELLS cells); PC_ERANGE otherwise. */
int32_t pc__nonogram_check_size(int64_t w, int64_t h);
/* The same, with the message "size WxH out of range (...)" at (line, col)
 * (0: none) in err when the size is refused. */
int32_t pc__nonogram_size_error(int64_t w, int64_t h, int32_t line, int32_t col, char *err, size_t errcap);

#endif
