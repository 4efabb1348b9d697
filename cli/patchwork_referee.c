/*
 * cli/patchwork_referee.c — `puzzlecore patchwork referee`: one game as a
 * cg-brutaltester referee.
 *
 * New protocol (cg-brutaltester's GameThread): the tool appends
 * `-p1 CMD1 -p2 CMD2` (each command one argument), `-d seed=N` with -s or a
 * fixed seed, `-l FILE.json` with a log folder.  We run the game with the
 * players as child processes and print the scores in player order, one per
 * line, then the data lines (`seed=N`) that `-d` takes back.  Nothing goes
 * to stderr unless something is wrong: the tool counts any stderr output as
 * an error.
 *
 * Old protocol (the tool's -o mode): no -p arguments; we read `###Seed N`
 * (optional) and `###Start 2` on stdin, then drive the game through the tool:
 * `###Input i` + the lines for player i, `###Output i 1` to get one line
 * back, and finally `###End` with the player indices in rank order.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "patchwork_match.h"
#include "puzzlecore/puzzlecore.h"

static int usage(FILE *f)
{
    fprintf(f,
            "usage: puzzlecore patchwork referee [--league L] [--first-ms MS] [--turn-ms MS]\n"
            "           [-p1 CMD1 -p2 CMD2] [-d seed=N] [-l FILE.json] [-s]\n\n"
            "One game of Patchwork as a cg-brutaltester referee:\n"
            "  java -jar cg-brutaltester.jar -r \"puzzlecore patchwork referee --league 4\" \\\n"
            "       -p1 \"./bot1\" -p2 \"./bot2\" -t 2 -n 100 -s\n\n"
            "With -p1/-p2 it runs the players (`sh -c CMD`) and prints their scores, one\n"
            "line each in player order (-1 for a player that timed out, crashed or sent\n"
            "an unknown command), then `seed=N`, the data -d takes back.  Without -p it\n"
            "speaks the tool's old protocol (-o) on stdin/stdout: ###Start, ###Input,\n"
            "###Output, ###End.\n\n"
            "  --league L     1-5 (CodinGame league; default 4) or 10 (board game)\n"
            "  --first-ms MS  time for a player's first turn (default 1000, as on CodinGame)\n"
            "  --turn-ms MS   time for each later turn (default 100, as on CodinGame)\n"
            "  --action-cap N end the game after N actions, both scores 0 (a draw; default\n"
            "                 80 in the leagues as on CodinGame, none for the board game)\n"
            "  -d DATA        key=value data, space or newline separated: seed=N\n"
            "                 (default: a seed from the clock)\n"
            "  -l FILE        write the game log as JSON\n"
            "  -s             accepted and ignored (CodinGame's viewer mode)\n");
    return f == stdout ? 0 : 2;
}

/* ---- the JSON game log ------------------------------------------------------------ */

typedef struct glog {
    char *text;
    size_t len, cap;
    int moves;
} glog;

static void glog_putn(glog *l, const char *s, size_t n)
{
    if (l->len + n + 1 > l->cap) {
        size_t nc = (l->cap ? l->cap * 2 : 4096) + n;
        char *t = realloc(l->text, nc);
        if (!t)
            return;
        l->text = t;
        l->cap = nc;
    }
    memcpy(l->text + l->len, s, n);
    l->len += n;
    l->text[l->len] = '\0';
}

static void glog_puts(glog *l, const char *s)
{
    glog_putn(l, s, strlen(s));
}

static void glog_str(glog *l, const char *s)
{
    glog_putn(l, "\"", 1);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        char esc[8];
        if (c == '"' || c == '\\') {
            esc[0] = '\\';
            esc[1] = (char)c;
            glog_putn(l, esc, 2);
        } else if (c < 0x20 || c == 0x7f) {
            snprintf(esc, sizeof esc, "\\u%04x", c);
            glog_puts(l, esc);
        } else {
            glog_putn(l, (const char *)&c, 1);
        }
    }
    glog_putn(l, "\"", 1);
}

static void log_move(void *user, int action, int seat, const char *output, const char *applied, int32_t fixes)
{
    glog *l = user;
    char num[96];
    snprintf(num, sizeof num, "%s\n    {\"action\": %d, \"player\": %d, \"output\": ", l->moves ? "," : "", action,
             seat);
    glog_puts(l, num);
    glog_str(l, output);
    glog_puts(l, ", \"played\": ");
    glog_str(l, applied);
    snprintf(num, sizeof num, ", \"fixes\": %d}", (int)fixes);
    glog_puts(l, num);
    l->moves++;
}

static int write_log(const char *path, const glog *moves, int league, unsigned long long seed, const char *const cmd[2],
                     const pwm_result *r)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return -1;
    }
    glog head = {NULL, 0, 0, 0};
    char num[256];
    snprintf(num, sizeof num, "{\n  \"game\": \"patchwork\",\n  \"league\": %d,\n  \"seed\": %llu,\n  \"players\": [",
             league, seed);
    glog_puts(&head, num);
    glog_str(&head, cmd[0]);
    glog_puts(&head, ", ");
    glog_str(&head, cmd[1]);
    snprintf(num, sizeof num,
             "],\n  \"scores\": [%d, %d],\n  \"winner\": %d,\n  \"end\": \"%s\",\n  \"loser\": %d,\n  \"actions\": [",
             (int)r->score[0], (int)r->score[1], r->winner == PC_PATCHWORK_DRAW ? -1 : (int)r->winner, r->end,
             (int)r->loser);
    glog_puts(&head, num);
    int ok = head.text && fputs(head.text, f) >= 0 && (!moves->text || fputs(moves->text, f) >= 0) &&
             fputs("\n  ]\n}\n", f) >= 0;
    free(head.text);
    if (fclose(f) != 0 || !ok) {
        perror(path);
        return -1;
    }
    return 0;
}

/* ---- -d data ---------------------------------------------------------------------- */

/* key=value items separated by spaces or newlines; seed is the one we use,
 * others are refused (so a typo is not silently ignored). */
static int read_data(const char *d, unsigned long long *seed, int *have_seed)
{
    const char *p = d;
    while (*p) {
        while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t' || *p == ';')
            p++;
        if (!*p)
            break;
        const char *e = p;
        while (*e && *e != ' ' && *e != '\n' && *e != '\r' && *e != '\t' && *e != ';')
            e++;
        if ((size_t)(e - p) > 5 && !strncmp(p, "seed=", 5)) {
            char *end;
            char tmp[32];
            size_t n = (size_t)(e - p - 5);
            if (n >= sizeof tmp)
                return -1;
            memcpy(tmp, p + 5, n);
            tmp[n] = '\0';
            long long v = strtoll(tmp, &end, 10);
            if (*end)
                return -1;
            /* CodinGame seeds are Java longs: keep the bits of a negative one */
            *seed = (unsigned long long)v;
            *have_seed = 1;
        } else {
            return -1;
        }
        p = e;
    }
    return 0;
}

/* ---- the old protocol -------------------------------------------------------------- */

static int old_protocol(int league, unsigned long long seed, int have_seed, int first_ms, int turn_ms, int action_cap)
{
    pwm_proc tool;
    char line[4096];
    pwm_wrap(1, 0, &tool); /* we write to stdout, read stdin */
    /* ###Seed N (optional), then ###Start 2 */
    for (;;) {
        long got = pwm_read_line(&tool, line, sizeof line, cli_now() + 3600.0);
        if (got < 0) {
            fprintf(stderr, "puzzlecore: referee: no ###Start on stdin\n");
            return 1;
        }
        if (!strncmp(line, "###Seed ", 8)) {
            if (!have_seed)
                seed = (unsigned long long)strtoll(line + 8, NULL, 10);
            have_seed = 1;
            continue;
        }
        if (!strncmp(line, "###Start ", 9)) {
            if (atoi(line + 9) != 2) {
                fprintf(stderr, "puzzlecore: referee: Patchwork is a 2-player game (%s)\n", line);
                return 1;
            }
            break;
        }
        fprintf(stderr, "puzzlecore: referee: unexpected line '%s' before ###Start\n", line);
        return 1;
    }
    pc_patchwork *g;
    int32_t rc = pc_patchwork_new(league, seed, &g);
    if (rc == PC_OK && action_cap >= 0)
        rc = pc_patchwork_set_action_cap(g, action_cap);
    if (rc != PC_OK)
        return cli_fail("new game", rc, NULL);
    int turns[2] = {0, 0};
    int32_t loser = -1;
    const char *end = "normal";
    size_t cap = 16384, n;
    char *input = malloc(cap + 64);
    if (!input) {
        pc_patchwork_free(g);
        return cli_fail("referee", PC_ENOMEM, NULL);
    }
    while (!pc_patchwork_is_over(g)) {
        int32_t seat = PC_PATCHWORK_NOBODY;
        pc_patchwork_to_move(g, &seat);
        int hl = snprintf(input, 64, "###Input %d\n", seat);
        rc = pc_patchwork_referee_input(g, input + hl, cap, &n);
        if (rc != PC_OK)
            break;
        n += (size_t)hl;
        n += (size_t)snprintf(input + n, 64, "###Output %d 1\n", seat);
        /* the clock runs from when the request is out, as a player's would */
        if (pwm_send(&tool, input, n, cli_now() + 3600.0) != 0) {
            rc = PC_EIO;
            break;
        }
        double deadline = cli_now() + (turns[seat] ? turn_ms : first_ms) / 1000.0;
        long got = pwm_read_line(&tool, line, sizeof line, deadline);
        if (got == -2) {
            rc = PC_EIO; /* the tool went away */
            break;
        }
        if (got < 0) {
            end = "timeout";
            loser = seat;
            break;
        }
        rc = pc_patchwork_referee_step(g, line, (size_t)got, NULL, NULL, NULL, 0);
        if (rc == PC_EPARSE) {
            end = "unknown";
            loser = seat;
            rc = PC_OK;
            break;
        }
        if (rc != PC_OK)
            break;
        turns[seat]++;
    }
    free(input);
    if (rc != PC_OK) {
        pc_patchwork_free(g);
        return cli_fail("referee", rc, NULL);
    }
    pwm_result r;
    pwm_finish(g, loser, end, &r);
    pc_patchwork_free(g);
    /* rank order; tied players share one field */
    if (r.score[0] == r.score[1])
        snprintf(line, sizeof line, "###End 01\n");
    else
        snprintf(line, sizeof line, "###End %d %d\n", r.score[0] > r.score[1] ? 0 : 1, r.score[0] > r.score[1] ? 1 : 0);
    pwm_send(&tool, line, strlen(line), cli_now() + 3600.0);
    return 0;
}

/* ---- entry -------------------------------------------------------------------------- */

int pwm_cli_referee(int argc, char **argv)
{
    int league = 4, first_ms = 1000, turn_ms = 100, have_seed = 0, action_cap = -1;
    unsigned long long seed = 0;
    const char *cmd[2] = {NULL, NULL}, *logpath = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            return usage(stdout);
        else if (!strcmp(a, "--league") && i + 1 < argc)
            league = (int)cli_int(a, argv[++i], 1, 10);
        else if (!strcmp(a, "--first-ms") && i + 1 < argc)
            first_ms = (int)cli_int(a, argv[++i], 1, 3600000);
        else if (!strcmp(a, "--turn-ms") && i + 1 < argc)
            turn_ms = (int)cli_int(a, argv[++i], 1, 3600000);
        else if (!strcmp(a, "--action-cap") && i + 1 < argc)
            action_cap = (int)cli_int(a, argv[++i], 0, 1000);
        else if (!strcmp(a, "-p1") && i + 1 < argc)
            cmd[0] = argv[++i];
        else if (!strcmp(a, "-p2") && i + 1 < argc)
            cmd[1] = argv[++i];
        else if (!strcmp(a, "-l") && i + 1 < argc)
            logpath = argv[++i];
        else if (!strcmp(a, "-d") && i + 1 < argc) {
            if (read_data(argv[++i], &seed, &have_seed) != 0) {
                fprintf(stderr, "puzzlecore: referee: -d takes seed=N, not '%s'\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(a, "-s"))
            continue;
        else if (a[0] == '-' && a[1] == 'p' && a[2] >= '3' && a[2] <= '9' && i + 1 < argc) {
            fprintf(stderr, "puzzlecore: referee: Patchwork is a 2-player game (%s)\n", a);
            return 2;
        } else
            return usage(stderr);
    }
    pc_patchwork *g;
    if (pc_patchwork_new(league, 0, &g) != PC_OK) {
        fprintf(stderr, "puzzlecore: --league must be 1-5 or 10\n");
        return 2;
    }
    pc_patchwork_free(g);
    if (!have_seed) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        seed = (unsigned long long)ts.tv_sec * 1000ull + (unsigned long long)ts.tv_nsec / 1000000ull;
    }
    signal(SIGPIPE, SIG_IGN);
    if (!cmd[0] && !cmd[1])
        return old_protocol(league, seed, have_seed, first_ms, turn_ms, action_cap);
    if (!cmd[0] || !cmd[1]) {
        fprintf(stderr, "puzzlecore: referee: both -p1 and -p2 are needed\n");
        return 2;
    }
    int32_t rc = pc_patchwork_new(league, seed, &g);
    if (rc == PC_OK && action_cap >= 0)
        rc = pc_patchwork_set_action_cap(g, action_cap);
    if (rc != PC_OK)
        return cli_fail("new game", rc, NULL);
    glog moves = {NULL, 0, 0, 0};
    pwm_result r;
    char err[256];
    /* the players' stderr is theirs: never ours (the tool reads ours) */
    if (pwm_play(g, cmd, first_ms, turn_ms, 1, logpath ? log_move : NULL, &moves, &r, err, sizeof err) != 0) {
        fprintf(stderr, "puzzlecore: %s\n", err);
        pc_patchwork_free(g);
        free(moves.text);
        return 1;
    }
    pc_patchwork_free(g);
    printf("%d\n%d\nseed=%lld\n", (int)r.score[0], (int)r.score[1], (long long)seed);
    fflush(stdout);
    int st = 0;
    if (logpath && write_log(logpath, &moves, league, seed, cmd, &r) != 0)
        st = 1;
    free(moves.text);
    return st;
}
