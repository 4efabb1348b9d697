/*
 * bench/nonogram_colour — colour nonogram solver speed beside black and
 * white, and pictures turned into unique puzzles (public API only).
 *
 *   bench/nonogram_colour [--count N] [--seed S] [--limit-seconds T]
 *
 * For each size 20x20, 30x30, 40x40 and each colour count 1 (black and
 * white), 2, 4, 8, N puzzles (default 20) of two kinds:
 *   gen   pc_nonogram_generate_colour at SEARCH grade (1 colour:
 *         pc_nonogram_generate, the black-and-white generator), unique by
 *         construction;
 *   blob  raw blob pictures drawn here (ellipses of random colours, about
 *         55% coloured, no repair): often several solutions, needing search.
 * Each puzzle is solved to two solutions by pc_nonogram_solve (which takes
 * the colour solver for a colour puzzle), each found solution verified by
 * recomputing its clues.  One-colour blob pictures are also solved by the
 * colour solver (pc_nonogram_solve_colour) to compare the two solvers on the
 * same puzzles.  Each solve is repeated (at least 3 times and 20 ms) and the
 * fastest run counts.  Printed: solved (answers within the limit), unique /
 * several, total seconds, search nodes, nodes/s, microseconds per cell, and
 * "x b/w": the row's microseconds per cell over those of the black-and-white
 * row of the same kind and size (1.00: as fast per cell).
 *
 * Then pictures to puzzles (pc_nonogram_picture_check / _givens / _nearby)
 * on eight hand-drawn pictures (10x10 and 12x12, 1 to 3 colours), on N
 * generated blob pictures (20x20 and 30x30, 1, 2, 4 and 8 colours in turn)
 * and on N/2 noise pictures (12x12, half the cells coloured at random):
 * ambiguous cells, givens added, cells changed, each result checked by the
 * solver, with the totals per group.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "puzzlecore/puzzlecore.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const char PAL[] = ". ffffff white\nk 000000 black\nr e02020 red\ng 20a040 green\nb 2050e0 blue\n"
                          "y f0d020 yellow\nm c030c0 magenta\nc 20c0c0 cyan\no f08020 orange\n";

static size_t palette_len(int32_t ncol)
{
    const char *p = PAL;
    for (int32_t k = 0; k <= ncol; k++)
        p = strchr(p, '\n') + 1;
    return (size_t)(p - PAL);
}

static int64_t below(pc_rng *r, int64_t n)
{
    uint64_t v = 0;
    pc_rng_uniform(r, (uint64_t)n, &v);
    return (int64_t)v;
}

static void blobs(pc_rng *r, int32_t w, int32_t h, int32_t ncol, uint8_t *pic)
{
    size_t N = (size_t)w * (size_t)h, filled = 0;
    memset(pic, 0, N);
    int32_t maxr = (w < h ? w : h) / 4;
    for (int guard = 0; guard < 4000 && filled * 100 < N * 55; guard++) {
        int32_t c = 1 + (int32_t)below(r, ncol), cx = (int32_t)below(r, w), cy = (int32_t)below(r, h);
        int32_t rx = 1 + (int32_t)below(r, maxr), ry = 1 + (int32_t)below(r, maxr);
        for (int32_t y = cy - ry; y <= cy + ry; y++)
            for (int32_t x = cx - rx; x <= cx + rx; x++) {
                if (x < 0 || y < 0 || x >= w || y >= h)
                    continue;
                int64_t dx = x - cx, dy = y - cy;
                if (dx * dx * ry * ry + dy * dy * rx * rx > (int64_t)rx * rx * ry * ry)
                    continue;
                filled += pic[y * w + x] == 0;
                pic[y * w + x] = (uint8_t)c;
            }
    }
}

static pc_nonogram *make(int32_t w, int32_t h, int32_t ncol, const uint8_t *pic)
{
    pc_nonogram *g = NULL;
    if (pc_nonogram_new_colour_from_solution(w, h, PAL, palette_len(ncol), pic, (size_t)w * (size_t)h, NULL, 0,
                                             &g) != PC_OK)
        return NULL;
    return g;
}

/* 1 when grid meets g's clues */
static int verify(const pc_nonogram *g, const uint8_t *grid)
{
    int32_t w = pc_nonogram_width(g), h = pc_nonogram_height(g);
    int32_t c[64], pc[64], n, pn;
    uint8_t col[64], pcol[64];
    for (int a = 0; a < 2; a++)
        for (int32_t i = 0; i < (a ? w : h); i++) {
            pc_nonogram_line_clues_colour(a ? grid + i : grid + i * w, a ? h : w, a ? w : 1, c, col, 64, &n);
            pc_nonogram_clues(g, a, i, pc, 64, &pn);
            pc_nonogram_clue_colours(g, a, i, pcol, 64, &pn);
            if (n != pn)
                return 0;
            for (int32_t j = 0; j < n; j++)
                if (c[j] != pc[j] || col[j] != pcol[j])
                    return 0;
        }
    return 1;
}

struct tally {
    int solved, unique, several, none, limit, bad;
    double seconds;
    int64_t nodes, cells;
};

static void run(struct tally *t, const pc_nonogram *g, int colour_solver, double limit)
{
    int32_t w = pc_nonogram_width(g), h = pc_nonogram_height(g);
    size_t N = (size_t)w * (size_t)h;
    uint8_t *sols = malloc(2 * N);
    int64_t st[PC_NONOGRAM_STAT_COUNT] = {0};
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_seconds = limit;
    /* the fastest of several runs (at least 3, and 20 ms in all, at most
     * 200): a loaded machine's preemptions and the first run's cold caches
     * are not the solver's time */
    double best = 1e30, spent = 0;
    int32_t r = 0;
    for (int rep = 0; rep < 200 && (rep < 3 || spent < 0.02); rep++) {
        double t0 = now();
        r = colour_solver ? pc_nonogram_solve_colour(g, 0, 2, &b, sols, 2 * N, st, PC_NONOGRAM_STAT_COUNT)
                          : pc_nonogram_solve(g, 2, &b, sols, 2 * N, st, PC_NONOGRAM_STAT_COUNT);
        double dt = now() - t0;
        spent += dt;
        if (dt < best)
            best = dt;
        if (r < 0 || dt > limit / 4)
            break;
    }
    t->seconds += best;
    t->nodes += st[PC_NONOGRAM_STAT_NODES];
    t->cells += (int64_t)N;
    if (r < 0) {
        t->limit++;
    } else {
        t->solved++;
        t->unique += r == 1;
        t->several += r == 2;
        t->none += r == 0;
        for (int32_t i = 0; i < r; i++)
            t->bad += !verify(g, sols + (size_t)i * N);
    }
    free(sols);
}

static double us_per_cell(const struct tally *t)
{
    return t->cells ? t->seconds * 1e6 / (double)t->cells : 0.0;
}

/* `bw`: the black-and-white row of the same kind and size (its us/cell is
 * the denominator of the last column), NULL for that row itself. */
static void print_row(const char *kind, int32_t side, const char *colours, const struct tally *t, int count,
                      const struct tally *bw)
{
    char ratio[16] = "1.00";
    if (bw && us_per_cell(bw) > 0)
        snprintf(ratio, sizeof ratio, "%.2f", us_per_cell(t) / us_per_cell(bw));
    printf("| %-5s | %2dx%-2d | %-8s | %3d/%-3d | %3d | %3d | %8.4f | %9lld | %11.0f | %8.3f | %7s |%s\n", kind,
           (int)side, (int)side, colours, t->solved, count, t->unique, t->several, t->seconds, (long long)t->nodes,
           t->seconds > 0 ? (double)t->nodes / t->seconds : 0.0, us_per_cell(t), ratio,
           t->bad ? " VERIFY FAILED" : "");
}

/* Hand-drawn pictures: digits are palette indices (0 background). */
struct hand {
    const char *name;
    int32_t w, h;
    const char *cells;
};
static const struct hand HAND[] = {
    {"heart 10x10", 10, 10,
     "0011001100"
     "0111111110"
     "1111111111"
     "1111111111"
     "1111111111"
     "0111111110"
     "0011111100"
     "0001111000"
     "0000110000"
     "0000000000"},
    {"flag 10x10", 10, 10,
     "2222211111"
     "2332211111"
     "2332211111"
     "2222211111"
     "1111111111"
     "2222222222"
     "2222222222"
     "1111111111"
     "2222222222"
     "2222222222"},
    {"smiley 10x10", 10, 10,
     "0001111000"
     "0111111110"
     "0112112110"
     "1112112111"
     "1111111111"
     "1211111121"
     "1121111211"
     "0112222110"
     "0111111110"
     "0001111000"},
    {"checker 10x10", 10, 10, /* ambiguous by nature */
     "1010000000"
     "0101000000"
     "1010000000"
     "0101000000"
     "0000000000"
     "0000000000"
     "0000001111"
     "0000001111"
     "0000001111"
     "0000001111"},
    {"mushroom 12x12", 12, 12, /* red cap, white spots (3), stem (2) */
     "000011110000"
     "001111111100"
     "011331113310"
     "111331113311"
     "111111111111"
     "113311331111"
     "011111111110"
     "000022220000"
     "000022220000"
     "000022220000"
     "000222222000"
     "000000000000"},
    {"house 12x12", 12, 12, /* roof (1), wall (2), door and windows (3) */
     "000001100000"
     "000011110000"
     "000111111000"
     "001111111100"
     "011111111110"
     "002222222200"
     "002332233200"
     "002332233200"
     "002222222200"
     "002223322200"
     "002223322200"
     "002223322200"},
    {"stairs 12x12", 12, 12, /* one colour, diagonal steps */
     "110000000000"
     "111000000000"
     "011100000000"
     "001110000000"
     "000111000000"
     "000011100000"
     "000001110000"
     "000000111000"
     "000000011100"
     "000000001110"
     "000000000111"
     "000000000011"},
    {"rings 12x12", 12, 12, /* two colours, concentric */
     "111111111111"
     "122222222221"
     "121111111121"
     "121222222121"
     "121211112121"
     "121210012121"
     "121210012121"
     "121211112121"
     "121222222121"
     "121111111121"
     "122222222221"
     "111111111111"},
};
enum { NHAND = sizeof HAND / sizeof HAND[0] };

/* A picture-to-puzzle group's totals. */
struct ptally {
    int pictures, ambiguous_pictures, ambiguous, givens, changed, fails;
    double seconds;
};

static void noise(pc_rng *r, int32_t w, int32_t h, int32_t ncol, uint8_t *pic)
{
    for (int32_t i = 0; i < w * h; i++)
        pic[i] = below(r, 2) ? (uint8_t)(1 + below(r, ncol)) : 0;
}

/* check, givens and nearby on one picture, each result checked by the
 * solver; one table row, added to the group's tally. */
static void picture_row(const char *name, int32_t w, int32_t h, int32_t ncol, const uint8_t *pic,
                        const pc_budget *b, struct ptally *t)
{
    size_t N = (size_t)w * (size_t)h;
    uint8_t *amb = malloc(N), *giv = malloc(N), *out = malloc(N);
    int32_t na = 0, ng = 0, ch = 0;
    double t0 = now();
    int32_t u = pc_nonogram_picture_check(w, h, ncol, pic, N, b, amb, N, &na);
    int32_t rg = pc_nonogram_picture_givens(w, h, ncol, pic, N, b, giv, N, &ng);
    int32_t rn = pc_nonogram_picture_nearby(w, h, ncol, pic, N, b, out, N, &ch);
    double dt = now() - t0;
    if (u < 0 || rg < 0 || rn < 0) {
        printf("| %-20s | %7d | error %d %d %d |\n", name, (int)ncol, (int)u, (int)rg, (int)rn);
        t->fails++;
    } else {
        /* check: the givens make it unique, the nearby picture is unique */
        pc_nonogram *g = make(w, h, ncol, pic), *g2 = make(w, h, ncol, out);
        int ok = g && g2;
        if (ok) {
            for (size_t k = 0; k < N; k++)
                if (giv[k])
                    pc_nonogram_set_colour_cell(g, (int32_t)(k % (size_t)w), (int32_t)(k / (size_t)w), pic[k]);
            ok = pc_nonogram_solve_colour(g, 1, 2, NULL, NULL, 0, NULL, 0) == 1 &&
                 pc_nonogram_solve_colour(g2, 0, 2, NULL, NULL, 0, NULL, 0) == 1;
        }
        pc_nonogram_free(g);
        pc_nonogram_free(g2);
        printf("| %-20s | %7d | %6s | %9d | %6d | %7d | %7.3f |%s\n", name, (int)ncol, u ? "yes" : "no", (int)na,
               (int)ng, (int)ch, dt, ok ? "" : " CHECK FAILED");
        t->pictures++;
        t->ambiguous_pictures += !u;
        t->ambiguous += na;
        t->givens += ng;
        t->changed += ch;
        t->seconds += dt;
        t->fails += !ok;
    }
    free(amb);
    free(giv);
    free(out);
}

static void ptally_print(const char *group, const struct ptally *t)
{
    printf("%-28s %3d pictures, %3d not unique: %5d ambiguous cells, %4d givens added, %4d cells changed, "
           "%.3f s; %d failures\n",
           group, t->pictures, t->ambiguous_pictures, t->ambiguous, t->givens, t->changed, t->seconds, t->fails);
}

int main(int argc, char **argv)
{
    int count = 20;
    uint64_t seed = 2026;
    double limit = 10;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--count") == 0 && i + 1 < argc)
            count = atoi(argv[++i]);
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--limit-seconds") == 0 && i + 1 < argc)
            limit = atof(argv[++i]);
        else {
            fprintf(stderr, "usage: bench/nonogram_colour [--count N] [--seed S] [--limit-seconds T]\n");
            return 2;
        }
    }
    printf("bench/nonogram_colour: %d puzzles per row, seed %llu, %.0f s per puzzle\n\n", count,
           (unsigned long long)seed, limit);
    printf("| kind  | size  | colours  | solved  | uniq| sev | seconds  | nodes     | nodes/s     | us/cell  | x b/w   |\n");
    printf("|-------|-------|----------|---------|-----|-----|----------|-----------|-------------|----------|---------|\n");
    static const int32_t sides[3] = {20, 30, 40}, ncols[4] = {1, 2, 4, 8};
    pc_rng *r = NULL;
    pc_rng_new(seed, &r);
    uint8_t *pic = malloc(40 * 40);
    for (int s = 0; s < 3; s++) {
        int32_t side = sides[s];
        struct tally bw_gen, bw_blob;
        for (int c = 0; c < 4; c++) {
            int32_t ncol = ncols[c];
            struct tally t;
            memset(&t, 0, sizeof t);
            double gen = 0;
            for (int i = 0; i < count; i++) {
                pc_nonogram *g = NULL;
                double t0 = now();
                int32_t rc = ncol == 1 ? pc_nonogram_generate(side, side, seed + (uint64_t)i, PC_NONOGRAM_GRADE_SEARCH,
                                                              NULL, &g)
                                       : pc_nonogram_generate_colour(side, side, ncol, seed + (uint64_t)i,
                                                                     PC_NONOGRAM_GRADE_SEARCH, &g);
                gen += now() - t0;
                if (rc != PC_OK) {
                    t.limit++;
                    continue;
                }
                run(&t, g, 0, limit);
                pc_nonogram_free(g);
            }
            char label[32];
            snprintf(label, sizeof label, ncol == 1 ? "b/w" : "%d", (int)ncol);
            print_row("gen", side, label, &t, count, ncol == 1 ? NULL : &bw_gen);
            if (ncol == 1)
                bw_gen = t;
            (void)gen;
        }
        for (int c = 0; c < 4; c++) {
            int32_t ncol = ncols[c];
            struct tally t, tc;
            memset(&t, 0, sizeof t);
            memset(&tc, 0, sizeof tc);
            for (int i = 0; i < count; i++) {
                blobs(r, side, side, ncol, pic);
                pc_nonogram *g = make(side, side, ncol, pic);
                if (!g)
                    continue;
                run(&t, g, 0, limit);
                if (ncol == 1)
                    run(&tc, g, 1, limit);
                pc_nonogram_free(g);
            }
            char label[32];
            snprintf(label, sizeof label, ncol == 1 ? "b/w" : "%d", (int)ncol);
            print_row("blob", side, label, &t, count, ncol == 1 ? NULL : &bw_blob);
            if (ncol == 1) {
                bw_blob = t;
                print_row("blob", side, "1 (col.)", &tc, count, &bw_blob);
            }
        }
    }

    /* pictures to puzzles: hand-drawn, then generated (blobs of colour as
     * the generator draws them, 20x20 and 30x30, 1 to 8 colours; and noise,
     * half the cells coloured at random, 12x12) */
    printf("\npictures to unique puzzles (pc_nonogram_picture_check / _givens / _nearby):\n\n");
    printf("| picture              | colours | unique | ambiguous | givens | changed | seconds |\n");
    printf("|----------------------|---------|--------|-----------|--------|---------|---------|\n");
    pc_budget b;
    pc_budget_init(&b, sizeof b);
    b.max_seconds = limit;
    struct ptally th, tb, tn;
    memset(&th, 0, sizeof th);
    memset(&tb, 0, sizeof tb);
    memset(&tn, 0, sizeof tn);
    uint8_t *big = malloc(30 * 30);
    for (int i = 0; i < NHAND; i++) {
        int32_t w = HAND[i].w, h = HAND[i].h, ncol = 1;
        for (int32_t k = 0; k < w * h; k++) {
            big[k] = (uint8_t)(HAND[i].cells[k] - '0');
            if (big[k] > ncol)
                ncol = big[k];
        }
        char name[32];
        snprintf(name, sizeof name, "hand: %s", HAND[i].name);
        picture_row(name, w, h, ncol, big, &b, &th);
    }
    static const int32_t pcols[4] = {1, 2, 4, 8};
    for (int i = 0; i < count; i++) {
        int32_t side = i % 8 < 4 ? 20 : 30, ncol = pcols[i % 4];
        char name[32];
        blobs(r, side, side, ncol, big);
        snprintf(name, sizeof name, "blob %dx%d #%d", (int)side, (int)side, i + 1);
        picture_row(name, side, side, ncol, big, &b, &tb);
    }
    for (int i = 0; i < count / 2; i++) {
        int32_t ncol = pcols[i % 4];
        char name[32];
        noise(r, 12, 12, ncol, big);
        snprintf(name, sizeof name, "noise 12x12 #%d", i + 1);
        picture_row(name, 12, 12, ncol, big, &b, &tn);
    }
    printf("\n");
    ptally_print("hand-drawn:", &th);
    ptally_print("generated (blobs):", &tb);
    ptally_print("generated (noise):", &tn);
    int fails = th.fails + tb.fails + tn.fails;
    free(big);
    free(pic);
    pc_rng_free(r);
    return fails ? 1 : 0;
}
