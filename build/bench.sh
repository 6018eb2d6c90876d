#!/usr/bin/env bash
# Benchmarks (not a test): build/bench.sh [--quick] [--only engine,tap,cold,load,store,faults] [--sessions N]
# Prints a table and writes build/out/bench.json; see build/BENCH.md.
#   build/bench.sh --only shards [--quick] [...]: the café through HAProxy, 1 shard against 2, and a shard
#   killed mid-run (build/bench_shards.py, its own options; writes build/out/bench_shards.json). It starts
#   its own clusters (supervisord, HAProxy, shards), so it runs alone, not in a list with other sections.
set -euo pipefail
cd "$(dirname "$0")/.."
args=("$@")
for i in "${!args[@]}"; do
  if [[ "${args[$i]}" == "--only" && "${args[$((i + 1))]:-}" == "shards" ]]; then
    exec .venv/bin/python build/bench_shards.py "${args[@]:0:$i}" "${args[@]:$((i + 2))}"
  elif [[ "${args[$i]}" == "--only=shards" ]]; then
    exec .venv/bin/python build/bench_shards.py "${args[@]:0:$i}" "${args[@]:$((i + 1))}"
  elif [[ "${args[$i]}" =~ ^--only(=|$) && "${args[$i]}${args[$((i + 1))]:-}" =~ shards ]]; then
    echo "build/bench.sh: the shards section runs alone: build/bench.sh --only shards [--quick]" >&2
    exit 2
  fi
done
exec .venv/bin/python build/bench.py "$@"
