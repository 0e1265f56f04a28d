#!/usr/bin/env bash
# Runs the tests that read the simulated fleet's clock — the e2e project's browser tests (not its build
# checks), the integration and unit suites of history, reports, tracking pages, the offline cache and
# the core against the local service, and the renderer's tests —
# with the machine's clock set (faketime) to a sweep of moments: every 3 hours of a weekday, a Saturday
# and a Sunday, 22:53 on a Wednesday, and 22:53 on a Wednesday again with one core kept busy. The fleet
# keeps a working week, so a test that hopes the clock is kind fails at some of these.
#
#   bash scripts/clock-sweep.sh                       # the whole sweep (26 runs: a few hours)
#   bash scripts/clock-sweep.sh "2026-11-18 22:53"    # only these moments (UTC), unloaded
#   CLOCK_SWEEP_LOADED_MOMENT="2026-11-18 22:53" bash scripts/clock-sweep.sh "2026-11-18 22:53" ...
#   CLOCK_SWEEP_E2E=0 CLOCK_SWEEP_SUITES="test/renderer/" bash scripts/clock-sweep.sh "2026-11-22 03:00" ...
#                                                     # only some suites (a suite new to the sweep, at moments
#                                                     # the rest has passed at)
#
# Not part of npm test. Needs faketime (Debian: apt-get install faketime). Prints a table of the
# results, also written to test-results/clock-sweep/table.md with each run's log and JSON reports.
# On a shared machine each run waits until the 1-minute load average is below CLOCK_SWEEP_MAX_LOAD
# (6 by default), and a moment that failed while the load rose past twice that is run again (each run
# is a row), so that a failure tells about the clock, not about someone else's build.
set -uo pipefail
cd "$(dirname "$0")/.."
# The Node that .ci/run brings in, when the machine's is older.
[ -x .ci/node/node_modules/node/bin/node ] && export PATH="$PWD/.ci/node/node_modules/node/bin:$PATH"

if ! command -v faketime >/dev/null 2>&1; then
  echo "clock-sweep: needs faketime (Debian: apt-get install faketime)" >&2
  exit 2
fi
if ! node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 12) ? 0 : 1)'; then
  echo "clock-sweep: needs Node 22.12 or newer (this is $(node --version)); see .nvmrc" >&2
  exit 2
fi

# The e2e project but for the checks of the electron-vite and electron-builder output, which read no clock.
E2E_SUITES=(test/e2e/ test/browser-shell/)
# Beyond it: the suites whose tests start the local service at the machine's time or work out simulated
# moments from it, and the renderer's own tests, which format instants against the machine's day (a
# time today reads "14:05", any other day "Nov 26, 2:05 PM").
default_clock_suites=(
  test/renderer/
  test/core/
  test/server/reports/
  test/server/tracking/
  test/server/realtime/live-positions
  test/server/fuzz/routes-under-fuzz
  test/server/cli
)

if [ -n "${CLOCK_SWEEP_SUITES:-}" ]; then
  read -r -a CLOCK_SUITES <<<"$CLOCK_SWEEP_SUITES"
else
  CLOCK_SUITES=("${default_clock_suites[@]}")
fi
run_e2e=${CLOCK_SWEEP_E2E:-1}

max_load=${CLOCK_SWEEP_MAX_LOAD:-6}
out=${CLOCK_SWEEP_OUT:-test-results/clock-sweep}
rm -rf "$out"
mkdir -p "$out"

moments=()
loaded_moment=""
if [ $# -gt 0 ]; then
  moments=("$@")
  # One of them again with a core kept busy, e.g. CLOCK_SWEEP_LOADED_MOMENT="2026-11-18 22:53".
  loaded_moment=${CLOCK_SWEEP_LOADED_MOMENT:-}
else
  for day in 2026-11-18 2026-11-21 2026-11-22; do # a Wednesday, a Saturday, a Sunday
    for hour in 00 03 06 09 12 15 18 21; do moments+=("$day $hour:00"); done
  done
  moments+=("2026-11-18 22:53")
  loaded_moment="2026-11-18 22:53"
fi

# "N passed, N failed" from a JSON report, as .ci/run counts.
count() {
  node -e '
    const fs = require("node:fs");
    if (!fs.existsSync(process.argv[1])) console.log("no report");
    else {
      const r = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
      console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed`);
    }
  ' "$1"
}

# Runs vitest with the machine's clock at `moment`, running at real speed from there; the offset form
# of faketime keeps every process (vitest's workers, the service, Chromium) on one clock. The monotonic
# clock is faked too: with FAKETIME_DONT_FAKE_MONOTONIC=1 (libfaketime 0.9.10) Chromium's processes
# never finish starting a page and spin until killed, which is what made earlier sweeps fail everywhere.
run_at() {
  local moment=$1 name=$2
  shift 2
  local offset=$(($(date -u -d "$moment" +%s) - $(date -u +%s)))
  unset FAKETIME_DONT_FAKE_MONOTONIC DONT_FAKE_MONOTONIC
  FLEETDESK_TEST_REPORT="$out/$name.json" \
    faketime -f "${offset}s" npx vitest run "$@" >"$out/$name.log" 2>&1
}

wait_for_calm() {
  while awk -v max="$max_load" '{ exit !($1 >= max) }' /proc/loadavg; do sleep 30; done
}

# One run at `moment`: 0 when it passed, 1 when it failed, 2 when it failed while the machine was
# overloaded (the 1-minute load reached twice CLOCK_SWEEP_MAX_LOAD), which is worth running again.
sweep_one() {
  local moment=$1 load=$2 attempt=$3
  local tag
  tag=$(echo "$moment $load $attempt" | tr ' :+' '___')
  wait_for_calm
  local burner=""
  if [ "$load" != "as shared" ]; then
    node -e 'for (;;) {}' &
    burner=$!
  fi
  (while sleep 15; do cut -d' ' -f1 /proc/loadavg; done) >"$out/$tag.load" &
  local sampler=$!
  local started=$SECONDS
  local load_before
  load_before=$(cut -d' ' -f1 /proc/loadavg)
  local e2e=0
  if [ "$run_e2e" != 0 ]; then
    run_at "$moment" "$tag-e2e" --project e2e "${E2E_SUITES[@]}"
    e2e=$?
  fi
  run_at "$moment" "$tag-clock" --project integration --project unit:node --project unit:dom "${CLOCK_SUITES[@]}"
  local clock=$?
  [ -n "$burner" ] && kill "$burner"
  kill "$sampler"
  local load_peak
  load_peak=$( (echo "$load_before"; cat "$out/$tag.load") | sort -g | tail -1)
  local minutes=$(((SECONDS - started + 30) / 60))
  local verdict=pass rc=0
  if [ $e2e -ne 0 ] || [ $clock -ne 0 ]; then
    if awk -v peak="$load_peak" -v max="$max_load" 'BEGIN { exit !(peak >= 2 * max) }'; then
      verdict="FAIL, overloaded: run again"
      rc=2
    else
      verdict=FAIL
      rc=1
    fi
  fi
  local when
  when=$(date -u -d "$moment" '+%a %d %b %Y %H:%M')
  printf '| %s | %s, load %s, peak %s | %s | %s | %s min | %s |\n' "$when" "$load" "$load_before" "$load_peak" \
    "$(if [ "$run_e2e" != 0 ]; then count "$out/$tag-e2e.json"; else echo "not run"; fi)" "$(count "$out/$tag-clock.json")" "$minutes" "$verdict" | tee -a "$out/rows.md"
  return $rc
}

# A moment is run again (up to three times in all) only when it failed on an overloaded machine; every
# run is a row of the table.
sweep_moment() {
  local attempt rc
  for attempt in 1 2 3; do
    sweep_one "$1" "$2" "$attempt"
    rc=$?
    [ $rc -ne 2 ] && return $rc
  done
  return 1
}

{
  echo "| moment (UTC) | machine | e2e (browser) | clock-reading suites | took | result |"
  echo "|---|---|---|---|---|---|"
} | tee "$out/rows.md"
failures=0
for moment in "${moments[@]}"; do sweep_moment "$moment" "as shared" || failures=$((failures + 1)); done
[ -n "$loaded_moment" ] && { sweep_moment "$loaded_moment" "+ one core busy" || failures=$((failures + 1)); }

runs=$((${#moments[@]} + (${#loaded_moment} > 0 ? 1 : 0)))
{
  echo "Clock sweep of $(git rev-parse --short HEAD), finished $(date -u '+%Y-%m-%d %H:%M') UTC on $(nproc) cores:"
  echo
  cat "$out/rows.md"
  echo
  echo "$((runs - failures)) of $runs moments passed."
} >"$out/table.md"
echo
echo "$((runs - failures)) of $runs moments passed (table: $out/table.md)."
[ $failures -eq 0 ]
