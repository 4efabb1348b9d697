/*
 * cli/patchwork_match.c — a game between two bot programs (see the header).
 */
#define _GNU_SOURCE /* pipe2 */
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
#include "patchwork_match.h"

/* Pipes closed on exec from the start: with games on several threads, a
 * pipe made by one thread must not leak into a bot another thread starts
 * (it would hold the write end open and hide a crash as a timeout). */
static int pipe_cloexec(int fd[2])
{
#ifdef __linux__
    return pipe2(fd, O_CLOEXEC);
#else
    if (pipe(fd) != 0)
        return -1;
    fcntl(fd[0], F_SETFD, FD_CLOEXEC);
    fcntl(fd[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}

void pwm_wrap(int in, int out, pwm_proc *p)
{
    memset(p, 0, sizeof *p);
    p->pid = -1;
    p->in = in;
    p->out = out;
    fcntl(in, F_SETFL, fcntl(in, F_GETFL) | O_NONBLOCK);
    fcntl(out, F_SETFL, fcntl(out, F_GETFL) | O_NONBLOCK);
}


int pwm_spawn(const char *cmd, int quiet, pwm_proc *b)
{
    int a[2], c[2];
    memset(b, 0, sizeof *b);
    b->pid = -1;
    b->in = b->out = -1;
    if (pipe_cloexec(a) != 0)
        return -1;
    if (pipe_cloexec(c) != 0) {
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
    fcntl(a[1], F_SETFL, fcntl(a[1], F_GETFL) | O_NONBLOCK);
    fcntl(c[0], F_SETFL, fcntl(c[0], F_GETFL) | O_NONBLOCK);
    b->pid = pid;
    b->in = a[1];
    b->out = c[0];
    return 0;
}

void pwm_reap(pwm_proc *b)
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
int pwm_send(pwm_proc *b, const char *text, size_t n, double deadline)
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
long pwm_read_line(pwm_proc *b, char *line, size_t cap, double deadline)
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


int32_t pwm_report_score(const pc_patchwork *g, int32_t seat)
{
    int32_t sc[2] = {0, 0}, first = PC_PATCHWORK_NOBODY;
    pc_patchwork_score(g, 0, &sc[0]);
    pc_patchwork_score(g, 1, &sc[1]);
    pc_patchwork_finished_first(g, &first);
    int32_t s = sc[seat];
    if (pc_patchwork_ruleset(g) != PC_PATCHWORK_OFFICIAL)
        return s;
    s += 200;
    if (sc[0] == sc[1] && first == seat)
        s += 1;
    return s;
}

void pwm_finish(const pc_patchwork *g, int32_t loser, const char *end, pwm_result *res)
{
    res->score[0] = pwm_report_score(g, 0);
    res->score[1] = pwm_report_score(g, 1);
    res->loser = loser;
    res->actions = pc_patchwork_actions(g);
    res->end = end;
    if (loser >= 0) {
        res->score[loser] = -1;
        res->winner = 1 - loser;
    } else {
        if (pc_patchwork_capped(g))
            res->end = "cap";
        pc_patchwork_winner(g, &res->winner);
    }
}

int pwm_play(pc_patchwork *g, const char *const cmd[2], int first_ms, int turn_ms, int quiet, pwm_move_fn on_move,
             void *user, pwm_result *res, char *err, size_t errcap)
{
    pwm_proc bp[2];
    size_t cap = 16384, n;
    char *input = malloc(cap), line[4096];
    if (!input) {
        snprintf(err, errcap, "out of memory");
        return -1;
    }
    for (int s = 0; s < 2; s++)
        if (pwm_spawn(cmd[s], quiet, &bp[s]) != 0) {
            snprintf(err, errcap, "cannot start bot '%s': %s", cmd[s], strerror(errno));
            if (s == 1)
                pwm_reap(&bp[0]);
            free(input);
            return -1;
        }
    const char *end = "normal";
    int32_t loser = -1, rc = PC_OK;
    while (!pc_patchwork_is_over(g)) {
        int32_t seat = 0;
        pc_patchwork_to_move(g, &seat);
        pwm_proc *b = &bp[seat];
        rc = pc_patchwork_referee_input(g, input, cap, &n);
        if (rc != PC_OK)
            break;
        double deadline = cli_now() + (b->turns ? turn_ms : first_ms) / 1000.0;
        int sr = pwm_send(b, input, n, deadline);
        /* a bot that closed its input may still have answered: read anyway */
        long got = sr == -1 ? -1 : pwm_read_line(b, line, sizeof line, deadline);
        if (got < 0) {
            end = got == -1 ? "timeout" : got == -2 ? "crash" : "unknown";
            loser = seat;
            break;
        }
        int32_t code, fixes;
        rc = pc_patchwork_referee_step(g, line, (size_t)got, &code, &fixes, NULL, 0);
        if (rc == PC_EPARSE) {
            end = "unknown";
            loser = seat;
            rc = PC_OK;
            break;
        }
        if (rc != PC_OK)
            break;
        b->turns++;
        if (on_move) {
            char text[64];
            pc_patchwork_move_text(pc_patchwork_ruleset(g), code, text, sizeof text, &n);
            on_move(user, pc_patchwork_actions(g), seat, line, text, fixes);
        }
    }
    pwm_reap(&bp[0]);
    pwm_reap(&bp[1]);
    free(input);
    if (rc != PC_OK) {
        snprintf(err, errcap, "referee: %s", pc_strerror(rc));
        return -1;
    }
    pwm_finish(g, loser, end, res);
    return 0;
}
