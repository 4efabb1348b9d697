/*
 * cli/patchwork.c -- `puzzlecore patchwork <command>`:
 *   arena   run two CodinGame-protocol bot programs against each other
 *   bot     the library's bot as a CodinGame-protocol program (stdin/stdout)
 *   moves   list the legal moves of a saved game
 * Every result is one line of key=value fields.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "puzzlecore/puzzlecore.h"

static int usage_main(FILE *f)
{
    fprintf(f, "usage: puzzlecore patchwork COMMAND [OPTIONS]\n\n"
               "commands:\n"
               "  arena   run two bot programs (CodinGame protocol) against each other\n"
               "  bot     the library's bot as a CodinGame-protocol program\n"
               "  moves   print the legal moves of a saved game (puzzlecore-patchwork 1)\n\n"
               "`puzzlecore patchwork COMMAND --help` describes each one.\n");
    return f == stdout ? 0 : 2;
}

/* ---- arena ---------------------------------------------------------------------- */

typedef struct botproc {
    pid_t pid;
    int in, out;      /* we write to in, read from out */
    char buf[8192];
    size_t len;
    int turns;
} botproc;

static int spawn(const char *cmd, int quiet, botproc *b)
{
    int a[2], c[2];
    memset(b, 0, sizeof *b);
    b->pid = -1;
    b->in = b->out = -1;
    if (pipe(a) != 0)
        return -1;
    if (pipe(c) != 0) {
        close(a[0]);
        close(a[1]);
        return -1;
    }
    pid_t pid = fork();
    if (pid < 0) {
        close(a[0]);
        close(a[1]);
        close(c[0]);
        close(c[1]);
        return -1;
    }
    if (pid == 0) {
        setpgid(0, 0); /* its own process group, so reap() ends what it started too */
        dup2(a[0], 0);
        dup2(c[1], 1);
        if (quiet) {
            int dn = open("/dev/null", O_WRONLY);
            if (dn >= 0)
                dup2(dn, 2);
        }
        close(a[0]);
        close(a[1]);
        close(c[0]);
        close(c[1]);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid); /* also here: no race with the first kill */
    close(a[0]);
    close(c[1]);
    fcntl(a[1], F_SETFD, FD_CLOEXEC);
    fcntl(c[0], F_SETFD, FD_CLOEXEC);
    fcntl(a[1], F_SETFL, fcntl(a[1], F_GETFL) | O_NONBLOCK);
    fcntl(c[0], F_SETFL, fcntl(c[0], F_GETFL) | O_NONBLOCK);
    b->pid = pid;
    b->in = a[1];
    b->out = c[0];
    return 0;
}

static void reap(botproc *b)
{
    if (b->in >= 0)
        close(b->in);
    if (b->out >= 0)
        close(b->out);
    if (b->pid > 0) {
        kill(-b->pid, SIGKILL); /* the bot's process group: the shell and its children */
        kill(b->pid, SIGKILL);
        waitpid(b->pid, NULL, 0);
    }
    b->pid = -1;
    b->in = b->out = -1;
}

static int ms_left(double deadline)
{
    double left = deadline - cli_now();
    return left <= 0 ? 0 : (int)(left * 1000.0) + 1;
}

/* Write all of text before the deadline: 0, or -1 (timeout), -2 (closed). */
static int send_all(botproc *b, const char *text, size_t n, double deadline)
{
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(b->in, text + done, n - done);
        if (w > 0) {
            done += (size_t)w;
            continue;
        }
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
            return -2;
        struct pollfd p = {b->in, POLLOUT, 0};
        int ms = ms_left(deadline);
        if (ms == 0 || poll(&p, 1, ms) == 0)
            return -1;
        if (p.revents & (POLLERR | POLLHUP))
            return -2;
    }
    return 0;
}

/* One output line (without the newline) before the deadline: its length, or
 * -1 timeout, -2 end of output (crash/exit), -3 line too long. */
static long read_line(botproc *b, char *line, size_t cap, double deadline)
{
    for (;;) {
        char *nl = memchr(b->buf, '\n', b->len);
        if (nl) {
            size_t n = (size_t)(nl - b->buf);
            if (n >= cap)
                return -3;
            memcpy(line, b->buf, n);
            line[n] = '\0';
            memmove(b->buf, nl + 1, b->len - n - 1);
            b->len -= n + 1;
            return (long)n;
        }
        if (b->len == sizeof b->buf)
            return -3;
        struct pollfd p = {b->out, POLLIN, 0};
        int ms = ms_left(deadline);
        if (ms == 0)
            return -1;
        int r = poll(&p, 1, ms);
        if (r < 0 && errno == EINTR)
            continue;
        if (r == 0)
            return -1;
        ssize_t got = read(b->out, b->buf + b->len, sizeof b->buf - b->len);
        if (got == 0)
            return -2;
        if (got < 0) {
            if (errno == EAGAIN || errno == EINTR || errno == EWOULDBLOCK)
                continue;
            return -2;
        }
        b->len += (size_t)got;
    }
}

static int usage_arena(FILE *f)
{
    fprintf(f, "usage: puzzlecore patchwork arena [OPTIONS] BOT1 BOT2\n\n"
               "Plays BOT1 against BOT2 (shell commands speaking the CodinGame protocol on\n"
               "stdin/stdout), a fresh pair of processes per game, seats swapped every game\n"
               "(BOT1 is player 0 in odd-numbered games).  A bot that times out, exits,\n"
               "or prints an unknown command loses with score -1, as on CodinGame.\n\n"
               "  --league L     1, 2, 3, 4 or 5 (default 4); 10 = official board game\n"
               "  --games N      games to play (default 10)\n"
               "  --seed S       seed of game 1; game i uses S + i - 1 (default 1)\n"
               "  --first-ms MS  time for a bot's first turn (default 1000)\n"
               "  --turn-ms MS   time for each later turn (default 100)\n"
               "  --quiet        send the bots' stderr to /dev/null\n"
               "  --log          print every action as a `move` line\n\n"
               "Output, one line per game, fields for BOT1 (0) and BOT2 (1):\n"
               "  game= seed= seat0= score0= score1= winner=0|1|draw actions= end=normal|cap|timeout|crash|unknown loser=\n"
               "then `summary games= wins0= wins1= draws= avg0= avg1= forfeits0= forfeits1= seconds=`.\n");
    return f == stdout ? 0 : 2;
}

static int arena(int argc, char **argv)
{
    int league = 4, games = 10, first_ms = 1000, turn_ms = 100, quiet = 0, log = 0;
    unsigned long long seed = 1;
    const char *cmd[2] = {NULL, NULL};
    int nb = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            return usage_arena(stdout);
        else if (!strcmp(a, "--league") && i + 1 < argc)
            league = (int)cli_int(a, argv[++i], 1, 10);
        else if (!strcmp(a, "--games") && i + 1 < argc)
            games = (int)cli_int(a, argv[++i], 1, 1000000);
        else if (!strcmp(a, "--seed") && i + 1 < argc)
            seed = (unsigned long long)cli_int(a, argv[++i], 0, 0x7fffffffffffffffll);
        else if (!strcmp(a, "--first-ms") && i + 1 < argc)
            first_ms = (int)cli_int(a, argv[++i], 1, 3600000);
        else if (!strcmp(a, "--turn-ms") && i + 1 < argc)
            turn_ms = (int)cli_int(a, argv[++i], 1, 3600000);
        else if (!strcmp(a, "--quiet"))
            quiet = 1;
        else if (!strcmp(a, "--log"))
            log = 1;
        else if (a[0] == '-' && a[1])
            return usage_arena(stderr);
        else if (nb < 2)
            cmd[nb++] = a;
        else
            return usage_arena(stderr);
    }
    if (nb != 2)
        return usage_arena(stderr);
    pc_patchwork *probe;
    if (pc_patchwork_new(league, 0, &probe) != PC_OK) {
        fprintf(stderr, "puzzlecore: --league must be 1-5 or 10\n");
        return 2;
    }
    pc_patchwork_free(probe);
    signal(SIGPIPE, SIG_IGN);
    double t0 = cli_now();
    int wins[2] = {0, 0}, draws = 0, forfeits[2] = {0, 0};
    double sum[2] = {0, 0};
    static char input[16384], line[4096];
    for (int gi = 0; gi < games; gi++) {
        unsigned long long gseed = seed + (unsigned long long)gi;
        int seat_of[2] = {gi % 2, 1 - gi % 2}; /* seat_of[bot] */
        int bot_at[2] = {gi % 2 == 0 ? 0 : 1, gi % 2 == 0 ? 1 : 0}; /* bot_at[seat] */
        botproc bp[2];
        pc_patchwork *g;
        int32_t rc = pc_patchwork_new(league, gseed, &g);
        if (rc != PC_OK)
            return cli_fail("new game", rc, NULL);
        for (int b = 0; b < 2; b++)
            if (spawn(cmd[b], quiet, &bp[b]) != 0) {
                fprintf(stderr, "puzzlecore: cannot start bot %d: %s\n", b, strerror(errno));
                return 1;
            }
        const char *end = "normal";
        int loser_seat = -1;
        while (!pc_patchwork_is_over(g)) {
            int seat = pc_patchwork_to_move(g);
            botproc *b = &bp[bot_at[seat]];
            size_t n;
            rc = pc_patchwork_referee_input(g, input, sizeof input, &n);
            if (rc != PC_OK)
                return cli_fail("referee input", rc, NULL);
            double deadline = cli_now() + (b->turns ? turn_ms : first_ms) / 1000.0;
            int s = send_all(b, input, n, deadline);
            /* a bot that closed its input may still have answered: read anyway */
            long got = s == -1 ? -1 : read_line(b, line, sizeof line, deadline);
            if (got < 0) {
                end = got == -1 ? "timeout" : got == -2 ? "crash" : "unknown";
                loser_seat = seat;
                break;
            }
            int32_t code, fixes;
            rc = pc_patchwork_referee_step(g, line, (size_t)got, &code, &fixes, NULL, 0);
            if (rc == PC_EPARSE) {
                end = "unknown";
                loser_seat = seat;
                break;
            }
            if (rc != PC_OK)
                return cli_fail("referee step", rc, NULL);
            b->turns++;
            if (log) {
                char text[64];
                pc_patchwork_move_text(league, code, text, sizeof text, &n);
                printf("move game=%d action=%d player=%d bot=%d fixes=%d text=%s\n", gi + 1, pc_patchwork_actions(g),
                       seat, bot_at[seat], (int)fixes, text);
            }
        }
        for (int b = 0; b < 2; b++)
            reap(&bp[b]);
        int score_seat[2] = {pc_patchwork_score(g, 0), pc_patchwork_score(g, 1)};
        int winner_seat;
        if (loser_seat >= 0) {
            score_seat[loser_seat] = -1;
            winner_seat = 1 - loser_seat;
            forfeits[bot_at[loser_seat]]++;
        } else {
            if (pc_patchwork_capped(g))
                end = "cap";
            winner_seat = pc_patchwork_winner(g);
        }
        int sc0 = score_seat[seat_of[0]], sc1 = score_seat[seat_of[1]];
        const char *w = winner_seat == PC_PATCHWORK_DRAW ? "draw" : bot_at[winner_seat] == 0 ? "0" : "1";
        if (winner_seat == PC_PATCHWORK_DRAW)
            draws++;
        else
            wins[bot_at[winner_seat]]++;
        sum[0] += sc0;
        sum[1] += sc1;
        printf("game=%d seed=%llu seat0=%d score0=%d score1=%d winner=%s actions=%d end=%s loser=%s\n", gi + 1, gseed,
               seat_of[0], sc0, sc1, w, pc_patchwork_actions(g), end,
               loser_seat < 0 ? "-" : bot_at[loser_seat] == 0 ? "0" : "1");
        fflush(stdout);
        pc_patchwork_free(g);
    }
    printf("summary games=%d wins0=%d wins1=%d draws=%d avg0=%.2f avg1=%.2f forfeits0=%d forfeits1=%d seconds=%.3f\n",
           games, wins[0], wins[1], draws, sum[0] / games, sum[1] / games, forfeits[0], forfeits[1], cli_now() - t0);
    return 0;
}

/* ---- bot -------------------------------------------------------------------------- */

static int usage_bot(FILE *f)
{
    fprintf(f, "usage: puzzlecore patchwork bot [--league L] [--ms MS] [--playouts N] [--baseline] [--seed S]\n\n"
               "Reads the CodinGame referee's input on stdin and answers one move a turn on\n"
               "stdout, tracking the whole game (deck order from the first input).\n"
               "  --league L     the league being played (1-5; default: 3 or 4 from the\n"
               "                 init lines, 2 when they list no events -- say 1 for league 1)\n"
               "  --ms MS        thinking time per turn (default 80; first turn 5x)\n"
               "  --playouts N   a playout budget instead of a time budget\n"
               "  --baseline     play the league-5 boss instead of the search\n"
               "Desynchronisation with the referee's input is reported on stderr.\n");
    return f == stdout ? 0 : 2;
}

static int bot(int argc, char **argv)
{
    int league = 0, ms = 80, baseline = 0;
    long long playouts = 0;
    unsigned long long seed = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            return usage_bot(stdout);
        else if (!strcmp(a, "--league") && i + 1 < argc)
            league = (int)cli_int(a, argv[++i], 1, 10);
        else if (!strcmp(a, "--ms") && i + 1 < argc)
            ms = (int)cli_int(a, argv[++i], 1, 3600000);
        else if (!strcmp(a, "--playouts") && i + 1 < argc)
            playouts = cli_int(a, argv[++i], 1, 1000000000);
        else if (!strcmp(a, "--seed") && i + 1 < argc)
            seed = (unsigned long long)cli_int(a, argv[++i], 0, 0x7fffffffffffffffll);
        else if (!strcmp(a, "--baseline"))
            baseline = 1;
        else
            return usage_bot(stderr);
    }
    pc_patchwork_reader *rd;
    if (pc_patchwork_reader_new(league, &rd) != PC_OK)
        return 2;
    char l[512], err[256];
    int first = 1, warned = 0;
    while (fgets(l, sizeof l, stdin)) {
        int32_t ready = 0, rc = pc_patchwork_reader_line(rd, l, strlen(l), &ready, err, sizeof err);
        if (rc != PC_OK) {
            if (!warned)
                fprintf(stderr, "patchwork bot: %s\n", err);
            warned = 1; /* once: later turns would only repeat it */
            if (rc == PC_EILLEGAL) {
                /* desynchronised: answer anyway so the game goes on */
                printf("SKIP\n");
                fflush(stdout);
            }
            continue;
        }
        if (!ready)
            continue;
        pc_patchwork *g;
        pc_patchwork_reader_game(rd, &g);
        int32_t code = 0;
        pc_budget budget;
        pc_budget_init(&budget, sizeof budget);
        budget.max_nodes = playouts;
        budget.max_seconds = playouts ? -1.0 : ms * (first ? 5 : 1) / 1000.0;
        budget.seed = seed;
        rc = baseline ? pc_patchwork_baseline_move(g, &code) : pc_patchwork_suggest(g, &budget, &code);
        if (rc != PC_OK)
            code = 0;
        char text[64];
        size_t n2;
        pc_patchwork_move_text(pc_patchwork_ruleset(g), code, text, sizeof text, &n2);
        printf("%s\n", text);
        fflush(stdout);
        pc_patchwork_reader_sent(rd, text, n2, NULL, 0);
        pc_patchwork_free(g);
        first = 0;
    }
    pc_patchwork_reader_free(rd);
    return 0;
}

/* ---- moves ---------------------------------------------------------------------------- */

static int moves_cmd(int argc, char **argv)
{
    if (argc != 2 || !strcmp(argv[1], "--help")) {
        FILE *f = argc == 2 ? stdout : stderr;
        fprintf(f, "usage: puzzlecore patchwork moves FILE|-\n\n"
                   "Loads a saved game (puzzlecore-patchwork 1) and prints one line per legal move:\n"
                   "  move= code=    then  `summary player= moves= over=`\n");
        return argc == 2 ? 0 : 2;
    }
    size_t len;
    char *text = cli_read_file(argv[1], &len);
    if (!text)
        return 1;
    char err[256] = "";
    pc_patchwork *g;
    int32_t rc = pc_patchwork_load(text, len, err, sizeof err, &g);
    free(text);
    if (rc != PC_OK)
        return cli_fail(argv[1], rc, err);
    static int32_t codes[PC_PATCHWORK_MAX_MOVES];
    size_t n;
    pc_patchwork_legal_moves(g, codes, PC_PATCHWORK_MAX_MOVES, &n);
    for (size_t i = 0; i < n; i++) {
        char t[64];
        size_t tn;
        pc_patchwork_move_text(pc_patchwork_ruleset(g), codes[i], t, sizeof t, &tn);
        printf("move=\"%s\" code=%d\n", t, (int)codes[i]);
    }
    printf("summary player=%d moves=%zu over=%d\n", pc_patchwork_to_move(g), n, pc_patchwork_is_over(g));
    pc_patchwork_free(g);
    return 0;
}

int pc_cli_patchwork(int argc, char **argv)
{
    if (argc < 2)
        return usage_main(stderr);
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help"))
        return usage_main(stdout);
    if (!strcmp(argv[1], "arena"))
        return arena(argc - 1, argv + 1);
    if (!strcmp(argv[1], "bot"))
        return bot(argc - 1, argv + 1);
    if (!strcmp(argv[1], "moves"))
        return moves_cmd(argc - 1, argv + 1);
    fprintf(stderr, "puzzlecore: patchwork: unknown command '%s'\n", argv[1]);
    return usage_main(stderr);
}
