/*
 * tests/sokoban_util.h — what the Sokoban C tests share: a level from its
 * XSB text, the parser's message printed as a TAP comment when it fails.
 */
#ifndef PC_TESTS_SOKOBAN_UTIL_H
#define PC_TESTS_SOKOBAN_UTIL_H

#include <stdio.h>
#include <string.h>

#include "puzzlecore/puzzlecore.h"

static inline pc_sokoban *sokoban_parse(const char *text)
{
    pc_sokoban *g = NULL;
    char err[256];
    if (pc_sokoban_new(text, strlen(text), err, sizeof err, &g) != PC_OK)
        printf("# parse failed: %s\n", err);
    return g;
}

#endif
