"""Print the longest functions (by line count) in the given packages.

Usage: python build/longest_functions.py [--top N] [--over N] [paths...]
Defaults: companion/ and components/, top 15.
"""
from __future__ import annotations

import argparse
import ast
from pathlib import Path


def functions(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    stack = [(tree, "")]
    while stack:
        node, prefix = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = f"{prefix}{child.name}"
                yield name, child.lineno, child.end_lineno - child.lineno + 1
                stack.append((child, name + "."))
            elif isinstance(child, ast.ClassDef):
                stack.append((child, f"{prefix}{child.name}."))
            else:
                stack.append((child, prefix))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="*", default=["companion", "components"])
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--over", type=int, default=0, help="only functions longer than this")
    args = ap.parse_args()
    rows = []
    for root in args.paths:
        p = Path(root)
        files = [p] if p.is_file() else sorted(p.rglob("*.py"))
        for f in files:
            for name, line, n in functions(f):
                rows.append((n, f"{f}:{line}", name))
    rows.sort(reverse=True)
    rows = [r for r in rows if r[0] > args.over] if args.over else rows[:args.top]
    for n, where, name in rows:
        print(f"{n:5d}  {where:45s} {name}")


if __name__ == "__main__":
    main()
