#!/bin/sh
# Starts the server (or, with --worker, the job workers) with the process settings that keep its
# memory small and steady (docs/operations.md#memory); `npm start` and the server's own `start`
# and `worker` scripts all come through here, so the settings have this one home. Arguments go on
# to start.mjs.
#
# - MALLOC_MMAP_THRESHOLD_: glibc's malloc gives blocks of 128 KiB and more their own mapping, and
#   returns them when freed. Left to itself it raises that threshold (and the trim threshold with
#   it) up to 32 MiB after the first large free, so the arenas of V8's and libuv's threads kept tens
#   of MiB they no longer used. Set by whoever starts us, it is left as it is.
# - --max-semi-space-size=1: the main thread's young generation stays at 1 MiB per half instead of
#   growing to 16 MiB, which an idle server then kept.
# - --optimize-for-size: V8 grows its heaps less eagerly and gives memory back sooner.
MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
export MALLOC_MMAP_THRESHOLD_
exec node --max-semi-space-size=1 --optimize-for-size "$(dirname "$0")/start.mjs" "$@"
