import json, subprocess, sys
sys.path.insert(0, "/work/wt-model/tests/model")
import model
T = "/work/bin-f931769/tabula"
def check(gen, builder):
    b = builder()
    dirs = list(b.dirs)
    rels = " ".join("(relation d%s %s)" % (d, d) for d in dirs)
    regs = [k for k in b.builtin if k != "perimeter"]
    regdecl = " ".join("(region r-%s %s)" % (k, k) for k in regs)
    src = '(game "T" (players "A" "B") (board %s) %s %s (play (turn (place (to empty)))) (end (when (board-full) (draw))))' % (gen, rels, regdecl)
    open("/tmp/geo/g.game", "w").write(src)
    p = subprocess.run([T, "info", "/tmp/geo/g.game", "--sites", "--json"], capture_output=True, text=True)
    if p.returncode: print(gen, p.stderr); return
    d = json.loads(p.stdout)
    S = d["sites"]
    bad = 0
    if [s["label"] for s in S] != b.labels: print(gen, "labels differ"); return
    for i, s in enumerate(S):
        for rel, nb in s["neighbors"].items():
            if rel.startswith("d") and rel[1:] in b.dirs:
                mine = [b.labels[b.dirs[rel[1:]][i]]] if b.dirs[rel[1:]][i] >= 0 else []
            elif rel in b.rel: mine = [b.labels[x] for x in b.rel[rel][i]]
            else: continue
            if sorted(mine) != sorted(nb): bad += 1; print(gen, s["label"], rel, mine, nb)
        for k in b.builtin:
            if k in ("triangles","squares","hexagons"): continue
            inn = any(i in p for p in b.builtin[k])
            name = k if k == "perimeter" else "r-" + k
            if inn != (name in s["in"]): bad += 1; print(gen, s["label"], k, inn)
    print(gen, "ok" if not bad else "BAD %d" % bad, len(S))
for n in (2,3,4,5): check("(square %d)" % n, lambda: model.square_board(n))
for w,h in ((1,2),(7,6),(3,5),(2,4)): check("(rectangle %d %d)" % (w,h), lambda: model.rectangle_board(w,h))
for n in (2,3,4): check("(hexhex %d)" % n, lambda: model.hexhex_board(n))
for n in (2,3,5): check("(rhombus %d)" % n, lambda: model.rhombus_board(n))
for n in (2,3,5): check("(triangle %d)" % n, lambda: model.triangle_board(n))
