#!/usr/bin/env bash
# The shell of action.yml (the composite GitHub Action): runs the conformance kit with the
# action's inputs (INPUT_* variables; keys in CONFORMANCE_API_KEY / CONFORMANCE_OTHER_API_KEY,
# read by the kit from the environment, never on a command line), appends summary.md to
# $GITHUB_STEP_SUMMARY, sets the exit-code and report-dir outputs, and exits with the kit's code.
# Tested by packages/conformance/test/action.test.ts against the embedded reference server.
set -uo pipefail

# Keys are masked before anything else runs: the runner replaces them with *** in every later line.
mask() {
  local line
  while IFS= read -r line; do [ -n "$line" ] && printf '::add-mask::%s\n' "$line"; done <<<"$1"
}
[ -n "${CONFORMANCE_API_KEY:-}" ] && mask "$CONFORMANCE_API_KEY"
[ -n "${CONFORMANCE_OTHER_API_KEY:-}" ] && mask "$CONFORMANCE_OTHER_API_KEY"
# An empty key input is no key: the kit reads an empty variable as unset.
[ -z "${CONFORMANCE_API_KEY:-}" ] && unset CONFORMANCE_API_KEY
[ -z "${CONFORMANCE_OTHER_API_KEY:-}" ] && unset CONFORMANCE_OTHER_API_KEY

report_dir="${INPUT_REPORT_DIR:-conformance-report}"
args=(--report-dir "$report_dir")
[ -n "${INPUT_BASE_URL:-}" ] && args+=(--base-url "$INPUT_BASE_URL")
[ -n "${INPUT_SHARD:-}" ] && args+=(--shard "$INPUT_SHARD")
[ -n "${INPUT_BASELINE:-}" ] && args+=(--baseline "$INPUT_BASELINE")
# A usage error of the action's own inputs: the kit does not run, the step ends as the kit's would (exit 2).
usage=''
case "${INPUT_FAIL_ON_STALE_BASELINE:-false}" in
  true) args+=(--fail-on-stale-baseline) ;;
  false | '') ;;
  *) usage="the fail-on-stale-baseline input must be true or false, got \"$INPUT_FAIL_ON_STALE_BASELINE\"" ;;
esac
[ -n "${INPUT_REQUIRE:-}" ] && args+=(--require "$INPUT_REQUIRE")
if [ -n "${INPUT_RECORD:-}" ]; then
  mkdir -p "$(dirname "$INPUT_RECORD")"
  args+=(--record "$INPUT_RECORD")
fi
if [ -n "${INPUT_ARGS:-}" ]; then
  read -r -a extra <<<"$INPUT_ARGS"
  args+=("${extra[@]}")
fi

if [ -n "${INPUT_COMMAND:-}" ]; then
  read -r -a kit <<<"$INPUT_COMMAND"
else
  kit=(npx -y "@crosschain/conformance@${INPUT_VERSION:-latest}")
fi

# A cancelled job sends SIGINT/SIGTERM to the whole process tree: the kit stops its run and writes
# its reports; this shell waits for it (a trap runs only after the foreground command ends, which
# gets the default handling) and still appends the summary and sets the outputs.
trap 'interrupted=1' INT TERM
if [ -n "$usage" ]; then
  printf 'error: %s
' "$usage" >&2
  code=2
else
  "${kit[@]}" "${args[@]}"
  code=$?
fi
trap - INT TERM

if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  if [ -f "$report_dir/summary.md" ]; then
    cat "$report_dir/summary.md" >>"$GITHUB_STEP_SUMMARY"
  else
    printf '## ❌ Conformance: exit %s, no summary.md\n\nThe kit wrote no report (a usage or configuration error stops it before the run): see the step log.\n' "$code" >>"$GITHUB_STEP_SUMMARY"
  fi
fi
if [ -n "${GITHUB_OUTPUT:-}" ]; then
  printf 'exit-code=%s\nreport-dir=%s\n' "$code" "$report_dir" >>"$GITHUB_OUTPUT"
fi
exit "$code"
