/*
 * Internal model of the Snapper field: the geometry of quarters, closed
 * figures, clearing, falling, cascades and drain, on a plain value struct
 * (no pointers) so that a move can run on a copy and commit only when it
 * succeeded, and the advisor can simulate cheaply.
 */
#ifndef PC_SNAPPER_BOARD_H
#define PC_SNAPPER_BOARD_H

#include <stddef.h>
#include <stdint.h>

#define SN_W 5
#define SN_H 9
#define SN_QUARTERS (SN_W * SN_H * 4)
#define SN_UNIT 5040

/* A piece packed in 20 bits: bits 0..3 the arms mask (N E S W), then four
 * bits per quarter colour (NE, SE, SW, NW).  0 is "no piece": every real
 * piece has at least two arms. */
typedef uint32_t sn_piece;

static inline int sn_arms(sn_piece p) { return (int)(p & 15u); }
static inline int sn_colour(sn_piece p, int q) { return (int)((p >> (4 + 4 * q)) & 15u); }
static inline sn_piece sn_make(int arms, const int *c)
{
    return (sn_piece)arms | (sn_piece)c[0] << 4 | (sn_piece)c[1] << 8 | (sn_piece)c[2] << 12 |
           (sn_piece)c[3] << 16;
}

struct sn_board {
    sn_piece cell[SN_H][SN_W]; /* [y][x], y = 0 at the bottom */
    int64_t score;             /* score units */
    int32_t figures;
};

/* One event of a move's log; quarters are (x, y, q) triples in sn_log.q. */
struct sn_event {
    int32_t kind;
    int32_t v[6];
    int64_t units;
    size_t qstart, qcount; /* in triples */
};

struct sn_log {
    struct sn_event *ev;
    size_t n, cap;
    int32_t *q;
    size_t qn, qcap; /* in int32 values */
    int failed;
};

void pc__snapper_log_init(struct sn_log *log);
void pc__snapper_log_free(struct sn_log *log);
/* Append an event (quarters attached later with log_quarter); NULL log is a no-op. */
struct sn_event *pc__snapper_log_add(struct sn_log *log, int32_t kind);
void pc__snapper_log_quarter(struct sn_log *log, struct sn_event *e, int x, int y, int q);

/* Rotate a piece by `turns` clockwise quarter turns (any integer). */
sn_piece pc__snapper_rotate(sn_piece p, int turns);
/* 1 if p is a valid piece: >= 2 arms, colours <= 8, one colour per region;
 * white allowed only when allow_white. */
int pc__snapper_valid(sn_piece p, int allow_white);
/* 1 if the piece has a coloured quarter. */
int pc__snapper_coloured(sn_piece p);

int pc__snapper_height(const struct sn_board *b, int x);
/* 1 if some column can still take a piece. */
int pc__snapper_can_drop(const struct sn_board *b);

/* Points of a figure in units (the pure formula); -1 for bad arguments. */
int64_t pc__snapper_units(int32_t quarters, int32_t white, int32_t used, int32_t available, int32_t cascade,
                          int32_t simultaneous);

/* Put p on top of column x (must not be full), log LANDED.  Returns the row. */
int pc__snapper_land(struct sn_board *b, int x, sn_piece p, struct sn_log *log);
/* Clear closed figures, remove emptied pieces, fall, repeat with the cascade
 * level raised, starting at `level`.  Returns the figures cleared. */
int pc__snapper_resolve(struct sn_board *b, int colours, int level, struct sn_log *log);
/* Whiten every coloured quarter connected to the outline, remove, fall and
 * resolve cascades from level 1.  Returns the quarters whitened (0: nothing
 * to drain, board unchanged). */
int pc__snapper_drain(struct sn_board *b, int colours, struct sn_log *log);
/* Quarters a drain would whiten (no change). */
int pc__snapper_drainable(const struct sn_board *b);

/* Closed coloured figures present (0 for a resting field). */
int pc__snapper_closed_figures(const struct sn_board *b);
/* 1 if no piece rests above an empty cell. */
int pc__snapper_rests(const struct sn_board *b);

/* Component analysis shared with the advisor. */
struct sn_comp {
    int32_t size, white, coloured;
    int32_t open_empty; /* half edges facing an empty cell */
    int32_t open_border; /* half edges facing the field's outline */
    uint32_t mask;      /* colours present, bit 0 white */
};
/* Labels every quarter of occupied cells (label[] indexed by quarter id
 * ((y * SN_W + x) * 4 + q), -1 for empty cells); fills comps; returns the
 * number of components. */
int pc__snapper_components(const struct sn_board *b, int16_t *label, struct sn_comp *comps);

#endif
