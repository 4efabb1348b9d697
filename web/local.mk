# web/: libpuzzlecore compiled to WebAssembly with emscripten (doc/web.md).
#
#   make web         web/puzzlecore.{js,wasm} (ES module) + the page, the JS
#                    wrapper and its types, in the build directory's web/
#   make check-web   the WebAssembly determinism test (node) and the browser
#                    test (headless chromium through the DevTools protocol)
#
# The module is built from exactly the native library's sources (every .c of
# lib_libpuzzlecore_la_SOURCES) plus web/glue.c; no game code is forked.
# Debian's emcc runs its JS optimiser with acorn from /usr/share/nodejs, which
# a node not from Debian does not search: NODE_PATH adds it.
# Without emcc `make web` says so and fails; the tests skip.

PCWEB_STATIC = web/puzzlecore.mjs web/puzzlecore.d.ts web/index.html web/app.js web/style.css web/worker.js
EXTRA_DIST += doc/web.md web/glue.c $(PCWEB_STATIC) tests/web_determinism.sh \
	tests/web_determinism.mjs tests/web_memory.mjs tests/web_memory.sh \
	tests/web_browser.sh tests/web_browser.mjs
PCWEB_CC_FLAGS = -std=c11 -O2 -Wall -Wextra -Werror -DHAVE_CONFIG_H -DPUZZLECORE_BUILDING \
	-I$(top_srcdir)/include -I$(top_srcdir)/lib -I$(top_builddir)
# (one line: make would turn a continuation into a space inside the list)
PCWEB_EXPORTS = _pc_game_kind_count,_pc_game_kind_name,_pc_game_validate,_pc_game_new,_pc_game_load,_pc_game_save,_pc_game_clone,_pc_game_free,_pc_game_kind,_pc_game_moves,_pc_game_play,_pc_game_undo,_pc_game_redo,_pc_game_undo_count,_pc_game_redo_count,_pc_game_over,_pc_game_player_count,_pc_game_to_move,_pc_game_score,_pc_game_render,_pc_game_suggest,_pc_budget_init,_pc_budget_size,_pc_budget_cancel,_pc_budget_reset,_pc_version_string,_pc_strerror,_pcweb_budget_new,_pcweb_live_blocks,_pcweb_live_bytes,_pcweb_heap_top,_malloc,_free
PCWEB_LINK_FLAGS = -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createPuzzleCore -sENVIRONMENT=web,worker,node \
	-sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=1GB -sWASM_BIGINT=1 -sFILESYSTEM=0 \
	-sEXPORTED_FUNCTIONS=$(PCWEB_EXPORTS) \
	-sEXPORTED_RUNTIME_METHODS=UTF8ToString,getValue,setValue,HEAPU8

web/puzzlecore.js: $(lib_libpuzzlecore_la_SOURCES:%=$(top_srcdir)/%) $(pcinclude_HEADERS:%=$(top_srcdir)/%) \
		$(top_srcdir)/web/glue.c config.h
	@if test -z '$(EMCC)'; then echo "make web: emcc (emscripten) not found at configure time; install it (Debian: apt-get install emscripten) and re-run configure" >&2; exit 1; fi
	@$(MKDIR_P) web
	$(AM_V_GEN)srcs=; for f in $(lib_libpuzzlecore_la_SOURCES); do \
	  case $$f in *.c) srcs="$$srcs $(top_srcdir)/$$f";; esac; done; \
	  NODE_PATH="$${NODE_PATH:+$$NODE_PATH:}/usr/share/nodejs" $(EMCC) $(PCWEB_CC_FLAGS) $$srcs $(top_srcdir)/web/glue.c $(PCWEB_LINK_FLAGS) -o $@

web: web/puzzlecore.js
	@set -e; for f in $(PCWEB_STATIC); do \
	  if test ! $(top_srcdir)/$$f -ef $$f; then cp $(top_srcdir)/$$f $$f; fi; done
	@echo "web/: serve it with: cd $(abs_top_builddir)/web && python3 -m http.server 8000"

# The determinism and memory tests run in make check once `make web` built
# the module (they skip before); the native half is a plain program.
noinst_PROGRAMS += tests/web_play
tests_web_play_SOURCES = tests/web_play.c
tests_web_play_LDADD = lib/libpuzzlecore.la
PCWEB_TESTS = tests/web_determinism.sh tests/web_memory.sh
TESTS += $(PCWEB_TESTS)
AM_TESTS_ENVIRONMENT += NODE='$(NODE)'; CHROMIUM='$(CHROMIUM)'; export NODE CHROMIUM;

# check-web: the two above and the browser test (only here: it takes ~25 s).
check-web: web tests/web_play cli/puzzlecore
	$(MAKE) $(AM_MAKEFLAGS) check TESTS='$(PCWEB_TESTS) tests/web_browser.sh'

# make bench-web: the same fixed work natively and in WebAssembly (node).
EXTRA_PROGRAMS += bench/web_speed
bench_web_speed_SOURCES = bench/web_speed.c
bench_web_speed_LDADD = lib/libpuzzlecore.la
EXTRA_DIST += bench/web_speed.mjs
bench-web: web bench/web_speed
	@echo "==== native"; ./bench/web_speed
	@echo "==== WebAssembly (node)"; $(NODE) $(top_srcdir)/bench/web_speed.mjs web/puzzlecore.mjs

.PHONY: web check-web bench-web
CLEANFILES += web/puzzlecore.js web/puzzlecore.wasm
