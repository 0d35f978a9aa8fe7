#!/usr/bin/env python3
"""Checks the structure of include/gemmcl/.

  * Every file has at most --max-lines lines (400 by default).
  * The folders include one another without cycles. Each `#include "..."` is resolved to a file (next
    to the including file first, then from include/ as the compiler's -I would); each file belongs to
    its folder below include/gemmcl. A nested folder counts as part of its top-level folder
    (codegen/mainloop is codegen) unless --depth says otherwise: --depth 0 keeps every folder apart.
    Files directly in include/gemmcl/ form the folder ".", the facade: it may include any folder, but
    no folder may include a file of ".".
  * Every `#include "..."` resolves to a file.

Prints a short report and exits with 0 when the tree is clean, 1 otherwise. --graph prints the folder
graph (edges with the number of includes behind each), e.g. for the documentation.

  tools/check-layout.py [--max-lines N] [--depth D] [--graph] [include/gemmcl]
"""

import argparse
import re
import sys
from collections import defaultdict
from pathlib import Path

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
FACADE = "."


def folder_of(path, root, depth):
    """The folder a file belongs to: its directory below root, cut to `depth` parts (0: all)."""
    parts = path.relative_to(root).parent.parts
    if depth > 0:
        parts = parts[:depth]
    return "/".join(parts) or FACADE


def resolve(name, including, roots):
    """The file a quoted include names: next to the including file, then below each root."""
    for base in (including.parent, *roots):
        candidate = (base / name).resolve()
        if candidate.is_file():
            return candidate
    return None


def strongly_connected(nodes, edges):
    """Tarjan's algorithm: the strongly connected components of the graph, each a sorted list."""
    index, low, on_stack, stack, components = {}, {}, set(), [], []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            components.append(sorted(component))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return components


def main():
    default_dir = Path(__file__).resolve().parent.parent / "include" / "gemmcl"
    parser = argparse.ArgumentParser(description="Checks the structure of include/gemmcl/.")
    parser.add_argument("dir", nargs="?", type=Path, default=default_dir,
                        help="the include/gemmcl folder (default: %(default)s)")
    parser.add_argument("--max-lines", type=int, default=400, help="most lines a file may have (400)")
    parser.add_argument("--depth", type=int, default=1,
                        help="folder levels that tell folders apart (1: top-level folders; 0: all)")
    parser.add_argument("--graph", action="store_true", help="print the folder graph")
    args = parser.parse_args()

    root = args.dir.resolve()
    if not root.is_dir():
        print(f"check-layout: {args.dir} is not a folder", file=sys.stderr)
        return 2
    roots = (root.parent,)  # -I include/, so "gemmcl/x.hpp" resolves too

    files = sorted(p for p in root.rglob("*") if p.is_file())
    long_files = []
    unresolved = []  # (file, line number, include)
    edges = defaultdict(lambda: defaultdict(list))  # folder -> folder -> [(file, line, include)]
    for path in files:
        try:
            lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError as error:
            print(f"check-layout: cannot read {path}: {error}", file=sys.stderr)
            return 2
        if len(lines) > args.max_lines:
            long_files.append((path, len(lines)))
        source = folder_of(path, root, args.depth)
        for number, line in enumerate(lines, 1):
            match = INCLUDE.match(line)
            if not match:
                continue
            target = resolve(match.group(1), path, roots)
            if target is None:
                unresolved.append((path, number, match.group(1)))
                continue
            if not target.is_relative_to(root):
                continue  # outside gemmcl: no folder of ours
            destination = folder_of(target, root, args.depth)
            if destination != source:
                edges[source][destination].append((path, number, match.group(1)))

    def where(path, number):
        return f"{path.relative_to(root)}:{number}"

    if args.graph:
        print(f"folder graph of {root} (edge: includes behind it):")
        for source in sorted(edges):
            for destination in sorted(edges[source]):
                print(f"  {source} -> {destination} ({len(edges[source][destination])})")
        print()

    problems = 0
    for path, count in long_files:
        print(f"too long: {path.relative_to(root)} has {count} lines (at most {args.max_lines})")
        problems += 1
    for path, number, name in unresolved:
        print(f'unresolved: {where(path, number)}: #include "{name}" names no file')
        problems += 1

    # Includes of the facade from a folder: reported here and left out of the cycle search.
    for source in sorted(edges):
        if FACADE in edges[source]:
            path, number, name = edges[source][FACADE][0]
            count = len(edges[source][FACADE])
            print(f'facade included: folder {source} includes the facade "." {count} time(s), e.g. '
                  f'{where(path, number)}: #include "{name}"')
            problems += 1
    graph = {s: {d for d in ds if d != FACADE} for s, ds in edges.items()}
    nodes = set(graph) | {d for ds in graph.values() for d in ds}
    for component in strongly_connected(nodes, graph):
        if len(component) < 2:
            continue
        problems += 1
        print(f"cycle between folders: {', '.join(component)}")
        for source in component:
            for destination in component:
                if destination in graph.get(source, ()):
                    path, number, name = edges[source][destination][0]
                    count = len(edges[source][destination])
                    print(f'  {source} -> {destination} ({count} include(s)), e.g. '
                          f'{where(path, number)}: #include "{name}"')

    folders = len({folder_of(p, root, args.depth) for p in files})
    verdict = "clean" if problems == 0 else f"{problems} problem(s)"
    print(f"check-layout: {len(files)} files in {folders} folders under {root}: {verdict}")
    return 0 if problems == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
