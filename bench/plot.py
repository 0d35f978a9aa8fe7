#!/usr/bin/env python3
"""Turns gemmcl_bench's CSV into a PNG: throughput per problem, one bar (or line) per library and
configuration, or with --ratio-to, gemmcl's throughput divided by a peer's.

    gemmcl_bench --shapes 1024,2048,4096 --ta all --tb all --csv run.csv
    python3 bench/plot.py run.csv -o run.png
    python3 bench/plot.py run.csv -o ratio.png --ratio-to cuBLAS --target 0.95
"""

import argparse
import csv
import math
import sys
import textwrap
from collections import OrderedDict


def load(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        sys.exit(f"plot.py: {path} has no measurements")
    return rows


def number(text):
    try:
        value = float(text)
    except (TypeError, ValueError):
        return math.nan
    return value


def keep(row, args):
    """The filters given on the command line."""
    checks = [
        (args.type, row["type"]),
        (args.layout, row["layout"]),
        (args.op, row["ta"] + row["tb"]),
    ]
    for wanted, value in checks:
        if wanted and value not in wanted.split(","):
            return False
    if args.library and row["library"] not in args.library.split(","):
        return False
    if args.config and row["library"] == "gemmcl" and row["config"] not in args.config.split(","):
        return False
    return not math.isnan(number(row["gflops"]))


def problem(row, with_layout, with_op, with_type):
    label = f'{row["m"]}x{row["n"]}x{row["k"]}'
    if with_layout:
        label += " " + row["layout"]
    if with_op:
        label += " " + row["ta"] + row["tb"]
    if with_type:
        label += " " + row["type"]
    return label


def series_name(row):
    return f'gemmcl {row["config"]}' if row["library"] == "gemmcl" else row["library"]


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("csv", help="CSV written by gemmcl_bench --csv")
    parser.add_argument("-o", "--output", default="gemmcl_bench.png", help="PNG to write")
    parser.add_argument("--kind", choices=["bar", "line"], default="bar")
    parser.add_argument("--units", choices=["auto", "G", "T"], default="auto",
                        help="GFLOPS or TFLOPS (default: by magnitude)")
    parser.add_argument("--type", help="only these element types (comma list)")
    parser.add_argument("--layout", help="only these layouts: col,row")
    parser.add_argument("--op", help="only these transposes: nn,nt,tn,tt")
    parser.add_argument("--library", help="only these libraries: gemmcl,cuBLAS,CLBlast,CPU-BLAS")
    parser.add_argument("--config", help="only these gemmcl configurations")
    parser.add_argument("--ratio-to", metavar="LIBRARY",
                        help="plot each gemmcl configuration's throughput divided by LIBRARY's")
    parser.add_argument("--target", type=float, action="append", default=[],
                        help="with --ratio-to: draw a horizontal line at this ratio (repeatable)")
    parser.add_argument("--title", help="title (default: device and date from the CSV)")
    parser.add_argument("--dpi", type=int, default=150)
    args = parser.parse_args()

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [r for r in load(args.csv) if keep(r, args)]
    if not rows:
        sys.exit("plot.py: no measurement left after the filters")

    layouts = {r["layout"] for r in rows}
    ops = {r["ta"] + r["tb"] for r in rows}
    types = {r["type"] for r in rows}

    def label(r):
        return problem(r, len(layouts) > 1, len(ops) > 1, len(types) > 1)

    problems = list(OrderedDict.fromkeys(label(r) for r in rows))
    values = OrderedDict()  # series -> {problem: value}
    if args.ratio_to:
        peer = {label(r): number(r["gflops"]) for r in rows if r["library"] == args.ratio_to}
        if not peer:
            sys.exit(f"plot.py: no {args.ratio_to} measurements to divide by")
        for r in rows:
            if r["library"] != "gemmcl" or label(r) not in peer or not peer[label(r)] > 0:
                continue
            values.setdefault(series_name(r), {})[label(r)] = number(r["gflops"]) / peer[label(r)]
        if not values:
            sys.exit("plot.py: no gemmcl measurement shares a problem with " + args.ratio_to)
        ylabel, scale = f"gemmcl / {args.ratio_to}", 1.0
    else:
        for r in rows:
            values.setdefault(series_name(r), {})[label(r)] = number(r["gflops"])
        peak = max(v for s in values.values() for v in s.values())
        units = args.units if args.units != "auto" else ("T" if peak >= 1000 else "G")
        scale = 1e-3 if units == "T" else 1.0
        ylabel = f"{units}FLOPS (median)"

    # gemmcl's configurations first, in the order the bench ran them, then the peers in a fixed order.
    peers = ["cuBLAS", "CLBlast", "CPU-BLAS"]

    def rank(name):
        if name.startswith("gemmcl"):
            return 0
        return 1 + (peers.index(name) if name in peers else len(peers))

    values = OrderedDict(sorted(values.items(), key=lambda item: rank(item[0])))

    width_in = min(16.0, max(6.0, 2.0 + 0.3 * len(problems) * len(values)))
    fig, ax = plt.subplots(figsize=(width_in, 4.5))
    xs = list(range(len(problems)))
    if args.kind == "bar":
        width = 0.8 / len(values)
        for i, (name, by_problem) in enumerate(values.items()):
            offset = (i - (len(values) - 1) / 2) * width
            ys = [by_problem.get(p, math.nan) * scale for p in problems]
            ax.bar([x + offset for x in xs], ys, width, label=name)
    else:
        for name, by_problem in values.items():
            ys = [by_problem.get(p, math.nan) * scale for p in problems]
            ax.plot(xs, ys, marker="o", label=name)
    for t in args.target:
        ax.axhline(t, color="black", linestyle="--", linewidth=0.8)
    ax.set_xticks(xs)
    crowded = len(problems) > 4
    ax.set_xticklabels(problems, rotation=30 if crowded else 0, ha="right" if crowded else "center")
    ax.set_xlabel("M x N x K")
    ax.set_ylabel(ylabel)
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize="small")
    first = rows[0]
    title = args.title or f'{first["device"]}, {first["date"]}'
    ax.set_title("\n".join(textwrap.wrap(title, width=int(width_in * 11))), fontsize="medium")
    fig.tight_layout()
    fig.savefig(args.output, dpi=args.dpi)
    print(f"wrote {args.output}")


if __name__ == "__main__":
    main()
