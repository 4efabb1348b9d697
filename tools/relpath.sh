#!/bin/sh
# relpath.sh FROM TO: the path of directory TO relative to directory FROM
# (both absolute, normalised by the shell's pwd-free string logic: no
# symlinks resolved, "." and ".." segments removed).  Used by make install to
# store the library's place relative to the binding packages.
norm() {
  printf '%s\n' "$1" | awk -F/ '{
    n = 0
    for (i = 1; i <= NF; i++) {
      if ($i == "" || $i == ".") continue
      if ($i == "..") { if (n > 0) n--; continue }
      p[++n] = $i
    }
    s = ""; for (i = 1; i <= n; i++) s = s "/" p[i]
    print (s == "" ? "/" : s)
  }'
}
from=$(norm "$1"); to=$(norm "$2")
common=$from; up=
while :; do
  case "$to/" in
    "$common"/*|"$common/") break ;;
  esac
  [ "$common" = "/" ] && break
  common=${common%/*}; [ -z "$common" ] && common=/
  up="../$up"
done
rest=${to#"$common"}; rest=${rest#/}
out="$up$rest"; out=${out%/}
printf '%s\n' "${out:-.}"
