# lib/nonogram: the nonogram module (placeholder until the game lands).
pcinclude_HEADERS += include/puzzlecore/nonogram.h
cli_puzzlecore_SOURCES += cli/nonogram.c
