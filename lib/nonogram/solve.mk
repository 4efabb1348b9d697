# lib/nonogram/solve.mk: line solver, grid solver, grading, hints, generator
# and the file formats (.non, webpbn XML, Tatham ids, TCGA/TAAI).
