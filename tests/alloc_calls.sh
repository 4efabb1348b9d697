#!/bin/sh
# Every allocation in lib/ goes through lib/common/alloc.h (pc__malloc,
# pc__calloc, pc__realloc, pc__free), so pc_set_allocator sees every block
# and tests/test_alloc_fail can fail each one.  Fails (TAP) on a direct call
# of malloc, calloc, realloc or free anywhere in lib/ but the allocator
# itself (lib/common/status.c, and alloc.h for the one-file CodinGame build).
echo "1..1"
src=${top_srcdir:-.}/lib
hits=$(grep -rnE '(^|[^A-Za-z0-9_.>])(malloc|calloc|realloc|free)[[:space:]]*\(' "$src" \
        --include='*.c' --include='*.h' | grep -vE '^[^:]*/lib/common/(status\.c|alloc\.h):' |
        grep -vE ':[0-9]+:[[:space:]]*(/[*]|//|[*]([[:space:]]|/|$))')
if [ -n "$hits" ]; then
  echo "$hits" | sed 's/^/# /'
  echo "not ok 1 - direct allocator calls in lib/ (use pc__malloc and friends, lib/common/alloc.h)"
else
  echo "ok 1 - every allocation in lib/ goes through lib/common/alloc.h"
fi
