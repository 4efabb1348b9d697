/*
 * puzzlecore/puzzlecore.h — umbrella header: every public header of
 * libpuzzlecore.  Link with `pkg-config --cflags --libs libpuzzlecore`.
 */
#ifndef PUZZLECORE_PUZZLECORE_H
#define PUZZLECORE_PUZZLECORE_H

#include "puzzlecore/common.h"
#include "puzzlecore/budget.h"
#include "puzzlecore/nonogram.h"
#include "puzzlecore/nonogram_colour.h"
#include "puzzlecore/pickerel.h"
#include "puzzlecore/snapper.h"
#include "puzzlecore/sokoban.h"
#include "puzzlecore/patchwork.h"
#include "puzzlecore/game.h"

#endif
