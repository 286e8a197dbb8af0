#!/usr/bin/env python3
"""Writes bench/RESULTS.md from the `metric NAME VALUE UNIT` lines `./run bench` collected: each
figure with its target (bench/targets.tsv), whether it is met, the reference it was compared with,
and the machine it ran on.
usage: results.py TARGETS OUT < "bench-name<TAB>metric line" lines"""
import datetime
import os
import platform
import subprocess
import sys

targets_file, out_file = sys.argv[1:3]
targets = {}
for line in open(targets_file):
    if line.startswith("#") or not line.strip():
        continue
    metric, op, value, unit, issue, reference, *scale = line.rstrip("\n").split("\t")
    targets[metric] = (op, float(value), unit, issue, reference, scale[0] if scale else "")

figures = {}   # bench -> [(metric, value, unit)]
for line in sys.stdin:
    bench, _, rest = line.rstrip("\n").partition("\t")
    parts = rest.split()
    if len(parts) >= 3 and parts[0] == "metric":
        figures.setdefault(bench, []).append((parts[1], parts[2], " ".join(parts[3:])))


def sh(*cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=10).stdout.strip()
    except OSError:
        return ""


cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.processor())
mem_gib = int(next(l.split()[1] for l in open("/proc/meminfo") if l.startswith("MemTotal"))) / 1048576
debian = open("/etc/debian_version").read().strip() if os.path.exists("/etc/debian_version") else "?"
# The commit the figures were measured at; given when the table is rewritten from saved figures.
commit = os.environ.get("SPILLWAY_BENCH_COMMIT") or sh("git", "-C", os.path.dirname(os.path.abspath(targets_file)), "rev-parse", "--short", "HEAD")
when = os.environ.get("SPILLWAY_BENCH_DATE") or f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC"

rows, met, missed, small = [], 0, 0, 0
out = [
    "# Benchmark results",
    "",
    "Written by `./run bench` (do not edit by hand). Each figure is one run's; the benchmarks take",
    "medians where they repeat. Side-by-side references ran in the same run on the same machine.",
    "",
    f"- Machine: {cpu}, {os.cpu_count()} cores, {mem_gib:.0f} GiB RAM; Debian {debian}, Linux {platform.release()}",
    f"- Date: {when}; commit {commit or '?'}",
    "",
    "## Targets",
    "",
    "| figure | value | target | met | issue | compared with |",
    "| --- | --- | --- | --- | --- | --- |",
]
seen = {m: (v, u) for fs in figures.values() for (m, v, u) in fs}
for metric, (op, target, unit, issue, reference, scale) in targets.items():
    if metric not in seen:
        out.append(f"| `{metric}` | not measured | {op} {target:g} {unit} | — | {issue} | {reference} |")
        continue
    value, vunit = seen[metric]
    if scale:
        # A figure from a smaller run than the target is set at says nothing about the target.
        size_metric, _, size = scale.partition(">=")
        ran = seen.get(size_metric, ("0", ""))[0]
        if float(ran) < float(size):
            small += 1
            out.append(f"| `{metric}` | {value} {vunit} | {op} {target:g} {unit} | not at scale ({size_metric} {ran}, target at {size}) | {issue} | {reference} |")
            continue
    ok = float(value) <= target if op == "<=" else float(value) >= target
    met += ok
    missed += not ok
    out.append(f"| `{metric}` | {value} {vunit} | {op} {target:g} {unit} | {'yes' if ok else '**no**'} | {issue} | {reference} |")
out += ["", f"{met} met, {missed} not met, {small} measured below the target's scale, {sum(1 for m in targets if m not in seen)} not measured.", "", "## Every figure", ""]
for bench in figures:
    out += [f"### {bench}", "", "| metric | value | unit |", "| --- | --- | --- |"]
    out += [f"| `{m}` | {v} | {u} |" for (m, v, u) in figures[bench]]
    out.append("")
open(out_file, "w").write("\n".join(out))
print(f"wrote {out_file}: {met} targets met, {missed} not met", file=sys.stderr)
