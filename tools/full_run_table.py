#!/usr/bin/env python3
"""Turns the output of `minishogi tb gen --verify` into the per-table markdown table of
docs/results/repetition.md: counts by repetition outcome for both cases, file size, and the time
of each phase (mate-only analysis, repetition analysis, writing, verification), with totals.

Usage: python3 tools/full_run_table.py RUN.log > table.md
"""
import re
import sys

BUILT = re.compile(
    r"^(?P<set>\S+): (?P<slots>[\d,]+) slots, .*?= [\d.]+ bits per stored position, "
    r"generated in (?P<gen>[\d.]+) s \(.*?repetition values of (?P<draws>[\d,]+) draws (?P<rep>[\d.]+) s\), "
    r"written in (?P<write>[\d.]+) s"
)
SIZE = re.compile(r"plies, (?P<size>[\d.]+ [KMG]?i?B) = ")
VERIFIED = re.compile(
    r"^(?P<path>\S+\.mstb): ok: .*first player to move: (?P<f_rep>[\d,]+) lost by repetition, "
    r"(?P<f_pc>[\d,]+) won by perpetual check, (?P<f_draw>[\d,]+) drawn; second player to move: "
    r"(?P<s_rep>[\d,]+) won by repetition, (?P<s_pc>[\d,]+) lost by perpetual check, "
    r"(?P<s_draw>[\d,]+) drawn\), (?P<verify>[\d.]+) s$"
)


def number(text):
    return int(text.replace(",", ""))


def main(path):
    rows, built = [], None
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        m = BUILT.match(line)
        if m:
            built = m.groupdict()
            built["size"] = SIZE.search(line).group("size")
            continue
        m = VERIFIED.match(line)
        if m and built:
            rows.append({**built, **m.groupdict()})
            built = None
    counts = ["draws", "f_rep", "f_pc", "f_draw", "s_rep", "s_pc", "s_draw"]
    print(
        "| set | slots | mate-only draws | F to move: lost by repetition | won by perpetual check | drawn "
        "| S to move: won by repetition | lost by perpetual check | drawn | file "
        "| mate-only analysis (s) | repetition analysis (s) | write (s) | verify (s) |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    totals = dict.fromkeys(counts + ["mate", "rep", "write", "verify"], 0)
    for r in rows:
        mate = float(r["gen"]) - float(r["rep"])
        cells = [r["set"], f"{number(r['slots']):,}"] + [f"{number(r[c]):,}" for c in counts]
        cells += [r["size"], f"{mate:.1f}", r["rep"], r["write"], r["verify"]]
        print("| " + " | ".join(cells) + " |")
        for c in counts:
            totals[c] += number(r[c])
        totals["mate"] += mate
        for key, c in (("rep", "rep"), ("write", "write"), ("verify", "verify")):
            totals[key] += float(r[c])
    cells = [f"**all {len(rows)}**", ""] + [f"{totals[c]:,}" for c in counts] + [""]
    cells += [f"{totals[k]:.0f}" for k in ("mate", "rep", "write", "verify")]
    print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
