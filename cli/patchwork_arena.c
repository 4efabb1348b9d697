/*
 * cli/patchwork_arena.c — `puzzlecore patchwork arena`: bot programs against
 * each other on N threads, seats swapped on the same seed, and a table that
 * says how sure the result is (win rate with a 95 % Wilson interval, Elo
 * difference with its error bar; an optional SPRT that stops as soon as it
 * decides).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "patchwork_match.h"
#include "puzzlecore/puzzlecore.h"

enum { MAX_BOTS = 16 };

static int usage(FILE *f)
{
    fprintf(f,
            "usage: puzzlecore patchwork arena [OPTIONS] BOT1 BOT2 [BOT3 ...]\n\n"
            "Plays every pair of bots (shell commands speaking the CodinGame protocol on\n"
            "stdin/stdout), a fresh pair of processes per game, with CodinGame's time\n"
            "limits.  Games go by twos on the same seed with the seats swapped (game 2k-1:\n"
            "the first bot of the pair is player 0; game 2k: player 1).  A bot that times\n"
            "out, exits, or prints an unknown command loses with score -1.\n\n"
            "  --league L       1, 2, 3, 4 or 5 (default 4); 10 = official board game\n"
            "  --games N        games per pair of bots (default 10)\n"
            "  --seed S         seed of games 1-2; games 2k-1, 2k use S + k - 1 (default 1)\n"
            "  --threads T      games at once (default: half the cores, at least 1)\n"
            "  --first-ms MS    time for a bot's first turn (default 1000)\n"
            "  --turn-ms MS     time for each later turn (default 100)\n"
            "  --sprt E0,E1     two bots only: stop when a sequential probability ratio\n"
            "                   test (alpha = beta = 0.05) accepts Elo E0 (H0) or E1 (H1)\n"
            "                   for BOT1 over BOT2; --games is then the most it plays\n"
            "  --quiet          no progress line, and the bots' stderr to /dev/null\n"
            "  --log            print every action as a `move` line\n\n"
            "Output: one line per game, in game order, fields for the pair's first (0)\n"
            "and second (1) bot:\n"
            "  game= [bots=A,B] seed= seat0= score0= score1= winner=0|1|draw actions=\n"
            "  end=normal|cap|timeout|crash|unknown loser=0|1|-\n"
            "then per pair `pair a= b= games= wins= draws= losses= score= ci95=LO,HI elo=\n"
            "elo95=` (score, its 95 %% Wilson interval and the Elo difference for bot a),\n"
            "a matrix of scores with more than two bots, `sprt ...` with --sprt, and\n"
            "`summary games= wins0= wins1= draws= avg0= avg1= forfeits0= forfeits1= seconds=`\n"
            "(two bots).  A progress line (games, score, ETA) goes to stderr when it is a\n"
            "terminal.\n");
    return f == stdout ? 0 : 2;
}

typedef struct game_out {
    int done;
    pwm_result r;   /* by seat */
    int a, b;       /* bots: a is the pair's first */
    int seat_a;
    unsigned long long seed;
    char *moves;    /* --log lines */
    size_t moves_len;
} game_out;

typedef struct pairstat {
    int wins, draws, losses, forfeits[2];
    double sum[2];
    int games;
} pairstat;

typedef struct arena {
    const char *cmd[MAX_BOTS];
    int nbots, league, games_per_pair, first_ms, turn_ms, quiet, log, progress;
    unsigned long long seed;
    int npairs, pa[MAX_BOTS * MAX_BOTS / 2], pb[MAX_BOTS * MAX_BOTS / 2];
    int total;              /* jobs */
    game_out *out;
    pthread_mutex_t mu;
    int next_job, next_print, finished, stop, failed;
    pairstat st[MAX_BOTS * MAX_BOTS / 2];
    double t0;
    int sprt;
    double elo0, elo1, llr;
    const char *sprt_result;
} arena;

/* ---- statistics -------------------------------------------------------------------- */

static double elo_of(double s)
{
    if (s <= 0.0)
        return -INFINITY;
    if (s >= 1.0)
        return INFINITY;
    return -400.0 * log10(1.0 / s - 1.0) + 0.0; /* no -0.0 */
}

/* Wilson score interval at 95 % for a score fraction s over n games (a draw
 * counts one half). */
static void wilson(double s, int n, double *lo, double *hi)
{
    const double z = 1.959963984540054;
    if (n <= 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    double z2n = z * z / n, c = (s + z2n / 2) / (1 + z2n);
    double h = z * sqrt(s * (1 - s) / n + z2n / (4.0 * n)) / (1 + z2n);
    *lo = c - h < 0 ? 0 : c - h;
    *hi = c + h > 1 ? 1 : c + h;
}

/* The GSPRT log-likelihood ratio of H1 (elo1) against H0 (elo0) for the
 * trinomial results, in the normal approximation used by chess-engine
 * testing (fishtest, cutechess): LLR = N (s1 - s0)(2 m - s0 - s1) / (2 v),
 * m and v the mean and variance of a game's score.  Each outcome gets half a
 * game of prior (so a run of wins has a variance). */
static double sprt_llr(const pairstat *p, double elo0, double elo1)
{
    double w = p->wins + 0.5, d = p->draws + 0.5, l = p->losses + 0.5, n = w + d + l;
    double m = (w + 0.5 * d) / n;
    double v = (w * (1 - m) * (1 - m) + d * (0.5 - m) * (0.5 - m) + l * m * m) / n;
    double s0 = 1.0 / (1.0 + pow(10.0, -elo0 / 400.0)), s1 = 1.0 / (1.0 + pow(10.0, -elo1 / 400.0));
    int games = p->wins + p->draws + p->losses;
    return games * (s1 - s0) * (2 * m - s0 - s1) / (2 * v);
}

static void fmt_elo(char *buf, size_t cap, double e)
{
    if (isinf(e))
        snprintf(buf, cap, "%sinf", e > 0 ? "+" : "-");
    else
        snprintf(buf, cap, "%+.1f", e);
}

/* ---- the games ------------------------------------------------------------------------ */

typedef struct movelog {
    char *text;
    size_t len, cap;
    int game, bot_at[2];
} movelog;

static void on_move(void *user, int action, int seat, const char *output, const char *applied, int32_t fixes)
{
    movelog *l = user;
    (void)output;
    char line[160];
    int n = snprintf(line, sizeof line, "move game=%d action=%d player=%d bot=%d fixes=%d text=%s\n", l->game, action,
                     seat, l->bot_at[seat], (int)fixes, applied);
    if (n < 0)
        return;
    if (l->len + (size_t)n + 1 > l->cap) {
        size_t nc = l->cap * 2 + (size_t)n + 1024;
        char *t = realloc(l->text, nc);
        if (!t)
            return;
        l->text = t;
        l->cap = nc;
    }
    memcpy(l->text + l->len, line, (size_t)n + 1);
    l->len += (size_t)n;
}

static void print_game(const arena *A, int j)
{
    const game_out *o = &A->out[j];
    int sa = o->seat_a, sb = 1 - sa;
    if (o->moves)
        fputs(o->moves, stdout);
    const char *w = o->r.winner == PC_PATCHWORK_DRAW ? "draw" : o->r.winner == sa ? "0" : "1";
    char bots[32] = "";
    if (A->nbots > 2)
        snprintf(bots, sizeof bots, " bots=%d,%d", o->a, o->b);
    printf("game=%d%s seed=%llu seat0=%d score0=%d score1=%d winner=%s actions=%d end=%s loser=%s\n", j + 1, bots,
           o->seed, sa, (int)o->r.score[sa], (int)o->r.score[sb], w, (int)o->r.actions, o->r.end,
           o->r.loser < 0 ? "-" : o->r.loser == sa ? "0" : "1");
}

static void progress_line(arena *A)
{
    if (!A->progress)
        return;
    double el = cli_now() - A->t0;
    int done = A->finished, total = A->total;
    double eta = done ? el / done * (total - done) : 0;
    const pairstat *p = &A->st[0];
    fprintf(stderr, "\r%d/%d games  %s %.1f-%.1f  %.0fs elapsed  eta %.0fs   ", done, total,
            A->npairs > 1 ? "pair 1:" : "score", p->wins + 0.5 * p->draws, p->losses + 0.5 * p->draws, el, eta);
    fflush(stderr);
}

static void *worker(void *arg)
{
    arena *A = arg;
    for (;;) {
        pthread_mutex_lock(&A->mu);
        int j = A->stop || A->failed ? A->total : A->next_job;
        if (j < A->total)
            A->next_job++;
        pthread_mutex_unlock(&A->mu);
        if (j >= A->total)
            return NULL;
        int pair = j / A->games_per_pair, k = j % A->games_per_pair;
        game_out o;
        memset(&o, 0, sizeof o);
        o.a = A->pa[pair];
        o.b = A->pb[pair];
        o.seed = A->seed + (unsigned long long)(k / 2);
        o.seat_a = k % 2;
        const char *cmd[2];
        cmd[o.seat_a] = A->cmd[o.a];
        cmd[1 - o.seat_a] = A->cmd[o.b];
        movelog ml = {NULL, 0, 0, j + 1, {0, 0}};
        ml.bot_at[o.seat_a] = 0; /* the pair's first bot is 0 in the output */
        ml.bot_at[1 - o.seat_a] = 1;
        pc_patchwork *g;
        char err[256] = "";
        int bad = pc_patchwork_new(A->league, o.seed, &g) != PC_OK;
        if (!bad)
            bad = pwm_play(g, cmd, A->first_ms, A->turn_ms, A->quiet, A->log ? on_move : NULL, &ml, &o.r, err,
                           sizeof err) != 0;
        pc_patchwork_free(g);
        o.moves = ml.text;
        pthread_mutex_lock(&A->mu);
        if (bad) {
            if (!A->failed)
                fprintf(stderr, "puzzlecore: arena: %s\n", err[0] ? err : "cannot start a game");
            A->failed = 1;
            free(ml.text);
            pthread_mutex_unlock(&A->mu);
            return NULL;
        }
        o.done = 1;
        A->out[j] = o;
        A->finished++;
        pairstat *p = &A->st[pair];
        int sa = o.seat_a;
        p->games++;
        if (o.r.winner == PC_PATCHWORK_DRAW)
            p->draws++;
        else if (o.r.winner == sa)
            p->wins++;
        else
            p->losses++;
        if (o.r.loser >= 0)
            p->forfeits[o.r.loser == sa ? 0 : 1]++;
        p->sum[0] += o.r.score[sa];
        p->sum[1] += o.r.score[1 - sa];
        if (A->sprt && !A->stop) {
            A->llr = sprt_llr(p, A->elo0, A->elo1);
            double lim = log(0.95 / 0.05);
            if (A->llr >= lim || A->llr <= -lim) {
                A->stop = 1;
                A->sprt_result = A->llr >= lim ? "H1" : "H0";
            }
        }
        /* print the games done so far, in order; with an SPRT stop, games
         * never started are skipped */
        if (A->progress)
            fputs("\r\033[K", stderr);
        while (A->next_print < A->total && A->out[A->next_print].done) {
            print_game(A, A->next_print);
            free(A->out[A->next_print].moves);
            A->out[A->next_print].moves = NULL;
            A->next_print++;
        }
        fflush(stdout);
        progress_line(A);
        pthread_mutex_unlock(&A->mu);
    }
}

int pwm_cli_arena(int argc, char **argv)
{
    static arena A; /* large; one per process */
    memset(&A, 0, sizeof A);
    A.league = 4;
    A.games_per_pair = 10;
    A.first_ms = 1000;
    A.turn_ms = 100;
    A.seed = 1;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int threads = cores >= 2 ? (int)(cores / 2) : 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            return usage(stdout);
        else if (!strcmp(a, "--league") && i + 1 < argc)
            A.league = (int)cli_int(a, argv[++i], 1, 10);
        else if (!strcmp(a, "--games") && i + 1 < argc)
            A.games_per_pair = (int)cli_int(a, argv[++i], 1, 1000000);
        else if (!strcmp(a, "--seed") && i + 1 < argc)
            A.seed = (unsigned long long)cli_int(a, argv[++i], 0, 0x7fffffffffffffffll);
        else if (!strcmp(a, "--threads") && i + 1 < argc)
            threads = (int)cli_int(a, argv[++i], 1, 256);
        else if (!strcmp(a, "--first-ms") && i + 1 < argc)
            A.first_ms = (int)cli_int(a, argv[++i], 1, 3600000);
        else if (!strcmp(a, "--turn-ms") && i + 1 < argc)
            A.turn_ms = (int)cli_int(a, argv[++i], 1, 3600000);
        else if (!strcmp(a, "--sprt") && i + 1 < argc) {
            char *e;
            const char *v = argv[++i];
            A.elo0 = strtod(v, &e);
            if (*e != ',' || !isfinite(A.elo0))
                return usage(stderr);
            A.elo1 = strtod(e + 1, &e);
            if (*e || !isfinite(A.elo1) || A.elo1 == A.elo0) {
                fprintf(stderr, "puzzlecore: --sprt takes two different Elo values E0,E1\n");
                return 2;
            }
            A.sprt = 1;
        } else if (!strcmp(a, "--quiet"))
            A.quiet = 1;
        else if (!strcmp(a, "--log"))
            A.log = 1;
        else if (a[0] == '-' && a[1])
            return usage(stderr);
        else if (A.nbots < MAX_BOTS)
            A.cmd[A.nbots++] = a;
        else {
            fprintf(stderr, "puzzlecore: arena: at most %d bots\n", MAX_BOTS);
            return 2;
        }
    }
    if (A.nbots < 2)
        return usage(stderr);
    if (A.sprt && A.nbots != 2) {
        fprintf(stderr, "puzzlecore: --sprt compares two bots\n");
        return 2;
    }
    pc_patchwork *probe;
    if (pc_patchwork_new(A.league, 0, &probe) != PC_OK) {
        fprintf(stderr, "puzzlecore: --league must be 1-5 or 10\n");
        return 2;
    }
    pc_patchwork_free(probe);
    for (int a = 0; a < A.nbots; a++)
        for (int b = a + 1; b < A.nbots; b++) {
            A.pa[A.npairs] = a;
            A.pb[A.npairs++] = b;
        }
    A.total = A.npairs * A.games_per_pair;
    A.out = calloc((size_t)A.total, sizeof *A.out);
    if (!A.out)
        return cli_fail("arena", PC_ENOMEM, NULL);
    A.progress = !A.quiet && isatty(2);
    if (threads > A.total)
        threads = A.total;
    signal(SIGPIPE, SIG_IGN);
    pthread_mutex_init(&A.mu, NULL);
    A.t0 = cli_now();
    pthread_t th[256];
    int started = 0;
    for (int t = 0; t < threads; t++)
        if (pthread_create(&th[t], NULL, worker, &A) == 0)
            started++;
    if (started == 0)
        worker(&A);
    for (int t = 0; t < started; t++)
        pthread_join(th[t], NULL);
    if (A.progress)
        fputs("\r\033[K", stderr);
    /* games finished after an SPRT stop but past a gap were not printed */
    for (int j = A.next_print; j < A.total; j++)
        if (A.out[j].done) {
            print_game(&A, j);
            free(A.out[j].moves);
        }
    free(A.out);
    pthread_mutex_destroy(&A.mu);
    if (A.failed)
        return 1;
    double seconds = cli_now() - A.t0;
    /* the table */
    double score_m[MAX_BOTS][MAX_BOTS];
    for (int k = 0; k < A.npairs; k++) {
        const pairstat *p = &A.st[k];
        int n = p->wins + p->draws + p->losses;
        double s = n ? (p->wins + 0.5 * p->draws) / n : 0.5, lo, hi;
        wilson(s, n, &lo, &hi);
        double e = elo_of(s), elo_lo = elo_of(lo), elo_hi = elo_of(hi);
        char es[32], errs[32];
        fmt_elo(es, sizeof es, e);
        if (isinf(elo_lo) || isinf(elo_hi))
            snprintf(errs, sizeof errs, "inf");
        else
            snprintf(errs, sizeof errs, "%.1f", (elo_hi - elo_lo) / 2);
        printf("pair a=%d b=%d games=%d wins=%d draws=%d losses=%d score=%.3f ci95=%.3f,%.3f elo=%s elo95=%s\n",
               A.pa[k], A.pb[k], n, p->wins, p->draws, p->losses, s, lo, hi, es, errs);
        score_m[A.pa[k]][A.pb[k]] = s;
        score_m[A.pb[k]][A.pa[k]] = 1 - s;
    }
    if (A.nbots > 2) {
        printf("matrix (score of the row's bot against the column's, %%)\n      ");
        for (int b = 0; b < A.nbots; b++)
            printf(" %6d", b);
        printf("\n");
        for (int a = 0; a < A.nbots; a++) {
            printf("%6d", a);
            for (int b = 0; b < A.nbots; b++)
                if (a == b)
                    printf("      -");
                else
                    printf(" %6.1f", 100.0 * score_m[a][b]);
            printf("\n");
        }
    }
    if (A.sprt)
        printf("sprt elo0=%g elo1=%g alpha=0.05 beta=0.05 llr=%.3f bounds=%.3f,%.3f games=%d result=%s\n", A.elo0,
               A.elo1, sprt_llr(&A.st[0], A.elo0, A.elo1), -log(0.95 / 0.05), log(0.95 / 0.05), A.st[0].games,
               A.sprt_result ? A.sprt_result : "none");
    if (A.nbots == 2) {
        const pairstat *p = &A.st[0];
        int n = p->games ? p->games : 1;
        printf("summary games=%d wins0=%d wins1=%d draws=%d avg0=%.2f avg1=%.2f forfeits0=%d forfeits1=%d "
               "seconds=%.3f\n",
               p->games, p->wins, p->losses, p->draws, p->sum[0] / n, p->sum[1] / n, p->forfeits[0], p->forfeits[1],
               seconds);
    }
    return 0;
}
