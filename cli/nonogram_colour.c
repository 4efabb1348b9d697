/* `puzzlecore nonogram from-image FILE...`: a PBM or PPM picture as a
 * nonogram — is it unique; if not, its ambiguous cells, givens that make it
 * unique, and a nearby unique picture (doc/nonogram.md, "Colour"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#ifdef HAVE_LIBPNG
#include <png.h>
#endif

#include "cli.h"
#include "nonogram_colour.h"
#include "puzzlecore/puzzlecore.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: puzzlecore nonogram from-image [--quiet] [--seed S] [--limit-seconds T] FILE...\n"
            "\n"
            "FILE is a PBM (P1/P4: black on white), PPM (P3/P6) or PNG (when built with\n"
            "libpng; a pixel less than half opaque is white) picture of at most 128x128\n"
            "cells and 8 colours besides the background (white when the picture has white,\n"
            "else its most frequent colour).  For each file one line\n"
            "  picture=<file> width=<w> height=<h> colours=<n> unique=<0|1> ambiguous=<cells>\n"
            "  givens=<cells> changed=<cells> seconds=<s>\n"
            "then (unless --quiet) the palette (\"palette SYMBOL RRGGBB NAME\" lines), the\n"
            "picture with '?' on ambiguous cells (\"ambiguous\" rows), the givens that make\n"
            "it unique ('-' elsewhere; \"givens\" rows) and a nearby unique picture\n"
            "(\"nearby\" rows).  Exit status: 0 when every file was read and checked, 1\n"
            "otherwise, 2 on usage errors.\n");
}

/* next header token of a PNM file (comments skipped) */
static int pnm_int(const unsigned char *t, size_t n, size_t *p, long *out)
{
    for (;;) {
        while (*p < n && (t[*p] == ' ' || t[*p] == '\t' || t[*p] == '\r' || t[*p] == '\n'))
            (*p)++;
        if (*p < n && t[*p] == '#') {
            while (*p < n && t[*p] != '\n')
                (*p)++;
            continue;
        }
        break;
    }
    if (*p >= n || t[*p] < '0' || t[*p] > '9')
        return -1;
    long v = 0;
    while (*p < n && t[*p] >= '0' && t[*p] <= '9' && v < 100000)
        v = v * 10 + (t[(*p)++] - '0');
    *out = v;
    return 0;
}

/* RGB of every cell (w*h) from a PBM/PPM text; NULL with a message. */
static uint32_t *read_pnm(const unsigned char *t, size_t n, int32_t *w, int32_t *h, const char **msg)
{
    *msg = "not a PBM or PPM file (P1, P3, P4 or P6)";
    if (n < 2 || t[0] != 'P' || (t[1] != '1' && t[1] != '3' && t[1] != '4' && t[1] != '6'))
        return NULL;
    char kind = (char)t[1];
    size_t p = 2;
    long W, H, maxv = 1;
    if (pnm_int(t, n, &p, &W) || pnm_int(t, n, &p, &H) || ((kind == '3' || kind == '6') && pnm_int(t, n, &p, &maxv))) {
        *msg = "bad header";
        return NULL;
    }
    if (W < 2 || H < 2 || W > 128 || H > 128 || maxv < 1 || maxv > 255) {
        *msg = "size 2..128 per side, maxval 1..255";
        return NULL;
    }
    uint32_t *rgb = malloc(sizeof *rgb * (size_t)(W * H));
    if (!rgb) {
        *msg = "out of memory";
        return NULL;
    }
    if (kind == '4' || kind == '6')
        p++; /* the single white space after the header */
    *msg = "the file ends early or has a bad value";
    for (long y = 0; y < H; y++)
        for (long x = 0; x < W; x++) {
            uint32_t v = 0;
            if (kind == '1') {
                long b;
                while (p < n && (t[p] == ' ' || t[p] == '\t' || t[p] == '\r' || t[p] == '\n'))
                    p++;
                if (p >= n || (t[p] != '0' && t[p] != '1'))
                    goto bad;
                b = t[p++] - '0';
                v = b ? 0x000000 : 0xffffff;
            } else if (kind == '4') {
                size_t at = p + (size_t)(y * ((W + 7) / 8) + x / 8);
                if (at >= n)
                    goto bad;
                v = (t[at] >> (7 - x % 8)) & 1 ? 0x000000 : 0xffffff;
            } else if (kind == '3') {
                long c[3];
                for (int k = 0; k < 3; k++)
                    if (pnm_int(t, n, &p, &c[k]) || c[k] > maxv)
                        goto bad;
                v = (uint32_t)(c[0] * 255 / maxv) << 16 | (uint32_t)(c[1] * 255 / maxv) << 8 |
                    (uint32_t)(c[2] * 255 / maxv);
            } else {
                size_t at = p + (size_t)(3 * (y * W + x));
                if (at + 2 >= n)
                    goto bad;
                v = (uint32_t)(t[at] * 255 / maxv) << 16 | (uint32_t)(t[at + 1] * 255 / maxv) << 8 |
                    (uint32_t)(t[at + 2] * 255 / maxv);
            }
            rgb[y * W + x] = v;
        }
    *w = (int32_t)W;
    *h = (int32_t)H;
    return rgb;
bad:
    free(rgb);
    return NULL;
}

static const unsigned char PNG_SIGNATURE[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

/* RGB of every cell (w*h) from a PNG file's bytes through libpng's
 * simplified API (any PNG: palette, grey, 16-bit, interlaced); a pixel with
 * alpha below 128 counts as white.  NULL with a message. */
static uint32_t *read_png(const unsigned char *t, size_t n, int32_t *w, int32_t *h, const char **msg)
{
#ifdef HAVE_LIBPNG
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&img, t, n)) {
        *msg = "not a PNG file libpng can read";
        return NULL;
    }
    if (img.width < 2 || img.height < 2 || img.width > 128 || img.height > 128) {
        png_image_free(&img);
        *msg = "size 2..128 per side";
        return NULL;
    }
    img.format = PNG_FORMAT_RGBA;
    size_t N = (size_t)img.width * (size_t)img.height;
    unsigned char *px = malloc(N * 4);
    uint32_t *rgb = malloc(N * sizeof *rgb);
    if (!px || !rgb || !png_image_finish_read(&img, NULL, px, 0, NULL)) {
        *msg = px && rgb ? "a damaged PNG file" : "out of memory";
        png_image_free(&img);
        free(px);
        free(rgb);
        return NULL;
    }
    for (size_t i = 0; i < N; i++) {
        const unsigned char *q = px + 4 * i;
        rgb[i] = q[3] < 128 ? 0xffffff : (uint32_t)q[0] << 16 | (uint32_t)q[1] << 8 | q[2];
    }
    *w = (int32_t)img.width;
    *h = (int32_t)img.height;
    free(px);
    return rgb;
#else
    (void)t;
    (void)n;
    (void)w;
    (void)h;
    *msg = "PNG needs libpng: this puzzlecore was built without it (configure --with-libpng); "
           "convert the picture to PPM or PBM";
    return NULL;
#endif
}

static void print_rows(const char *label, const uint8_t *cells, const uint8_t *mark, char markch, const char *sym,
                       int32_t w, int32_t h, int invert)
{
    for (int32_t y = 0; y < h; y++) {
        printf("%s ", label);
        for (int32_t x = 0; x < w; x++) {
            size_t i = (size_t)y * (size_t)w + (size_t)x;
            int m = mark ? mark[i] : 0;
            putchar((mark && (invert ? !m : m)) ? markch : sym[cells[i]]);
        }
        putchar('\n');
    }
}

static int one_file(const char *path, int quiet, uint64_t seed, double seconds)
{
    size_t len;
    char *text = cli_read_file(path, &len);
    if (!text)
        return 1;
    int32_t w, h;
    const char *msg;
    const unsigned char *bytes = (const unsigned char *)text;
    uint32_t *rgb = len >= 8 && memcmp(bytes, PNG_SIGNATURE, 8) == 0 ? read_png(bytes, len, &w, &h, &msg)
                                                                     : read_pnm(bytes, len, &w, &h, &msg);
    free(text);
    if (!rgb) {
        fprintf(stderr, "puzzlecore: %s: %s\n", path, msg);
        return 1;
    }
    size_t N = (size_t)w * (size_t)h;
    /* palette: distinct colours, background white or the most frequent */
    uint32_t col[10] = {0};
    size_t cnt[10] = {0};
    int32_t nc = 0;
    for (size_t i = 0; i < N; i++) {
        int32_t k = 0;
        while (k < nc && col[k] != rgb[i])
            k++;
        if (k == nc) {
            if (nc == 9) {
                fprintf(stderr, "puzzlecore: %s: more than %d colours besides the background\n", path,
                        (int)PC_NONOGRAM_MAX_COLOURS);
                free(rgb);
                return 1;
            }
            col[nc++] = rgb[i];
        }
        cnt[k]++;
    }
    int32_t bg = 0;
    for (int32_t k = 0; k < nc; k++)
        if (col[k] == 0xffffff || (col[bg] != 0xffffff && cnt[k] > cnt[bg]))
            bg = k;
    uint32_t order[10];
    int32_t m = 0;
    order[m++] = col[bg];
    for (int32_t k = 0; k < nc; k++)
        if (k != bg)
            order[m++] = col[k];
    if (m < 2) { /* a blank picture: one colour, unused */
        order[m++] = col[bg] == 0 ? 0xffffff : 0x000000;
    }
    uint8_t *cells = malloc(N * 4);
    char pal[512], sym[10];
    size_t pl = 0;
    for (int32_t k = 0; k < m; k++) {
        sym[k] = k == 0 ? '.' : (char)('a' + k - 1);
        pl += (size_t)snprintf(pal + pl, sizeof pal - pl, "%c %06x %06x\n", sym[k], (unsigned)order[k],
                               (unsigned)order[k]);
    }
    int rc = 1;
    if (cells) {
        for (size_t i = 0; i < N; i++) {
            int32_t k = 0;
            while (order[k] != rgb[i])
                k++;
            cells[i] = (uint8_t)k;
        }
        uint8_t *amb = cells + N, *giv = cells + 2 * N, *near = cells + 3 * N;
        pc_budget b;
        pc_budget_init(&b, sizeof b);
        b.seed = seed;
        b.max_seconds = seconds;
        int32_t na = 0, ng = 0, ch = 0;
        double t0 = cli_now();
        int32_t u = pc_nonogram_picture_check(w, h, m - 1, cells, N, &b, amb, N, &na);
        int32_t rg = u >= 0 ? pc_nonogram_picture_givens(w, h, m - 1, cells, N, &b, giv, N, &ng) : u;
        int32_t rn = rg >= 0 ? pc_nonogram_picture_nearby(w, h, m - 1, cells, N, &b, near, N, &ch) : rg;
        double dt = cli_now() - t0;
        if (u < 0 || rg < 0 || rn < 0) {
            int32_t e = u < 0 ? u : rg < 0 ? rg : rn;
            printf("picture=%s width=%d height=%d colours=%d status=%s\n", path, (int)w, (int)h, (int)(m - 1),
                   e == PC_ELIMIT || e == PC_ECANCELLED ? "limit" : "error");
            fprintf(stderr, "puzzlecore: %s: %s\n", path, pc_strerror(e));
        } else {
            printf("picture=%s width=%d height=%d colours=%d unique=%d ambiguous=%d givens=%d changed=%d "
                   "seconds=%.6f\n",
                   path, (int)w, (int)h, (int)(m - 1), (int)u, (int)na, (int)ng, (int)ch, dt);
            if (!quiet) {
                for (const char *q = pal; *q;) {
                    const char *e = strchr(q, '\n');
                    printf("palette %.*s\n", (int)(e - q), q);
                    q = e + 1;
                }
                print_rows("ambiguous", cells, amb, '?', sym, w, h, 0);
                print_rows("givens", cells, giv, '-', sym, w, h, 1);
                print_rows("nearby", near, NULL, 0, sym, w, h, 0);
            }
            rc = 0;
        }
    }
    free(cells);
    free(rgb);
    return rc;
}

int pc_cli_nonogram_from_image(int argc, char **argv)
{
    int quiet = 0, files = 0, status = 0;
    uint64_t seed = 0;
    double seconds = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(a, "--quiet") == 0) {
            quiet = 1;
        } else if (strcmp(a, "--seed") == 0 && i + 1 < argc) {
            seed = strtoull(argv[++i], NULL, 10);
        } else if (strcmp(a, "--limit-seconds") == 0 && i + 1 < argc) {
            seconds = atof(argv[++i]);
            if (!(seconds > 0)) {
                fprintf(stderr, "puzzlecore: --limit-seconds needs a positive number\n");
                return 2;
            }
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "puzzlecore: nonogram from-image: unknown option %s\n", a);
            return 2;
        } else {
            files++;
            status |= one_file(a, quiet, seed, seconds);
        }
    }
    if (!files) {
        usage(stderr);
        return 2;
    }
    return status;
}
