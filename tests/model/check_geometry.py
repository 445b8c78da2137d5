#!/usr/bin/env python3
"""Compares the boards model.py builds from LANGUAGE.md §4 with `tabula info --sites --json`.

For square, rectangle, hexhex, rhombus and triangle boards of a few sizes: the labels in index
order, each site's neighbours under every built-in relation and every direction (through one
declared relation per direction, which `info` lists), and the membership of every built-in
region (perimeter, sides, corners, dark and light squares). Board geometry only: no rules.

    python3 tests/model/check_geometry.py [--tabula PATH]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model  # noqa: E402


def check(tabula, gen, b):
    rels = " ".join("(relation d%s %s)" % (d, d) for d in b.dirs)
    regs = " ".join("(region r-%s %s)" % (k, k) for k in b.builtin if k != "perimeter")
    src = ('(game "T" (players "A" "B") (board %s) %s %s (play (turn (place (to empty)))) '
           '(end (when (board-full) (draw))))' % (gen, rels, regs))
    with tempfile.NamedTemporaryFile("w", suffix=".game", delete=False) as f:
        f.write(src)
        path = f.name
    try:
        p = subprocess.run([tabula, "info", path, "--sites", "--json"], capture_output=True,
                           text=True)
    finally:
        os.unlink(path)
    if p.returncode:
        return ["info failed: %s" % p.stderr.strip()]
    sites = json.loads(p.stdout)["sites"]
    if [s["label"] for s in sites] != b.labels:
        return ["labels differ"]
    bad = []
    for i, s in enumerate(sites):
        for rel, nb in s["neighbors"].items():
            if rel.startswith("d") and rel[1:] in b.dirs:
                x = b.dirs[rel[1:]][i]
                mine = [b.labels[x]] if x >= 0 else []
            elif rel in b.rel:
                mine = [b.labels[x] for x in b.rel[rel][i]]
            else:
                continue
            if sorted(mine) != sorted(nb):
                bad.append("%s %s: model %s, engine %s" % (s["label"], rel, mine, nb))
        for k, parts in b.builtin.items():
            inside = any(i in part for part in parts)
            name = k if k == "perimeter" else "r-" + k
            if inside != (name in s["in"]):
                bad.append("%s in %s: model %s" % (s["label"], k, inside))
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tabula", default=model.TABULA)
    args = ap.parse_args()
    boards = [("(square %d)" % n, lambda n=n: model.square_board(n)) for n in (2, 3, 4, 5)]
    boards += [("(rectangle %d %d)" % wh, lambda wh=wh: model.rectangle_board(*wh))
               for wh in ((1, 2), (7, 6), (3, 5), (2, 4))]
    boards += [("(hexhex %d)" % n, lambda n=n: model.hexhex_board(n)) for n in (2, 3, 4)]
    boards += [("(rhombus %d)" % n, lambda n=n: model.rhombus_board(n)) for n in (2, 3, 5)]
    boards += [("(triangle %d)" % n, lambda n=n: model.triangle_board(n)) for n in (2, 3, 5)]
    failed = 0
    for gen, build in boards:
        b = build()
        bad = check(args.tabula, gen, b)
        print("%s: %s (%d sites)" % (gen, "ok" if not bad else "%d differences" % len(bad), b.n))
        for x in bad[:10]:
            print("  " + x)
        failed += bool(bad)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
