/*
 * Sokoban solver: the board's symmetries and the class representative of a
 * position. See solver.c for the search and doc/sokoban.md for why each rule
 * is sound.
 */
#include <stdlib.h>
#include <string.h>

#include "sokoban/solver_int.h"

/* The symmetries of the board: the isometries of the grid's rectangle (the
 * four that swap the axes only when it is square) that map interior cells to
 * interior cells with the same goal and dead flags.  Such a symmetry maps
 * pushes to pushes of the same cost and solved positions to solved ones, so
 * a position and its images have the same cost to finish, and the search
 * keeps one position of each class (see canon): a path to a representative
 * and a path on from it are, after mapping the second by the symmetry, one
 * real path of the same cost.  (Microban 93, 95, 145 and 146 have seven.) */
void pc__sk_find_symmetries(sk_solver *s, const pc_sokoban *g)
{
    int32_t w = g->w, h = g->h;
    s->map.nsym = 0;
    for (int t = 1; t < 8; t++) {
        if (t >= 4 && w != h)
            break;
        sk_sym *y = &s->map.sym[s->map.nsym];
        int ok = 1;
        for (int32_t c = 0; c < s->map.nf && ok; c++) {
            int32_t x0 = s->map.cx[c], y0 = s->map.cy[c], x1 = x0, y1 = y0;
            if (t & 1)
                x1 = w - 1 - x1;
            if (t & 2)
                y1 = h - 1 - y1;
            if (t & 4) {
                int32_t tmp = x1;
                x1 = y1;
                y1 = tmp;
            }
            int32_t j = y1 * w + x1, k = s->map.grid2cell[j];
            uint8_t mask = SK_INTERIOR | SK_GOAL | SK_DEAD;
            if (k < 0 || (g->stat[j] & mask) != (g->stat[s->map.cell2grid[c]] & mask)) {
                ok = 0;
                break;
            }
            y->perm[c] = (uint8_t)k;
            y->inv[k] = (uint8_t)c;
        }
        if (ok)
            s->map.nsym++;
    }
}

/* The boxes as a bitmap of cells, mapped by symmetry t (-1: the identity). */
static void box_bits(const sk_solver *s, int t, const uint8_t *boxes, uint64_t *bits)
{
    memset(bits, 0, 4 * sizeof *bits);
    for (int32_t i = 0; i < s->map.nb; i++) {
        uint8_t c = t < 0 ? boxes[i] : s->map.sym[t].perm[boxes[i]];
        bits[c >> 6] |= 1ULL << (c & 63);
    }
}

/* The cells of a box bitmap, sorted. */
void pc__sk_bits_boxes(const uint64_t *bits, uint8_t *out)
{
    int32_t j = 0;
    for (int k = 0; k < 4; k++)
        for (uint64_t v = bits[k]; v; v &= v - 1)
            out[j++] = (uint8_t)(k * 64 + pc__ctz64(v));
}

/* The image of the boxes by symmetry t (-1: the identity), sorted. */
void pc__sk_sym_image(const sk_solver *s, int t, const uint8_t *boxes, uint8_t *out)
{
    if (t < 0) {
        memcpy(out, boxes, (size_t)s->map.nb);
        return;
    }
    uint64_t bits[4];
    box_bits(s, t, boxes, bits);
    pc__sk_bits_boxes(bits, out);
}

void pc__sk_parent_images(const sk_solver *s, const uint8_t *boxes, sk_images *im)
{
    for (int t = -1; t < s->map.nsym; t++) {
        uint64_t h = 0x9e3779b97f4a7c15ULL;
        box_bits(s, t, boxes, im->bits[t + 1]);
        for (int32_t i = 0; i < s->map.nb; i++)
            h ^= s->map.zbox[t < 0 ? boxes[i] : s->map.sym[t].perm[boxes[i]]];
        im->hash[t + 1] = h;
    }
}

/* The representative of a position's class: the image (boxes as a bitmap
 * compared from the highest cell down, then the player) that is least over
 * the identity and the symmetries.  The position is the child where the
 * parent's box on `from` went to `to` and the player stands on `from`; im
 * holds the parent's images.  Writes the representative's bitmap to best,
 * its player to *outp and its box set's hash to *hash, and returns the
 * symmetry's index, or -1 for the identity.  (Same choice as comparing the
 * child's images built from scratch, for a fraction of the work.) */
int pc__sk_canon_child(const sk_solver *s, const sk_images *im, uint8_t from, uint8_t to, uint64_t *best,
                       uint8_t *outp, uint64_t *hash)
{
    uint8_t bestp = from;
    int bi = -1;
    memcpy(best, im->bits[0], 4 * sizeof *best);
    best[from >> 6] ^= 1ULL << (from & 63);
    best[to >> 6] ^= 1ULL << (to & 63);
    for (int t = 0; t < s->map.nsym; t++) {
        const uint8_t *perm = s->map.sym[t].perm;
        uint8_t pf = perm[from], pt = perm[to];
        uint64_t b[4];
        memcpy(b, im->bits[t + 1], sizeof b);
        b[pf >> 6] ^= 1ULL << (pf & 63);
        b[pt >> 6] ^= 1ULL << (pt & 63);
        int cmp = 0;
        for (int k = 3; k >= 0 && !cmp; k--)
            cmp = b[k] < best[k] ? -1 : b[k] > best[k] ? 1 : 0;
        if (cmp < 0 || (cmp == 0 && pf < bestp)) {
            memcpy(best, b, sizeof b);
            bestp = pf;
            bi = t;
        }
    }
    *outp = bestp;
    if (bi < 0)
        *hash = im->hash[0] ^ s->map.zbox[from] ^ s->map.zbox[to];
    else
        *hash = im->hash[bi + 1] ^ s->map.zbox[s->map.sym[bi].perm[from]] ^ s->map.zbox[s->map.sym[bi].perm[to]];
    return bi;
}

/* The box of `child` that one push moved from `parent`'s boxes (SK_NONE
 * when none is found); both are representatives (see canon), so the child
 * may be the image of the parent's real child by a symmetry: each one is
 * tried, and its index (-1: the identity) goes to *sym when sym is not NULL.
 * Boxes sorted. */
uint8_t pc__sk_pushed_box(const sk_solver *s, const uint8_t *parent, const uint8_t *child, int *sym)
{
    uint64_t cb[4];
    box_bits(s, -1, child, cb);
    for (int t = -1; t < s->map.nsym; t++) {
        uint64_t pb[4]; /* the image of the parent by symmetry t */
        box_bits(s, t, parent, pb);
        /* Exactly one box of the child missing from the parent's image, and
         * it is next to the one square of the image missing from the child. */
        uint8_t to = SK_NONE, from = SK_NONE;
        int nd = 0;
        for (int k = 0; k < 4; k++) {
            uint64_t in = cb[k] & ~pb[k], out = pb[k] & ~cb[k];
            nd += pc__popcount64(in);
            if (in)
                to = (uint8_t)(k * 64 + pc__ctz64(in));
            if (out)
                from = (uint8_t)(k * 64 + pc__ctz64(out));
        }
        if (nd != 1)
            continue;
        int adj = 0;
        for (int d = 0; d < 4; d++)
            adj |= s->map.nbr[from][d] == to;
        if (!adj)
            continue;
        if (sym)
            *sym = t;
        return to;
    }
    return SK_NONE;
}
