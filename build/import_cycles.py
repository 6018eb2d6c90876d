"""Print the import cycles among the project's packages, type-only imports included (exit 1 if any).

Usage: python build/import_cycles.py [package ...]   (default: scoring components companion)

The graph is grimp's (the library behind import-linter): every ``import`` and ``from ... import``
in the packages' source, those under ``if TYPE_CHECKING:`` and inside functions too. A cycle is a
strongly connected set of two or more modules: each can reach every other by imports.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

import grimp

# this checkout's packages, whichever checkout the installed (editable) ones point to
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def import_cycles(packages: Iterable[str]) -> list[list[str]]:
    """Each cycle as its sorted module names, the cycles sorted (Tarjan's strongly connected components)."""
    graph = grimp.build_graph(*packages, include_external_packages=False)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    counter = 0

    def visit(root: str) -> None:  # iterative, so a deep import chain cannot hit the recursion limit
        nonlocal counter
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                members = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.append(member)
                    if member == node:
                        break
                if len(members) > 1:
                    cycles.append(sorted(members))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return sorted(cycles)


def main(argv: list[str]) -> int:
    packages = argv or ["scoring", "components", "companion"]
    cycles = import_cycles(packages)
    for cycle in cycles:
        print(" <-> ".join(cycle))
    print(f"{len(cycles)} import cycle(s) among {', '.join(packages)}")
    return 1 if cycles else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
