#!/usr/bin/env bash
# Builds the video guides the product serves at /media/guides/ from real screenshots of the product
# (docs/images/guides/<guide>-<n>.png, taken by capture-guide-screenshots.mjs), one screenshot per
# chapter, CHAPTER_SECONDS each: a WebM (VP9) film, a JPEG poster (the first chapter) and WebVTT
# captions in Swedish and English that say what happens in each chapter. The chapter track itself
# is made by the API from the chapters stored with the guide (GET video_guides/{id}/chapters.*.vtt),
# so editing chapters never leaves a stale file. Also writes the landing page's dashboard screenshots.
#
# The chapters and their lengths must match VIDEO_GUIDE_SEED in apps/server/src/db/seed/help-guides.ts.
# Needs ffmpeg with libvpx-vp9 and libwebp (apt-get install ffmpeg). CI does not: the files are committed.
#
#   apps/server/scripts/make-video-guides.sh
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
SRC="$ROOT/docs/images/guides"
OUT="$ROOT/apps/server/media/guides"
SHOTS="$ROOT/apps/server/media/screenshots"
CHAPTER_SECONDS=6
mkdir -p "$OUT" "$SHOTS"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

timestamp() { printf '00:00:%02d.000' "$1"; }

# make_guide <slug> <chapters> then, per chapter, "<Swedish caption>" "<English caption>"
make_guide() {
  local slug="$1" chapters="$2"
  shift 2
  local list="$WORK/$slug.txt"
  : >"$list"
  for n in $(seq 1 "$chapters"); do
    printf "file '%s'\nduration %d\n" "$SRC/$slug-$n.png" "$CHAPTER_SECONDS" >>"$list"
  done
  # The concat demuxer needs the last picture again to hold it for its duration.
  printf "file '%s'\n" "$SRC/$slug-$chapters.png" >>"$list"

  # A still picture changes only at each chapter: 5 frames a second and a high CRF keep the film
  # small (well under 1 MB) while the text in the screenshot stays sharp.
  ffmpeg -loglevel error -y -f concat -safe 0 -i "$list" \
    -vf "scale=1280:720:flags=lanczos,fps=5,format=yuv420p" \
    -t "$((chapters * CHAPTER_SECONDS))" \
    -c:v libvpx-vp9 -b:v 0 -crf 38 -row-mt 1 -deadline good -cpu-used 2 -g 50 -an \
    "$OUT/$slug.webm"
  ffmpeg -loglevel error -y -i "$SRC/$slug-1.png" -vf "scale=1280:720:flags=lanczos" -q:v 5 "$OUT/$slug.jpg"

  local sv="$OUT/$slug.sv.vtt" en="$OUT/$slug.en.vtt"
  printf 'WEBVTT\n' >"$sv"
  printf 'WEBVTT\n' >"$en"
  for n in $(seq 1 "$chapters"); do
    local start=$(((n - 1) * CHAPTER_SECONDS)) end=$((n * CHAPTER_SECONDS))
    printf '\n%d\n%s --> %s\n%s\n' "$n" "$(timestamp "$start")" "$(timestamp "$end")" "$1" >>"$sv"
    printf '\n%d\n%s --> %s\n%s\n' "$n" "$(timestamp "$start")" "$(timestamp "$end")" "$2" >>"$en"
    shift 2
  done
  echo "$slug: $(du -h "$OUT/$slug.webm" | cut -f1)"
}

make_guide koppla-fortnox 4 \
  "Gå till Konfiguration → Integrationer och välj Anslut Fortnox." \
  "Go to Configuration → Integrations and choose Connect Fortnox." \
  "Du skickas till Fortnox. Logga in och välj vilket företag Fairway ska få arbeta i." \
  "You are sent to Fortnox. Log in and choose which company Fairway may work in." \
  "Godkänn behörigheten. Fairway bekräftar att anslutningen är klar och börjar hämta kunder och artiklar." \
  "Approve the permission. Fairway confirms the connection and starts fetching customers and articles." \
  "Tillbaka under Integrationer står Fortnox som anslutet, med tiden för senaste uppdateringen." \
  "Back under Integrations, Fortnox shows as connected, with the time of the latest update."

make_guide synka-fakturaomgang 4 \
  "Under Golfrelaterat → GIT → Fakturaomgångar listas omgångarna från GIT med belopp och betalt." \
  "Golf related → GIT → Invoice batches lists the batches from GIT with amounts and what is paid." \
  "Öppna en omgång, välj obetalda underlag och klicka Synka. Dialogen visar vad som skapas." \
  "Open a batch, choose unpaid bases and click Sync. The dialog shows what will be created." \
  "Fakturorna finns nu i bokföringsprogrammet med OCR-nummer, under Bokföringsdata → Fakturor." \
  "The invoices are now in the accounting program with OCR numbers, under Accounting data → Invoices." \
  "Transaktionsloggen visar varje körning: hur många som skapades, uppdaterades eller hoppades över." \
  "The transaction log shows every run: how many were created, updated or skipped."

make_guide skicka-kvitton 3 \
  "Under Golfrelaterat → Kvitton finns fakturor som blivit helt betalda de senaste 90 dagarna." \
  "Golf related → Receipts lists invoices fully paid in the last 90 days." \
  "Markera fakturorna och klicka Skicka valda kvitton." \
  "Select the invoices and click Send selected receipts." \
  "Kvittona går till medlemmarnas e-post, och listan visar att de är skickade och när." \
  "The receipts go to the members' e-mail, and the list shows that they were sent, and when."

# The landing page's dashboard screenshots (SCREENSHOT_SEED): WebP, a fraction of the PNG's size.
screenshot() {
  ffmpeg -loglevel error -y -i "$1" -c:v libwebp -quality 82 "$SHOTS/$2.webp"
  echo "$2.webp: $(du -h "$SHOTS/$2.webp" | cut -f1)"
}
screenshot "$ROOT/docs/images/dashboard.png" dashboard
screenshot "$SRC/synka-fakturaomgang-1.png" git-invoice-batches
screenshot "$SRC/koppla-fortnox-4.png" integrations
screenshot "$SRC/skicka-kvitton-3.png" receipts
