# lib/patchwork: the patchwork module (placeholder until the game lands).
pcinclude_HEADERS += include/puzzlecore/patchwork.h
cli_puzzlecore_SOURCES += cli/patchwork.c
