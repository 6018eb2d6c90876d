#!/usr/bin/env bash
# Benchmarks (not a test): build/bench.sh [--quick] [--only engine,tap,cold,load,store,faults] [--sessions N]
# Prints a table and writes build/out/bench.json; see build/BENCH.md.
set -euo pipefail
cd "$(dirname "$0")/.."
exec .venv/bin/python build/bench.py "$@"
