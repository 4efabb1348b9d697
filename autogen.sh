#!/bin/sh
# Regenerate the build system (needs autoconf, automake, libtool).
set -e
cd "$(dirname "$0")"
autoreconf -fi
