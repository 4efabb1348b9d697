/*
 * bench/sokoban_genset — seeded Sokoban levels that are solvable by
 * construction, for the solvers' benchmarks (issue #19: "add your own hard
 * cases; the goal is also measured on levels that are not in your hands").
 *
 *   bench/sokoban_genset [--set NAME] [--count N] [--seed S]
 *                        [--size WxH] [--boxes B] [--walls PCT] [--goals room|door|scatter]
 *                        [--pulls P] [--walks K] > FILE.xsb
 *
 * Writes N levels as one XSB collection on standard output; the benchmark
 * reads it by path (`bench/sokoban_fast FILE.xsb`).  Nothing is shipped but
 * this program: a set is its command line, the same on every machine (the
 * only randomness is pc_rng, seeded with S + level number; no floating point
 * steers anything).  The named sets (--set) fix every other option:
 *
 *   room12     12x12 interior, 8 boxes, goals in one compact patch, walls 22 %
 *   scatter16  16x16, 14 boxes, goals scattered, walls 22 %
 *   door16     16x16, 12 boxes, goals in a walled room with one door, walls 28 %
 *   door20     20x20, 20 boxes, the same
 *   big24      24x24, 40 boxes, the same
 *   big30      30x30, 60 boxes, the same (a level bigger than any of
 *              XSokoban's: the solver's size and box limits at work)
 *
 * How a level is made (the backward method of Taylor & Parberry, 2011, with
 * whole-box pulls instead of single random ones):
 *   1. A room: the interior is floor; for the door sets a walled goal room
 *      of about 1.6 B cells with one doorway is carved first; then random
 *      wall pieces (a cell, a bar of two, an L of three) cover about PCT %
 *      of the rest; the largest connected part of the floor is kept (a goal
 *      room cut off from it means a new room), the rest becomes wall.
 *   2. B goals: the B room cells farthest from the door; or a compact patch
 *      (the first B cells of a breadth-first walk from a random floor cell,
 *      in a shuffled direction order); or B cells drawn at random.
 *   3. The boxes start on the goals and the player on a random floor cell.
 *      K walks are made; a walk takes the boxes one at a time (first pass:
 *      the boxes nearest the player first, so a goal room empties from its
 *      door; two more passes in random order) and pulls each as a whole, the
 *      other boxes standing still, to a place picked at random among the
 *      farthest it can reach (at least three quarters of the farthest
 *      distance from the goals).  A pull is a push played backwards: the box
 *      follows the player one square.  The position with the best score
 *      (the boxes' distances from the goals, plus one for each box moved,
 *      the latter counted only once three quarters of the boxes are off
 *      their goals) over all walks is the level.  A room whose walks get
 *      fewer than half the boxes out is replaced by a new one (100 tries).
 * Played forwards, the pulls are pushes that solve the level: each level's
 * comment gives that solution's moves and pushes (an upper bound on the
 * optimum), and the program replays it through the library before writing
 * the level (a level whose replay failed would be a bug: it stops with
 * status 1).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <puzzlecore/puzzlecore.h>

enum { MAXW = 64, MAXC = MAXW * MAXW, MAXB = 200 };
enum { GOALS_SCATTER, GOALS_ROOM, GOALS_DOOR };

typedef struct {
    int w, h;        /* with the border walls */
    int pct;         /* wall pieces, % of the interior */
    int boxes;
    int goals;       /* GOALS_SCATTER, GOALS_ROOM or GOALS_DOOR */
    int pulls;       /* at most P x B pulls a walk */
    int walks;
} params;

typedef struct {
    int w, h, n;
    unsigned char wall[MAXC], goal[MAXC];
    int gdist[MAXC]; /* pushes-blind steps from the nearest goal (walls only) */
    unsigned char inroom[MAXC]; /* GOALS_DOOR: the goal room's cells */
    int door;        /* GOALS_DOOR: the room's one doorway */
    int outside;     /* and the square in front of it */
} board;

typedef struct {
    int box[MAXC];   /* box index at a cell, or -1 */
    int at[MAXB];    /* cell of box i */
    int player;
} position;

typedef struct {
    int cell, dir;   /* the box's cell before the pull, the pull's direction */
} pull;

static const int DX[4] = { 0, 1, 0, -1 }, DY[4] = { -1, 0, 1, 0 };
static const char PUSH[4] = { 'U', 'R', 'D', 'L' }, WALK[4] = { 'u', 'r', 'd', 'l' };

static int step_of(const board *b, int d)
{
    return DY[d] * b->w + DX[d];
}

static int draw(pc_rng *rng, int bound)
{
    uint64_t r = 0;
    pc_rng_uniform(rng, (uint64_t)(bound > 0 ? bound : 1), &r);
    return (int)r;
}

/* Floor cells reachable from `from` through floor not in `blocked` (NULL:
 * walls only); marks them in `seen`, returns how many. */
static int flood(const board *b, int from, const int *blocked, unsigned char *seen, int *queue)
{
    memset(seen, 0, (size_t)b->n);
    int head = 0, tail = 0;
    seen[from] = 1;
    queue[tail++] = from;
    while (head < tail) {
        int c = queue[head++];
        for (int d = 0; d < 4; d++) {
            int m = c + step_of(b, d);
            if (!b->wall[m] && !seen[m] && (!blocked || blocked[m] < 0)) {
                seen[m] = 1;
                queue[tail++] = m;
            }
        }
    }
    return tail;
}

/* A walled rectangle of at least B cells with one doorway (the goals go
 * inside, the farthest from the door first, see place_goals); 0 when the
 * interior has no place for it. */
static int carve_goal_room(board *b, const params *p, pc_rng *rng)
{
    /* room for the boxes to turn in: cells for about 1.6 B */
    int want = (p->boxes * 8 + 4) / 5, a = 1;
    while (a * a < want)
        a++;
    int c = (want + a - 1) / a; /* a columns, c rows */
    if (a + 2 > b->w - 2 || c + 2 > b->h - 2)
        return 0;
    int x0 = 1 + draw(rng, b->w - 2 - a), y0 = 1 + draw(rng, b->h - 2 - c);
    memset(b->inroom, 0, (size_t)b->n);
    for (int y = y0 - 1; y <= y0 + c; y++)
        for (int x = x0 - 1; x <= x0 + a; x++) {
            int cell = y * b->w + x, inside = x >= x0 && x < x0 + a && y >= y0 && y < y0 + c;
            b->wall[cell] = !inside;
            b->inroom[cell] = (unsigned char)inside;
        }
    /* the doorway: a side cell of the ring (no corner, not the border) with
     * interior floor outside it */
    int doors[4 * MAXW], nd = 0;
    for (int y = y0 - 1; y <= y0 + c; y++)
        for (int x = x0 - 1; x <= x0 + a; x++) {
            int side = (x == x0 - 1 || x == x0 + a) + (y == y0 - 1 || y == y0 + c);
            if (side != 1 || x <= 0 || y <= 0 || x >= b->w - 1 || y >= b->h - 1)
                continue;
            int ox = x == x0 - 1 ? x - 1 : x == x0 + a ? x + 1 : x, oy = y == y0 - 1 ? y - 1 : y == y0 + c ? y + 1 : y;
            if (ox > 0 && oy > 0 && ox < b->w - 1 && oy < b->h - 1)
                doors[nd++] = y * b->w + x;
        }
    if (nd == 0)
        return 0;
    b->door = doors[draw(rng, nd)];
    b->wall[b->door] = 0;
    int dx = b->door % b->w, dy = b->door / b->w; /* and the cell outside it */
    int ox = dx == x0 - 1 ? dx - 1 : dx == x0 + a ? dx + 1 : dx, oy = dy == y0 - 1 ? dy - 1 : dy == y0 + c ? dy + 1 : dy;
    b->outside = oy * b->w + ox;
    b->wall[b->outside] = 0;
    return 1;
}

/* 1. the room; 0 when it came out too small for the boxes */
static int make_room(board *b, const params *p, pc_rng *rng)
{
    static const int piece[3][3][2] = { { { 0, 0 }, { 0, 0 }, { 0, 0 } },
                                        { { 0, 0 }, { 1, 0 }, { 1, 0 } },
                                        { { 0, 0 }, { 1, 0 }, { 1, 1 } } };
    b->w = p->w;
    b->h = p->h;
    b->n = b->w * b->h;
    for (int c = 0; c < b->n; c++) {
        int x = c % b->w, y = c / b->w;
        b->wall[c] = x == 0 || y == 0 || x == b->w - 1 || y == b->h - 1;
        b->goal[c] = 0;
    }
    /* the goal room first; the wall pieces keep off it, its walls and the
     * square in front of its door */
    static unsigned char keep[MAXC];
    memset(keep, 0, (size_t)b->n);
    memset(b->inroom, 0, (size_t)b->n);
    if (p->goals == GOALS_DOOR) {
        if (!carve_goal_room(b, p, rng))
            return 0;
        for (int c = 0; c < b->n; c++)
            keep[c] = b->inroom[c] || b->wall[c];
        for (int dy = -1; dy <= 1; dy++) /* a clear square in front of the door */
            for (int dx = -1; dx <= 1; dx++) {
                int c = b->outside + dy * b->w + dx;
                if (c >= 0 && c < b->n)
                    keep[c] = 1;
            }
    }
    int interior = (b->w - 2) * (b->h - 2), want = interior * p->pct / 100, walls = 0;
    for (int tries = 0; walls < want && tries < 4 * interior; tries++) {
        int x = 1 + draw(rng, b->w - 2), y = 1 + draw(rng, b->h - 2), k = draw(rng, 3), rot = draw(rng, 4);
        for (int i = 0; i < 3; i++) {
            int dx = piece[k][i][0], dy = piece[k][i][1];
            for (int r = 0; r < rot; r++) { /* a quarter turn */
                int t = dx;
                dx = -dy;
                dy = t;
            }
            int cx = x + dx, cy = y + dy;
            if (cx > 0 && cy > 0 && cx < b->w - 1 && cy < b->h - 1 && !b->wall[cy * b->w + cx] &&
                !keep[cy * b->w + cx]) {
                b->wall[cy * b->w + cx] = 1;
                walls++;
            }
        }
    }
    /* the largest connected part of the floor */
    static unsigned char seen[MAXC], best[MAXC];
    static int queue[MAXC];
    int most = 0;
    memset(best, 0, sizeof best);
    unsigned char *done = calloc((size_t)b->n, 1);
    if (!done)
        return 0;
    for (int c = 0; c < b->n; c++) {
        if (b->wall[c] || done[c])
            continue;
        int k = flood(b, c, NULL, seen, queue);
        for (int i = 0; i < k; i++)
            done[queue[i]] = 1;
        if (k > most) {
            most = k;
            memcpy(best, seen, (size_t)b->n);
        }
    }
    free(done);
    for (int c = 0; c < b->n; c++)
        if (!best[c])
            b->wall[c] = 1;
    if (p->goals == GOALS_DOOR && !best[b->door])
        return 0; /* the goal room was cut off */
    return most >= 4 * p->boxes;
}

/* 2. the goals, and every cell's distance from the nearest goal */
static void place_goals(board *b, const params *p, pc_rng *rng)
{
    static int cells[MAXC], queue[MAXC];
    int nf = 0;
    for (int c = 0; c < b->n; c++)
        if (!b->wall[c])
            cells[nf++] = c;
    if (p->goals == GOALS_DOOR) {
        /* the room's cells by their distance from the door: the farthest B */
        static unsigned char seen[MAXC];
        memset(seen, 0, (size_t)b->n);
        int head = 0, tail = 0;
        seen[b->door] = 1;
        queue[tail++] = b->door;
        while (head < tail) {
            int c = queue[head++];
            for (int d = 0; d < 4; d++) {
                int m = c + step_of(b, d);
                if (b->inroom[m] && !seen[m]) {
                    seen[m] = 1;
                    queue[tail++] = m;
                }
            }
        }
        for (int i = tail - p->boxes; i < tail; i++)
            if (i >= 1)
                b->goal[queue[i]] = 1;
    } else if (p->goals == GOALS_ROOM) {
        static unsigned char seen[MAXC];
        memset(seen, 0, (size_t)b->n);
        int head = 0, tail = 0, placed = 0, start = cells[draw(rng, nf)];
        seen[start] = 1;
        queue[tail++] = start;
        while (head < tail && placed < p->boxes) {
            int c = queue[head++];
            b->goal[c] = 1;
            placed++;
            int order[4] = { 0, 1, 2, 3 };
            pc_rng_shuffle_i32(rng, order, 4);
            for (int i = 0; i < 4; i++) {
                int m = c + step_of(b, order[i]);
                if (!b->wall[m] && !seen[m]) {
                    seen[m] = 1;
                    queue[tail++] = m;
                }
            }
        }
    } else {
        pc_rng_shuffle_i32(rng, cells, (size_t)nf);
        for (int i = 0; i < p->boxes; i++)
            b->goal[cells[i]] = 1;
    }
    int head = 0, tail = 0;
    for (int c = 0; c < b->n; c++) {
        b->gdist[c] = -1;
        if (b->goal[c]) {
            b->gdist[c] = 0;
            queue[tail++] = c;
        }
    }
    while (head < tail) {
        int c = queue[head++];
        for (int d = 0; d < 4; d++) {
            int m = c + step_of(b, d);
            if (!b->wall[m] && b->gdist[m] < 0) {
                b->gdist[m] = b->gdist[c] + 1;
                queue[tail++] = m;
            }
        }
    }
}

static long score_of(const board *b, const position *s, int nbox, long changes)
{
    long sum = 0;
    int off = 0;
    for (int i = 0; i < nbox; i++) {
        sum += b->gdist[s->at[i]];
        off += !b->goal[s->at[i]];
    }
    /* a position with most boxes still home is no level: the turns count
     * only once at least three quarters of the boxes have left their goals */
    return 4 * off >= 3 * nbox ? sum + changes : sum / 4;
}

/* Every place box i can be pulled to, the other boxes standing still: a
 * breadth-first search over (box square, side the player stands on), states
 * cell * 4 + side.  parent[] links each state reached to the one before it
 * (pulled[] says whether by a pull or by the player walking round); the
 * states reached are listed in order[], their count returned. */
static int pull_search(const board *b, position *s, int i, int *parent, unsigned char *pulled, int *order)
{
    static unsigned char reach[MAXC];
    static int queue[MAXC];
    static unsigned char seen[4 * MAXC];
    memset(seen, 0, (size_t)b->n * 4);
    int at = s->at[i], n = 0, head = 0;
    flood(b, s->player, s->box, reach, queue);
    for (int d = 0; d < 4; d++)
        if (reach[at + step_of(b, d)]) {
            seen[at * 4 + d] = 1;
            parent[at * 4 + d] = -1;
            order[n++] = at * 4 + d;
        }
    s->box[at] = -1; /* box i moves in the search: the board holds the others */
    while (head < n) {
        int st = order[head++], c = st / 4, d = st % 4;
        s->box[c] = i;
        flood(b, c + step_of(b, d), s->box, reach, queue);
        s->box[c] = -1;
        for (int e = 0; e < 4; e++) { /* the player walks round the box */
            int nx = c * 4 + e;
            if (!seen[nx] && reach[c + step_of(b, e)]) {
                seen[nx] = 1;
                parent[nx] = st;
                pulled[nx] = 0;
                order[n++] = nx;
            }
        }
        int pc = c + step_of(b, d), qc = pc + step_of(b, d), nx = pc * 4 + d;
        if (!b->wall[qc] && s->box[qc] < 0 && !seen[nx]) { /* the pull */
            seen[nx] = 1;
            parent[nx] = st;
            pulled[nx] = 1;
            order[n++] = nx;
        }
    }
    s->box[at] = i;
    return n;
}

/* 3. one walk from the solved position: boxes in random order, each pulled
 * as a whole to a far place (one of the places the pull search reaches that
 * lie at least three quarters as far from the goals as the farthest); the
 * best prefix (by score_of) is copied to best/bestlen when it beats
 * *bestscore. */
static void walk(const board *b, const params *p, pc_rng *rng, pull *trail, pull *best, int *bestlen,
                 long *bestscore, int *beststart)
{
    static position s;
    static int parent[4 * MAXC], order[4 * MAXC], far[4 * MAXC], boxes[MAXB];
    static unsigned char pulled[4 * MAXC];
    static pull path[4 * MAXC];
    int nbox = 0, nf = 0, cap = p->pulls * p->boxes;
    for (int c = 0; c < b->n; c++) {
        s.box[c] = -1;
        if (b->goal[c]) {
            s.at[nbox] = c;
            s.box[c] = nbox++;
        }
    }
    for (int c = 0; c < b->n; c++)
        nf += !b->wall[c] && s.box[c] < 0;
    if (nf == 0)
        return;
    int k = draw(rng, nf);
    for (int c = 0; c < b->n; c++)
        if (!b->wall[c] && s.box[c] < 0 && k-- == 0) {
            s.player = c;
            break;
        }
    int start = s.player, len = 0;
    long changes = 0;
    /* the first pass takes the boxes nearest the player first (those of a
     * goal room by the door first: the room empties as it must), the next
     * ones in random order */
    static unsigned char seen[MAXC];
    static int queue[MAXC];
    int nq = flood(b, s.player, NULL, seen, queue);
    for (int pass = 0; pass < 3; pass++) {
        int m = 0;
        if (pass == 0) {
            for (int r = 0; r < nq; r++)
                if (s.box[queue[r]] >= 0)
                    boxes[m++] = s.box[queue[r]];
        } else {
            for (int i = 0; i < nbox; i++)
                boxes[i] = i;
            pc_rng_shuffle_i32(rng, boxes, (size_t)nbox);
        }
        for (int j = 0; j < nbox; j++) {
            int i = boxes[j], n = pull_search(b, &s, i, parent, pulled, order), top = 0, nfar = 0;
            for (int r = 0; r < n; r++)
                if (b->gdist[order[r] / 4] > top)
                    top = b->gdist[order[r] / 4];
            if (top == 0 || top <= b->gdist[s.at[i]])
                continue; /* nowhere farther to go */
            for (int r = 0; r < n; r++)
                if (4 * b->gdist[order[r] / 4] >= 3 * top)
                    far[nfar++] = order[r];
            int st = far[draw(rng, nfar)], np = 0;
            for (int x = st; parent[x] >= 0; x = parent[x])
                if (pulled[x]) { /* the pull into x: the box came from one square back */
                    int d = x % 4;
                    path[np].cell = x / 4 - step_of(b, d);
                    path[np++].dir = d;
                }
            if (np == 0 || len + np > cap)
                continue;
            while (np > 0) {
                pull pl = path[--np];
                int to = pl.cell + step_of(b, pl.dir);
                trail[len++] = pl;
                s.box[pl.cell] = -1;
                s.box[to] = i;
                s.at[i] = to;
                s.player = to + step_of(b, pl.dir);
            }
            changes++;
            long sc = score_of(b, &s, nbox, changes);
            if (sc > *bestscore) {
                *bestscore = sc;
                *bestlen = len;
                *beststart = start;
                memcpy(best, trail, sizeof(pull) * (size_t)len);
            }
        }
    }
}

/* How many boxes the pulls take off the goals for good. */
static int boxes_off(const board *b, const pull *pulls, int npull)
{
    static int box[MAXC];
    int off = 0;
    for (int c = 0; c < b->n; c++)
        box[c] = b->goal[c] ? 1 : 0;
    for (int t = 0; t < npull; t++) {
        box[pulls[t].cell] = 0;
        box[pulls[t].cell + step_of(b, pulls[t].dir)] = 1;
    }
    for (int c = 0; c < b->n; c++)
        off += box[c] && !b->goal[c];
    return off;
}

/* Append to buf the player's shortest walk from `from` to `to` (boxes in
 * `box` block); 0 when there is none. */
static int walk_path(const board *b, const int *box, int from, int to, char *buf, size_t *len, size_t cap)
{
    static int prev[MAXC], queue[MAXC];
    static unsigned char seen[MAXC];
    static char path[MAXC];
    memset(seen, 0, (size_t)b->n);
    int head = 0, tail = 0;
    seen[from] = 1;
    queue[tail++] = from;
    while (head < tail && !seen[to]) {
        int c = queue[head++];
        for (int d = 0; d < 4; d++) {
            int m = c + step_of(b, d);
            if (!b->wall[m] && box[m] < 0 && !seen[m]) {
                seen[m] = 1;
                prev[m] = d;
                queue[tail++] = m;
            }
        }
    }
    if (!seen[to])
        return 0;
    int k = 0;
    for (int c = to; c != from; c -= step_of(b, prev[c]))
        path[k++] = WALK[prev[c]];
    if (*len + (size_t)k >= cap)
        return 0;
    while (k > 0)
        buf[(*len)++] = path[--k];
    return 1;
}

/* The level's text (its board after the pulls) and the forward solution
 * (the pulls reversed as pushes); 0 on a failure (a bug). */
static int write_level(const board *b, const pull *pulls, int npull, int start, char *xsb, size_t xcap,
                       char *lurd, size_t lcap, size_t *lurdlen)
{
    static position s;
    static int playerat[MAXC + 1];
    int nbox = 0;
    for (int c = 0; c < b->n; c++) {
        s.box[c] = -1;
        if (b->goal[c]) {
            s.at[nbox] = c;
            s.box[c] = nbox++;
        }
    }
    s.player = start;
    for (int t = 0; t < npull; t++) {
        int from = pulls[t].cell, to = from + step_of(b, pulls[t].dir), i = s.box[from];
        if (i < 0)
            return 0;
        s.box[from] = -1;
        s.box[to] = i;
        s.at[i] = to;
        s.player = to + step_of(b, pulls[t].dir);
        playerat[t] = s.player;
    }
    size_t k = 0;
    for (int y = 0; y < b->h; y++) {
        for (int x = 0; x < b->w; x++) {
            int c = y * b->w + x;
            char ch = b->wall[c] ? '#' : s.box[c] >= 0 ? (b->goal[c] ? '*' : '$')
                    : c == s.player ? (b->goal[c] ? '+' : '@') : b->goal[c] ? '.' : ' ';
            if (k + 2 >= xcap)
                return 0;
            xsb[k++] = ch;
        }
        xsb[k++] = '\n';
    }
    xsb[k] = '\0';
    /* forwards: undo the pulls one by one, each as a push in the other direction */
    size_t len = 0;
    int cur = s.player;
    for (int t = npull - 1; t >= 0; t--) {
        int d = pulls[t].dir, from = pulls[t].cell, to = from + step_of(b, d);
        if (!walk_path(b, s.box, cur, playerat[t], lurd, &len, lcap) || len + 1 >= lcap)
            return 0;
        lurd[len++] = PUSH[(d + 2) % 4];
        int i = s.box[to];
        s.box[to] = -1;
        s.box[from] = i;
        s.at[i] = from;
        cur = to;
    }
    lurd[len] = '\0';
    *lurdlen = len;
    return 1;
}

static int named_set(const char *name, params *p)
{
    static const struct {
        const char *name;
        int side, boxes, pct, goals;
    } sets[] = { { "room12", 12, 8, 22, GOALS_ROOM },  { "scatter16", 16, 14, 22, GOALS_SCATTER },
                 { "door16", 16, 12, 28, GOALS_DOOR }, { "door20", 20, 20, 28, GOALS_DOOR },
                 { "big24", 24, 40, 28, GOALS_DOOR },  { "big30", 30, 60, 28, GOALS_DOOR } };
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
        if (strcmp(sets[i].name, name) == 0) {
            p->w = p->h = sets[i].side + 2;
            p->boxes = sets[i].boxes;
            p->pct = sets[i].pct;
            p->goals = sets[i].goals;
            return 1;
        }
    return 0;
}

static int usage(const char *argv0)
{
    fprintf(stderr,
            "usage: %s [--set room12|scatter16|door16|door20|big24|big30] [--count N] [--seed S] [--size WxH]\n"
            "       [--boxes B] [--walls PCT] [--goals room|door|scatter] [--pulls P] [--walks K]\n",
            argv0);
    return 2;
}

int main(int argc, char **argv)
{
    params p = { 14, 14, 22, 8, 1, 40, 8 };
    int count = 20;
    unsigned long long seed = 1;
    const char *set = "room12";
    named_set(set, &p);
    for (int i = 1; i < argc; i += 2) { /* every option takes a value */
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int w, h;
        if (!v)
            return usage(argv[0]);
        if (strcmp(a, "--set") == 0) {
            if (!named_set(v, &p))
                return usage(argv[0]);
            set = v;
        } else if (strcmp(a, "--count") == 0)
            count = atoi(v);
        else if (strcmp(a, "--seed") == 0)
            seed = strtoull(v, NULL, 10);
        else if (strcmp(a, "--size") == 0 && sscanf(v, "%dx%d", &w, &h) == 2) {
            p.w = w + 2;
            p.h = h + 2;
            set = "custom";
        } else if (strcmp(a, "--boxes") == 0) {
            p.boxes = atoi(v);
            set = "custom";
        } else if (strcmp(a, "--walls") == 0) {
            p.pct = atoi(v);
            set = "custom";
        } else if (strcmp(a, "--goals") == 0) {
            p.goals = strcmp(v, "room") == 0 ? GOALS_ROOM : strcmp(v, "door") == 0 ? GOALS_DOOR : GOALS_SCATTER;
            set = "custom";
        } else if (strcmp(a, "--pulls") == 0)
            p.pulls = atoi(v);
        else if (strcmp(a, "--walks") == 0)
            p.walks = atoi(v);
        else
            return usage(argv[0]);
    }
    if (p.w < 5 || p.h < 5 || p.w > MAXW || p.h > MAXW || p.boxes < 1 || p.boxes > MAXB || p.pct < 0 ||
        p.pct > 60 || count < 1 || p.pulls < 1 || p.walks < 1 ||
        p.boxes * 4 > (p.w - 2) * (p.h - 2)) {
        fprintf(stderr, "%s: an option is out of range (size 3..%d a side, boxes 1..%d and at most a "
                        "quarter of the interior, walls 0..60 %%)\n", argv[0], MAXW - 2, MAXB);
        return 2;
    }
    size_t tcap = (size_t)p.pulls * (size_t)p.boxes + 1, lcap = tcap * (size_t)(p.w * p.h + 1) + 1;
    pull *trail = malloc(sizeof(pull) * tcap), *best = malloc(sizeof(pull) * tcap),
         *keeptrail = malloc(sizeof(pull) * tcap);
    char *lurd = malloc(lcap), xsb[MAXC + MAXW + 1];
    static board b;
    if (!trail || !best || !keeptrail || !lurd) {
        fprintf(stderr, "%s: out of memory\n", argv[0]);
        return 1;
    }
    printf("; bench/sokoban_genset --set %s --count %d --seed %llu (interior %dx%d, %d boxes, walls %d %%, "
           "goals %s, %d pulls per box, %d walks)\n",
           set, count, seed, p.w - 2, p.h - 2, p.boxes, p.pct, p.goals == GOALS_DOOR ? "in a room with one door" : p.goals == GOALS_ROOM ? "in a room" : "scattered", p.pulls,
           p.walks);
    printf("; Solvable by construction (pulls from the solved position); each level's comment gives the\n"
           "; generator's own solution, an upper bound.  Generated, not copied: free to use.\n\n");
    int status = 0;
    for (int lv = 1; lv <= count; lv++) {
        pc_rng *rng = NULL;
        if (pc_rng_new((uint64_t)seed * 1000003u + (uint64_t)lv, &rng) != PC_OK) {
            status = 1;
            break;
        }
        /* a new room until the walks take half the boxes off their goals (a
         * room can hold its boxes in); after 100 rooms, the one whose walks
         * took most out, if that is a quarter of them */
        static board keepb;
        long bestscore = -1;
        int bestlen = 0, start = 0, off = 0, noroom = 0, mostoff = -1, keeplen = 0, keepstart = 0;
        for (int tries = 0; tries < 100; tries++) {
            if (!make_room(&b, &p, rng)) {
                noroom++;
                continue;
            }
            place_goals(&b, &p, rng);
            bestscore = -1;
            bestlen = 0;
            for (int k = 0; k < p.walks; k++)
                walk(&b, &p, rng, trail, best, &bestlen, &bestscore, &start);
            off = boxes_off(&b, best, bestlen);
            if (bestlen > 0 && off > mostoff) {
                mostoff = off;
                keepb = b;
                keeplen = bestlen;
                keepstart = start;
                memcpy(keeptrail, best, sizeof(pull) * (size_t)bestlen);
            }
            if (2 * mostoff >= p.boxes)
                break;
        }
        pc_rng_free(rng);
        if (4 * mostoff < p.boxes) {
            fprintf(stderr, "%s: level %d: no room in 100 tries let a quarter of the boxes out (%d rooms too small "
                            "or cut off; at most %d boxes out)\n", argv[0], lv, noroom, mostoff);
            status = 1;
            break;
        }
        b = keepb;
        size_t len = 0;
        if (!write_level(&b, keeptrail, keeplen, keepstart, xsb, sizeof xsb, lurd, lcap, &len)) {
            fprintf(stderr, "%s: level %d: could not write the level or its solution\n", argv[0], lv);
            status = 1;
            break;
        }
        /* the library replays the generator's solution: solvable is proved */
        char err[128];
        pc_sokoban *g = NULL;
        int ok = pc_sokoban_new(xsb, strlen(xsb), err, sizeof err, &g) == PC_OK &&
                 pc_sokoban_apply_lurd(g, lurd, len, err, sizeof err) == PC_OK && pc_sokoban_is_solved(g) == 1;
        long long moves = g ? (long long)pc_sokoban_moves(g) : 0, pushes = g ? (long long)pc_sokoban_pushes(g) : 0;
        pc_sokoban_free(g);
        if (!ok) {
            fprintf(stderr, "%s: level %d: the generator's solution does not replay (%s)\n", argv[0], lv, err);
            status = 1;
            break;
        }
        printf("; generator's solution: %lld moves, %lld pushes\n; Title: %s-%llu-%d\n%s\n", moves, pushes,
               set, seed, lv, xsb);
    }
    free(trail);
    free(best);
    free(keeptrail);
    free(lurd);
    return status;
}
