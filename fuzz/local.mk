# fuzz/: libFuzzer harnesses, their seed corpora and dictionaries
# (fuzz/README.md).  Included by the top Makefile.am.
#
#   ./configure CC=clang --enable-fuzzing   the harnesses link libFuzzer, and
#                                           the library is built with ASan,
#                                           UBSan and coverage counters;
#   make fuzz-smoke                          every harness a fixed number of runs
#                                           from seed 1 (repeatable; CI runs it);
#   make fuzz FUZZ_SECONDS=N                 every harness N seconds (default 60),
#                                           one after the other, FUZZ_JOBS=1.
#
# Without --enable-fuzzing the same sources are linked with fuzz/driver.c,
# which runs each input file named, and without arguments is a TAP test that
# replays its seed corpus and its saved crash inputs (tests/fuzz/<harness>/):
# `make check` (and check-valgrind) replay them all with any compiler.

FUZZERS = fuzz/nonogram_load fuzz/nonogram_import fuzz/sokoban_level fuzz/sokoban_collection \
	fuzz/sokoban_load fuzz/pickerel_load fuzz/snapper_load fuzz/patchwork_load \
	fuzz/patchwork_referee fuzz/patchwork_command fuzz/moves fuzz/search_nonogram fuzz/search_games fuzz/sokoban_search fuzz/game \
	fuzz/game_load fuzz/step

if ENABLE_FUZZING
FUZZ_MAIN =
FUZZ_LINK = -static $(PC_FUZZ_LDFLAGS)
else
FUZZ_MAIN = fuzz/driver.c
FUZZ_LINK = -static
endif

if ENABLE_FUZZING
EXTRA_PROGRAMS += $(FUZZERS)
else
check_PROGRAMS += $(FUZZERS)
TESTS += $(FUZZERS)
endif
noinst_HEADERS += fuzz/fuzz.h fuzz/fuzz_game.h fuzz/fuzz_moves.h
EXTRA_DIST += fuzz/driver.c fuzz/README.md fuzz/corpus fuzz/dict fuzz/known tests/fuzz
CLEANFILES += $(FUZZERS)

fuzz_nonogram_load_SOURCES = fuzz/nonogram_load.c $(FUZZ_MAIN)
fuzz_nonogram_load_LDADD = $(TEST_LDADD)
fuzz_nonogram_load_LDFLAGS = $(FUZZ_LINK)
fuzz_nonogram_import_SOURCES = fuzz/nonogram_import.c $(FUZZ_MAIN)
fuzz_nonogram_import_LDADD = $(TEST_LDADD)
fuzz_nonogram_import_LDFLAGS = $(FUZZ_LINK)
fuzz_sokoban_level_SOURCES = fuzz/sokoban_level.c $(FUZZ_MAIN)
fuzz_sokoban_level_LDADD = $(TEST_LDADD)
fuzz_sokoban_level_LDFLAGS = $(FUZZ_LINK)
fuzz_sokoban_collection_SOURCES = fuzz/sokoban_collection.c $(FUZZ_MAIN)
fuzz_sokoban_collection_LDADD = $(TEST_LDADD)
fuzz_sokoban_collection_LDFLAGS = $(FUZZ_LINK)
fuzz_sokoban_load_SOURCES = fuzz/sokoban_load.c $(FUZZ_MAIN)
fuzz_sokoban_load_LDADD = $(TEST_LDADD)
fuzz_sokoban_load_LDFLAGS = $(FUZZ_LINK)
fuzz_pickerel_load_SOURCES = fuzz/pickerel_load.c $(FUZZ_MAIN)
fuzz_pickerel_load_LDADD = $(TEST_LDADD)
fuzz_pickerel_load_LDFLAGS = $(FUZZ_LINK)
fuzz_snapper_load_SOURCES = fuzz/snapper_load.c $(FUZZ_MAIN)
fuzz_snapper_load_LDADD = $(TEST_LDADD)
fuzz_snapper_load_LDFLAGS = $(FUZZ_LINK)
fuzz_patchwork_load_SOURCES = fuzz/patchwork_load.c $(FUZZ_MAIN)
fuzz_patchwork_load_LDADD = $(TEST_LDADD)
fuzz_patchwork_load_LDFLAGS = $(FUZZ_LINK)
fuzz_patchwork_referee_SOURCES = fuzz/patchwork_referee.c $(FUZZ_MAIN)
fuzz_patchwork_referee_LDADD = $(TEST_LDADD)
fuzz_patchwork_referee_LDFLAGS = $(FUZZ_LINK)
fuzz_moves_SOURCES = fuzz/moves.c $(FUZZ_MAIN)
fuzz_moves_LDADD = $(TEST_LDADD)
fuzz_moves_LDFLAGS = $(FUZZ_LINK)
fuzz_search_nonogram_SOURCES = fuzz/search_nonogram.c $(FUZZ_MAIN)
fuzz_search_nonogram_LDADD = $(TEST_LDADD)
fuzz_search_nonogram_LDFLAGS = $(FUZZ_LINK)
fuzz_search_games_SOURCES = fuzz/search_games.c $(FUZZ_MAIN)
fuzz_search_games_LDADD = $(TEST_LDADD)
fuzz_search_games_LDFLAGS = $(FUZZ_LINK)
fuzz_sokoban_search_SOURCES = fuzz/sokoban_search.c $(FUZZ_MAIN)
fuzz_sokoban_search_LDADD = $(TEST_LDADD)
fuzz_sokoban_search_LDFLAGS = $(FUZZ_LINK)
fuzz_game_SOURCES = fuzz/game.c $(FUZZ_MAIN)
fuzz_game_LDADD = $(TEST_LDADD)
fuzz_game_LDFLAGS = $(FUZZ_LINK)
fuzz_game_load_SOURCES = fuzz/game_load.c $(FUZZ_MAIN)
fuzz_game_load_LDADD = $(TEST_LDADD)
fuzz_game_load_LDFLAGS = $(FUZZ_LINK)
fuzz_step_SOURCES = fuzz/step.c $(FUZZ_MAIN)
fuzz_step_LDADD = $(TEST_LDADD)
fuzz_step_LDFLAGS = $(FUZZ_LINK)
fuzz_patchwork_command_SOURCES = fuzz/patchwork_command.c $(FUZZ_MAIN)
fuzz_patchwork_command_LDADD = $(TEST_LDADD)
fuzz_patchwork_command_LDFLAGS = $(FUZZ_LINK)

FUZZ_SMOKE_SECONDS = 60
# The smoke run is part of CI, so it is repeatable: a fixed seed and a fixed
# number of runs per harness (the slow harnesses fewer), so a machine's speed
# cannot change what it tries; FUZZ_SMOKE_SECONDS is only a cap.  Finding new
# bugs is `make fuzz`'s job, off CI.  Harnesses
# with an open finding (fuzz/known/, listed in fuzz/README.md) run in
# `make fuzz` but stay out of the smoke run until it is fixed.
FUZZ_SMOKE_SEED = 1
FUZZ_SMOKE_SKIP =
FUZZ_SMOKE_RUNS = 30000
FUZZ_SECONDS = 60
FUZZ_JOBS = 1
FUZZ_FLAGS = -timeout=20 -rss_limit_mb=1024 -print_final_stats=1

# One harness: `make fuzz-run FUZZ_TARGET=fuzz/moves FUZZ_SECONDS=600`.  The
# committed seeds are read, never written: new inputs go to fuzz-work/<name>/,
# crashes to fuzz-work/<name>-crash-*.
fuzz-run:
	@n=`basename $(FUZZ_TARGET)`; mkdir -p fuzz-work/$$n; \
	d=$(top_srcdir)/fuzz/dict/$$n.dict; dict=; [ -f $$d ] && dict=-dict=$$d; \
	echo "==== $$n ($(FUZZ_SECONDS) s)"; \
	./$(FUZZ_TARGET) $(FUZZ_FLAGS) $$dict -max_total_time=$(FUZZ_SECONDS) -jobs=$(FUZZ_JOBS) \
	  -workers=$(FUZZ_JOBS) -artifact_prefix=fuzz-work/$$n- fuzz-work/$$n \
	  $(top_srcdir)/fuzz/corpus/$$n 2>&1 | tee fuzz-work/$$n.log | \
	  grep -E '^(stat::|==[0-9]+==ERROR|SUMMARY|#[0-9]+.*DONE|INFO: .*(corpus|seed))' ; \
	if grep -qE '^(==[0-9]+==ERROR|SUMMARY: |.*property failed|.*deadly signal)' fuzz-work/$$n.log; then \
	  echo "==== $$n FAILED: the end of fuzz-work/$$n.log"; tail -n 40 fuzz-work/$$n.log; exit 1; fi

if ENABLE_FUZZING
fuzz-smoke: $(FUZZERS)
	@fail=0; for f in $(FUZZERS); do \
	  case " $(FUZZ_SMOKE_SKIP) " in *" $$f "*) echo "==== `basename $$f`: skipped (open finding, fuzz/known/)"; continue;; esac; \
	  case `basename $$f` in game) runs=300;; moves) runs=1000;; patchwork_referee|search_nonogram|nonogram_import|sokoban_search) runs=3000;; \
	    search_games|sokoban_level|step) runs=10000;; *) runs=$(FUZZ_SMOKE_RUNS);; esac; \
	  $(MAKE) $(AM_MAKEFLAGS) --no-print-directory fuzz-run FUZZ_TARGET=$$f \
	    FUZZ_SECONDS=$(FUZZ_SMOKE_SECONDS) FUZZ_FLAGS="$(FUZZ_FLAGS) -seed=$(FUZZ_SMOKE_SEED) -runs=$$runs" || fail=1; done; exit $$fail
fuzz: $(FUZZERS)
	@fail=0; for f in $(FUZZERS); do \
	  $(MAKE) $(AM_MAKEFLAGS) --no-print-directory fuzz-run FUZZ_TARGET=$$f || fail=1; done; exit $$fail
else
fuzz-smoke fuzz:
	@echo "fuzzing needs a libFuzzer build: ./configure CC=clang --enable-fuzzing"; exit 1
endif

clean-local: clean-fuzz
clean-fuzz:
	rm -rf fuzz-work
.PHONY: fuzz fuzz-smoke fuzz-run clean-fuzz

# One minimal C regression test per fuzz finding.
check_PROGRAMS += tests/test_fuzz_regress
tests_test_fuzz_regress_SOURCES = tests/test_fuzz_regress.c
tests_test_fuzz_regress_LDADD = $(TEST_LDADD)
TESTS += tests/test_fuzz_regress
