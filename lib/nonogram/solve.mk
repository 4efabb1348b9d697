# lib/nonogram/solve.mk: line solver, grid solver, grading, hints, generator
# and the file formats (.non, webpbn XML, Tatham ids, TCGA/TAAI).
lib_libpuzzlecore_la_SOURCES += \
	lib/nonogram/line.c lib/nonogram/line.h \
	lib/nonogram/solve.c lib/nonogram/solve.h lib/nonogram/solve_api.c \
	lib/nonogram/generate.c \
	lib/nonogram/formats.c lib/nonogram/formats.h lib/nonogram/formats_io.c
