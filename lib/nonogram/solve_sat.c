/*
 * The optional CDCL SAT backend of the black-and-white grid solver (see
 * solve_sat.h; built only with PC_HAVE_CADICAL).
 *
 * Encoding (doc/nonogram-solving.md, "SAT backend"): variable c+1 is cell c
 * (true = filled).  A line of n cells with clues c1..ck is the regular
 * language 0* 1^c1 0+ 1^c2 ... 0+ 1^ck 0*, read by a deterministic automaton
 * whose states are positions t = 0..T in the token string 1^c1 0 1^c2 ... 0
 * 1^ck (T = sum of the clues + k - 1): on 0 a state stays (at the start, the
 * end and right after a separating 0) or takes a separating 0; on 1 it takes
 * a 1 token.  Only states that can still reach the end are made: after i
 * cells, t lies in [max(0, T - (n - i)), min(i, T)], so a line costs at most
 * (n + 1)(min(T, n - T) + 1) state variables and twice as many transition variables.
 * With a state variable Q(i, t) ("after i cells the automaton is in t") and
 * a transition variable E = Q(i, t) & cell_i = v & Q(i + 1, t'), the clauses
 * are: E implies each of its three parts; a state implies one of its
 * outgoing transitions and one of its incoming ones; a cell value implies
 * one of the transitions reading it; Q(0, 0) and Q(n, T) hold.  Unit
 * propagation on this decomposition of the regular constraint settles every
 * cell the line's DP settles (Bacchus 2007), so the SAT solver starts at
 * least as strong as our line solver and learns clauses across lines.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "common/alloc.h"
#include "common/budget.h"
#include "nonogram/clues.h"
#include "nonogram/solve_state.h"
#include "nonogram/solve_sat.h"
#include "puzzlecore/common.h"

#ifdef PC_HAVE_CADICAL
#include <ccadical.h>

/* What CaDiCaL is assumed to take per variable and per literal of an
 * original clause (the estimate made before building; generous, so that
 * learned clauses fit too). */
enum { NSAT_VAR_BYTES = 256, NSAT_LIT_BYTES = 32 };
/* terminate-callback calls between reads of the caller's meter */
enum { NSAT_CHECK_MASK = 255 };

struct pc__nsat {
    CCaDiCaL *sat; /* the solver, holding the encoding */
    pc__nsolver *s;
    int64_t nvars, nlits; /* made so far */
    size_t bytes;         /* the estimate */
    int64_t learned;  /* clauses learned: the search nodes of the backend */
    int64_t node_base, node_max;
    uint32_t calls;
    int32_t stop;     /* why the terminate callback stopped the solver */
    int32_t maxlen;
    uint8_t *tok, *loop; /* one line's tokens (1 or 0) and states with a 0-loop */
    int32_t *qbase;      /* first state variable after i cells */
    int32_t *ev;         /* transition variables of one position: [t][v] */
};

static void add(pc__nsat *t, int32_t lit)
{
    t->nlits++;
    if (t->sat)
        ccadical_add(t->sat, lit);
}

static void clause2(pc__nsat *t, int32_t a, int32_t b)
{
    add(t, a);
    add(t, b);
    add(t, 0);
}

static int32_t new_var(pc__nsat *t)
{
    return (int32_t)++t->nvars;
}

/* The line's tokens; T, or -1 when they cannot fit in n cells. */
static int32_t line_tokens(pc__nsat *t, const int32_t *c, int32_t k, int32_t n)
{
    int64_t total = k > 0 ? k - 1 : 0;
    for (int32_t j = 0; j < k; j++)
        total += c[j];
    if (total > n)
        return -1;
    int32_t T = 0;
    for (int32_t j = 0; j < k; j++) {
        if (j > 0)
            t->tok[T++] = 0;
        for (int32_t q = 0; q < c[j]; q++)
            t->tok[T++] = 1;
    }
    for (int32_t u = 0; u <= T; u++)
        t->loop[u] = u == 0 || u == T || t->tok[u - 1] == 0;
    return T;
}

/* The automaton's move from state u on value v (-1: none). */
static inline int32_t delta(const pc__nsat *t, int32_t T, int32_t u, int v)
{
    if (v == 0 && t->loop[u])
        return u;
    if (u < T && t->tok[u] == v)
        return u + 1;
    return -1;
}

static inline int32_t win_lo(int32_t T, int32_t n, int32_t i)
{
    return T - (n - i) > 0 ? T - (n - i) : 0;
}

static inline int32_t win_hi(int32_t T, int32_t i)
{
    return i < T ? i : T;
}

#define Q(i, u) (t->qbase[i] + (u)-win_lo(T, n, (i)))

/* Position i's transitions (cell variable x) with their three implications
 * and the support clauses of the states before it and of the cell's values. */
static void encode_position(pc__nsat *t, int32_t T, int32_t n, int32_t i, int32_t x)
{
    int32_t lo = win_lo(T, n, i), hi = win_hi(T, i);
    int32_t lo2 = win_lo(T, n, i + 1), hi2 = win_hi(T, i + 1);
    for (int32_t u = lo; u <= hi; u++) {
        add(t, -Q(i, u)); /* the state's outgoing support, written as made */
        for (int v = 0; v < 2; v++) {
            int32_t u2 = delta(t, T, u, v), e = 0;
            if (u2 >= lo2 && u2 <= hi2) {
                e = new_var(t);
                add(t, e);
            }
            t->ev[2 * u + v] = e;
        }
        add(t, 0);
        for (int v = 0; v < 2; v++) {
            int32_t e = t->ev[2 * u + v];
            if (!e)
                continue;
            clause2(t, -e, Q(i, u));
            clause2(t, -e, v ? x : -x);
            clause2(t, -e, Q(i + 1, delta(t, T, u, v)));
        }
    }
    for (int v = 0; v < 2; v++) { /* the value's support */
        add(t, v ? -x : x);
        for (int32_t u = lo; u <= hi; u++)
            if (t->ev[2 * u + v])
                add(t, t->ev[2 * u + v]);
        add(t, 0);
    }
    for (int32_t u2 = lo2; u2 <= hi2; u2++) { /* the next states' incoming support */
        add(t, -Q(i + 1, u2));
        for (int32_t u = u2 - 1; u <= u2; u++)
            for (int v = 0; v < 2; v++)
                if (u >= lo && u <= hi && t->ev[2 * u + v] && delta(t, T, u, v) == u2)
                    add(t, t->ev[2 * u + v]);
        add(t, 0);
    }
}

/* One line: its state variables, then its positions. */
static void encode_line(pc__nsat *t, const pc__nsolver *s, int32_t line)
{
    int32_t base, stride, n;
    pc__ns_line_span(s, line, &base, &stride, &n);
    int32_t T = line_tokens(t, pc__ns_line_clues(s, line), s->clues.count[line], n);
    if (T < 0) { /* the clues cannot fit: no solution */
        add(t, 0);
        return;
    }
    for (int32_t i = 0; i <= n; i++) {
        t->qbase[i] = (int32_t)t->nvars + 1;
        t->nvars += win_hi(T, i) - win_lo(T, n, i) + 1;
    }
    add(t, Q(0, 0));
    add(t, 0);
    add(t, Q(n, T));
    add(t, 0);
    for (int32_t i = 0; i < n; i++)
        encode_position(t, T, n, i, base + i * stride + 1);
}

#undef Q

static void encode(pc__nsat *t, const pc__nsolver *s)
{
    t->nvars = s->ncells;
    t->nlits = 0;
    for (int32_t line = 0; line < s->nlines; line++)
        encode_line(t, s, line);
}

/* Counts the backend's search nodes (one per learned clause). */
static void on_learn(void *state, int *clause)
{
    (void)clause;
    ((pc__nsat *)state)->learned++;
}

/* The node cap and the caller's meter (clock, cancel flag, progress), read
 * every NSAT_CHECK_MASK + 1 calls. */
static int on_terminate(void *state)
{
    pc__nsat *t = state;
    pc__nsolver *s = t->s;
    if (t->stop)
        return 1;
    s->stats.nodes = t->node_base + t->learned;
    if (t->node_max > 0 && s->stats.nodes >= t->node_max) {
        s->stats.nodes = t->node_max;
        t->stop = PC_ELIMIT;
        return 1;
    }
    pc__meter *m = s->budget.meter;
    if (m && (m->status != PC_OK || (++t->calls & NSAT_CHECK_MASK) == 0)) {
        m->nodes = (m->max_nodes > 0 && s->stats.nodes >= m->max_nodes) ? m->max_nodes - 1 : s->stats.nodes;
        m->bound = (double)(s->ncells - s->grid.unknown);
        int32_t st = m->status != PC_OK ? m->status : pc__meter_check(m);
        if (st != PC_OK) {
            m->status = st;
            t->stop = st;
            return 1;
        }
    }
    return 0;
}

static void free_scratch(pc__nsat *t)
{
    pc__free(t->tok);
    pc__free(t->loop);
    pc__free(t->qbase);
    pc__free(t->ev);
    t->tok = t->loop = NULL;
    t->qbase = t->ev = NULL;
}

/* Upper bounds of the encoding's variables and literals (clause ends
 * included), line by line in O(cells), stopping once the bytes pass cap:
 * a line of n cells and S states has at most 2S transitions, each with three
 * binary clauses, and 32 S + 4 n + 8 literals in all. */
static uint64_t estimate(const pc__nsolver *s, uint64_t cap, uint64_t *vars)
{
    uint64_t v = (uint64_t)s->ncells, lits = 0;
    for (int32_t line = 0; line < s->nlines; line++) {
        int32_t base, stride, n, k = s->clues.count[line];
        pc__ns_line_span(s, line, &base, &stride, &n);
        const int32_t *c = pc__ns_line_clues(s, line);
        int64_t T = k > 0 ? k - 1 : 0;
        for (int32_t j = 0; j < k; j++)
            T += c[j];
        uint64_t states = 0;
        if (T <= n)
            for (int32_t i = 0; i <= n; i++)
                states += (uint64_t)(win_hi((int32_t)T, i) - win_lo((int32_t)T, n, i) + 1);
        v += 3 * states;
        lits += 32 * states + 4 * (uint64_t)n + 8;
        if (v * NSAT_VAR_BYTES + lits * NSAT_LIT_BYTES > cap)
            return UINT64_MAX;
    }
    *vars = v;
    return v * NSAT_VAR_BYTES + lits * NSAT_LIT_BYTES;
}

/* The estimate, made before building: within the solver's own bound and the
 * caller's max_bytes. */
static int32_t check_size(pc__nsat *t, const pc__nsolver *s)
{
    uint64_t used = s->stats.bytes < PC__NS_MAX_BYTES ? s->stats.bytes : PC__NS_MAX_BYTES, vars = 0;
    uint64_t est = estimate(s, PC__NS_MAX_BYTES - used, &vars);
    if (est == UINT64_MAX || vars > INT32_MAX / 4)
        return PC_ERANGE;
    if (s->budget.meter && pc__meter_over_bytes(s->budget.meter, s->stats.bytes, est))
        return PC_ERANGE;
    t->bytes = (size_t)est;
    return PC_OK;
}

int32_t pc__nsat_available(void)
{
    return 1;
}

int32_t pc__nsat_new(const pc__nsolver *s, pc__nsat **out)
{
    *out = NULL;
    pc__nsat *t = pc__calloc(1, sizeof *t);
    if (!t)
        return PC_ENOMEM;
    t->maxlen = s->w > s->h ? s->w : s->h;
    size_t m = (size_t)t->maxlen + 2;
    t->tok = pc__malloc(m);
    t->loop = pc__malloc(m);
    t->qbase = pc__malloc(m * sizeof *t->qbase);
    t->ev = pc__malloc(2 * m * sizeof *t->ev);
    int32_t rc = t->tok && t->loop && t->qbase && t->ev ? check_size(t, s) : PC_ENOMEM;
    if (rc == PC_OK) {
        t->sat = ccadical_init();
        if (!t->sat)
            rc = PC_ENOMEM;
    }
    if (rc != PC_OK) {
        pc__nsat_free(t);
        return rc;
    }
    encode(t, s);
    free_scratch(t);
    ccadical_set_learn(t->sat, t, INT_MAX, on_learn);
    ccadical_set_terminate(t->sat, t, on_terminate);
    *out = t;
    return PC_OK;
}

void pc__nsat_free(pc__nsat *t)
{
    if (!t)
        return;
    if (t->sat)
        ccadical_release(t->sat);
    free_scratch(t);
    pc__free(t);
}

size_t pc__nsat_bytes(const pc__nsat *t)
{
    return t ? t->bytes : 0;
}

/* One line of a 0/1 grid against its clues. */
static int line_ok(const pc__nsolver *s, int32_t line, const uint8_t *g)
{
    /* the solver keeps no clue for an empty line; the clue check's empty
     * line is the single clue 0 */
    static const int32_t empty = 0;
    int32_t base, stride, n, count = s->clues.count[line];
    pc__ns_line_span(s, line, &base, &stride, &n);
    return pc__nonogram_line_matches(g + base, (size_t)n, (size_t)stride,
                                     count ? pc__ns_line_clues(s, line) : &empty, count ? (size_t)count : 1);
}

/* The model into sol (0/1), checked against the clues and the known cells. */
static int read_model(pc__nsat *t, const pc__nsolver *s, uint8_t *sol)
{
    for (int32_t c = 0; c < s->ncells; c++) {
        sol[c] = ccadical_val(t->sat, c + 1) > 0;
        if (s->grid.cells[c] != PC__NU && sol[c] != (s->grid.cells[c] == PC__NF))
            return 0;
    }
    for (int32_t line = 0; line < s->nlines; line++)
        if (!line_ok(s, line, sol))
            return 0;
    return 1;
}

/* One solve: 1 satisfiable, 0 not, -1 stopped by the budget (abort_status
 * set), 2 the conflict limit came first. */
static int run(pc__nsat *t, pc__nsolver *s)
{
    int r = ccadical_solve(t->sat);
    s->stats.nodes = t->node_base + t->learned;
    if (t->node_max > 0 && s->stats.nodes > t->node_max)
        s->stats.nodes = t->node_max;
    if (r == 10)
        return 1;
    if (r == 20)
        return 0;
    if (!t->stop)
        return 2;
    s->budget.abort_status = t->stop;
    return -1;
}

void pc__nsat_units(pc__nsat *t, const pc__nsolver *s)
{
    for (int32_t c = 0; c < s->ncells; c++)
        if (s->grid.cells[c] != PC__NU) {
            ccadical_add(t->sat, s->grid.cells[c] == PC__NF ? c + 1 : -(c + 1));
            ccadical_add(t->sat, 0);
        }
}

void pc__nsat_block(pc__nsat *t, const pc__nsolver *s, const uint8_t *sol)
{
    for (int32_t c = 0; c < s->ncells; c++)
        if (s->grid.cells[c] == PC__NU)
            ccadical_add(t->sat, sol[c] ? -(c + 1) : c + 1);
    ccadical_add(t->sat, 0);
}

int pc__nsat_slice(pc__nsat *t, pc__nsolver *s, int64_t conflicts, uint8_t *sol)
{
    t->s = s;
    t->node_base = s->stats.nodes;
    t->learned = 0;
    t->stop = 0;
    int64_t a = s->budget.max_nodes, b = s->budget.meter ? s->budget.meter->max_nodes : 0;
    t->node_max = a > 0 && (b <= 0 || a < b) ? a : b;
    ccadical_limit(t->sat, "conflicts", conflicts < 1 ? 1 : conflicts > INT_MAX ? INT_MAX : (int)conflicts);
    int r = run(t, s);
    if (r < 0)
        return PC__NSAT_ABORT;
    if (r == 2)
        return PC__NSAT_UNKNOWN;
    if (r == 0)
        return PC__NSAT_UNSAT;
    return read_model(t, s, sol) ? PC__NSAT_SAT : PC__NSAT_FAIL;
}

#else /* no backend: the search never hands over */

int32_t pc__nsat_available(void)
{
    return 0;
}

int32_t pc__nsat_new(const pc__nsolver *s, pc__nsat **out)
{
    (void)s;
    *out = NULL;
    return PC_ERANGE;
}

void pc__nsat_free(pc__nsat *t)
{
    (void)t;
}

size_t pc__nsat_bytes(const pc__nsat *t)
{
    (void)t;
    return 0;
}

void pc__nsat_units(pc__nsat *t, const pc__nsolver *s)
{
    (void)t;
    (void)s;
}

void pc__nsat_block(pc__nsat *t, const pc__nsolver *s, const uint8_t *sol)
{
    (void)t;
    (void)s;
    (void)sol;
}

int pc__nsat_slice(pc__nsat *t, pc__nsolver *s, int64_t conflicts, uint8_t *sol)
{
    (void)t;
    (void)s;
    (void)conflicts;
    (void)sol;
    return PC__NSAT_FAIL;
}

#endif
