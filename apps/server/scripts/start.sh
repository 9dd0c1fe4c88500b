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
# - --optimize-for-size: V8 grows its heaps less eagerly and gives memory back sooner. It is set
#   once the process has started (FAIRWAY_V8_FLAGS_AFTER_START, applied by src/lib/startup.ts):
#   given on the command line it cost the start about 0.25 s of extra garbage collection while the
#   modules load, and set afterwards it saves the same memory.
MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
FAIRWAY_V8_FLAGS_AFTER_START="${FAIRWAY_V8_FLAGS_AFTER_START---optimize-for-size}"
export MALLOC_MMAP_THRESHOLD_ FAIRWAY_V8_FLAGS_AFTER_START
exec node --max-semi-space-size=1 "$(dirname "$0")/start.mjs" "$@"
