#!/usr/bin/env python3
"""Long comparison of the reference model with the `tabula` binary on generated rule files.

For each generated file that `tabula check` accepts:
  * perft: `tabula perft FILE D --all` against the model's perft, to the deepest depth D ≤ 3
    whose tree stays under a node budget;
  * games: the model plays seeded random games, writes each as a record, and `tabula replay
    --json` must accept every action and report the same turns, actions and result;
  * traces (when the binary has `moves`): at every step of those games, `tabula moves --after
    ... --json` must list exactly the model's legal actions.

    python3 tests/model/run_long.py --files 2000 [--seed 1] [--games 2] [--keep DIR]

Prints one line per disagreeing file and a summary line; exits 1 on any disagreement.
"""

import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402
import model  # noqa: E402

NODE_BUDGET = 4000  # positions expanded by the model for one perft


class Timeout(Exception):
    pass


def same_outcome(m, eo, mo):
    """Whether the engine's outcome (`moves --json`) is the model's: both none, or the same
    draw, winning team and scores."""
    if (eo is None) != (mo is None):
        return False
    if eo is None:
        return True
    wt = eo.get("winning_team")
    team = m.g.team_names.index(wt) + 1 if wt in m.g.team_names else None
    return bool(eo.get("draw")) == mo["draw"] and team == mo["winner"] and eo.get("scores") == mo["scores"]


def _alarm(signum, frame):
    raise Timeout()


def run(cmd, timeout=60):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def engine_perft(tabula, path, depth):
    rc, out, err = run([tabula, "perft", path, str(depth), "--all"] + CFG)
    if rc != 0:
        return None, err.strip().splitlines()[-1:] if err else ["exit %d" % rc]
    counts = []
    for line in out.splitlines():
        line = line.strip()
        if line.startswith("perft("):
            counts.append(int(line.split("=")[1]))
        elif line.isdigit():
            counts.append(int(line))
    return counts, None


def has_moves(tabula):
    rc, out, err = run([tabula, "moves", "--help"])
    return rc == 0


def engine_moves(tabula, path, actions):
    rc, out, err = run([tabula, "moves", path, "--after", " ".join(actions), "--json"] + CFG)
    if rc != 0:
        return None, err.strip()
    return json.loads(out), None


def play_legal_sets(tabula, path, m, actions):
    """The engine's legal actions before each action of ACTIONS and after the last one.

    Drives `tabula play` with every seat `human`, typing `moves` before each action (the
    fallback while the binary has no `tabula moves`). Returns (list of sorted lists, error).
    """
    script = "".join("moves\n%s\n" % a for a in actions) + "moves\nquit\n"
    p = subprocess.run([tabula, "play", path, "--players", ",".join(["human"] * m.g.np)] + CFG,
                       input=script, capture_output=True, text=True, timeout=120)
    sets, err = read_legal_sets(p.stdout + p.stderr)
    return (None if err else sets), err


def read_legal_sets(out):
    """The `N legal: ...` lists of a `play` session, up to the first rejected action (and the
    rejection message, or None)."""
    sets = []
    for line in out.splitlines():
        if "illegal:" in line or "not an action:" in line:
            return sets, line.strip()
        mt = re.search(r"(\d+) legal: (.*)$", line)
        if mt:
            sets.append(sorted(mt.group(2).split()))
            if len(sets[-1]) != int(mt.group(1)):
                return sets, "cannot read the legal list: %r" % line
    return sets, None


def agrees_on(tabula, path, m, seq):
    """Whether model M agrees with the engine at every step of the action sequence SEQ: the same
    legal sets, and the same first action (if any) the engine refuses."""
    if has_moves(tabula):
        # `tabula moves` lists every action as often as the engine offers it.
        st = m.initial()
        for i in range(len(seq) + 1):
            ej, err = engine_moves(tabula, path, seq[:i])
            if ej is None or sorted(ej["legal"]) != m.legal_texts(st):
                return False
            if i < len(seq):
                st = m.apply(st, seq[i])
        return True
    script = "".join("moves\n%s\n" % a for a in seq) + "moves\nquit\n"
    p = subprocess.run([tabula, "play", path, "--players", ",".join(["human"] * m.g.np)] + CFG,
                       input=script, capture_output=True, text=True, timeout=120)
    sets, err = read_legal_sets(p.stdout + p.stderr)
    st = m.initial()
    for i in range(len(seq) + 1):
        mine = m.legal_texts(st)
        if i < len(sets) and mine != sets[i]:
            return False
        if i == len(seq):
            return len(sets) == i + 1 or (not mine and len(sets) <= i)
        if i == len(sets) - 1 and err:
            return seq[i] not in mine  # the engine refused it: so must the model
        if seq[i] not in mine:
            return False
        st = m.apply(st, seq[i])
    return True


def write_record(path, m, turns):
    with open(path, "w") as f:
        f.write("game %s\n" % m.g.name)
        for t in turns:
            f.write(" ".join(t) + "\n")


def play_and_compare(tabula, path, m, rng, use_moves, stats):
    """One random game by the model; returns a disagreement text or None."""
    st = m.initial()
    seq = []
    turns = []
    LAST.clear()
    LAST.update(kind="legal", seq=seq)  # until the result is compared
    moves_sets = []  # the engine's legal sets, from `tabula moves`
    while st.outcome is None and len(seq) < 2000:
        legal = m.legal_texts(st)
        if use_moves:
            ej, err = engine_moves(tabula, path, seq)
            if ej is None:
                return "moves failed after %r: %s" % (" ".join(seq), err)
            stats["decisions"] += 1
            moves_sets.append(sorted(ej["legal"]))
            if sorted(ej["legal"]) != legal:
                twice = sorted(set(a for a in ej["legal"] if ej["legal"].count(a) > 1))
                return ("legal after %r: engine only %s, model only %s%s; %s"
                        % (" ".join(seq), sorted(set(ej["legal"]) - set(legal)),
                           sorted(set(legal) - set(ej["legal"])),
                           ", engine lists more than once %s" % twice if twice else "",
                           model.show_position(m, st)))
            if ej.get("to_move") != st.mover + 1:
                return "to_move after %r: engine %s, model %d" % (" ".join(seq), ej.get("to_move"),
                                                                  st.mover + 1)
        a = rng.choice(legal)
        new_turn = st.turns <= st.completed
        st = m.apply(st, a)
        if new_turn:
            turns.append([])
        turns[-1].append(a)
        seq.append(a)
    stats["actions"] += len(seq)
    engine_sets = None
    if not use_moves:
        sets, err = play_legal_sets(tabula, path, m, seq)
        if sets is None:
            return "play of %r: %s" % (" ".join(seq), err)
        replayed = m.initial()
        for i in range(len(seq) + 1):
            mine = m.legal_texts(replayed)
            theirs = sets[i] if i < len(sets) else []
            stats["decisions"] += 1
            if mine != theirs:
                return ("legal after %r: engine only %s, model only %s; %s"
                        % (" ".join(seq[:i]), sorted(set(theirs) - set(mine)),
                           sorted(set(mine) - set(theirs)), model.show_position(m, replayed)))
            if i < len(seq):
                replayed = m.apply(replayed, seq[i])
        if len(sets) > len(seq) + 1:
            return "engine offered more decisions than the model after %r" % " ".join(seq)
        engine_sets = sets
    if use_moves:
        ej, err = engine_moves(tabula, path, seq)
        if ej is None:
            return "moves failed at the end of %r: %s" % (" ".join(seq), err)
        stats["decisions"] += 1
        moves_sets.append(sorted(ej["legal"]))
        engine_sets = moves_sets
        eo = ej.get("outcome")
        mo = model.outcome_json(st)
        same = same_outcome(m, eo, mo)
        if not same:
            LAST.update(kind="result", seq=seq, eo=eo)
            return "outcome after %r: engine %s, model %s" % (" ".join(seq), eo, mo)
    with tempfile.TemporaryDirectory() as d:
        rec = os.path.join(d, "g.rec")
        write_record(rec, m, turns)
        rc, out, err = run([tabula, "replay", path, rec, "--json"] + CFG)
        if rc != 0:
            return "replay of %r rejected: %s" % (" ".join(seq), err.strip().splitlines()[-1:])
        ej = json.loads(out)
    mo = model.outcome_json(st)
    LAST.update(kind="result")
    if st.outcome is None:
        return None  # cut short: nothing more to compare
    problems = []
    if ej.get("turns") != st.turns:
        problems.append("turns engine %s model %s" % (ej.get("turns"), st.turns))
    if ej.get("actions") != st.actions:
        problems.append("actions engine %s model %s" % (ej.get("actions"), st.actions))
    if bool(ej.get("draw")) != mo["draw"]:
        problems.append("draw engine %s model %s" % (ej.get("draw"), mo["draw"]))
    # replay reports the winning player and his team's name; the model a team number.
    wt = ej.get("winning_team")
    ew = m.g.team_names.index(wt) + 1 if wt in m.g.team_names else None
    if ew != mo["winner"]:
        problems.append("winning team engine %s model %s" % (ew, mo["winner"]))
    if ej.get("scores") != mo["scores"]:
        problems.append("scores engine %s model %s" % (ej.get("scores"), mo["scores"]))
    stats["games"] += 1
    if TRACES is not None and engine_sets is not None and not m.emulate:
        TRACES.write(json.dumps({
            "file": path, "variant": m.g.variant if "--variant" in CFG else None,
            "options": {CFG[i + 1].split("=")[0]: CFG[i + 1].split("=")[1]
                        for i in range(len(CFG)) if CFG[i] == "--set"},
            "steps": [{"legal": engine_sets[i], "action": a} for i, a in enumerate(seq)],
            "final_legal": engine_sets[len(seq)] if len(engine_sets) > len(seq) else [],
            "outcome": {"winner": ew, "draw": bool(ej.get("draw")), "scores": ej.get("scores")},
            "turns": ej.get("turns"), "actions": ej.get("actions")}) + "\n")
    if problems:
        return "game %r: %s" % (" ".join(seq), "; ".join(problems))
    return None


def configs(path):
    """The default game, plus the other variant and other option values the file offers."""
    text = open(path).read()
    out = [(None, {})]
    if '(variant "Alt"' in text:
        out.append(("Alt", {}))
    mt = re.search(r"\(option size \((range|choice) (\d+) (\d+)\) \(default (\d+)\)\)", text)
    if mt:
        other = int(mt.group(3)) if int(mt.group(4)) != int(mt.group(3)) else int(mt.group(2))
        out.append((None, {"size": str(other)}))
    if "(option flag boolean" in text:
        out.append((None, {"flag": "yes"}))
        out.append((None, {"flag": "off"}))
    return out


TRACES = None  # an open file: traces of the compared games, in `model.py verify` format
STATS_ZERO = dict(configs=0, files=0, invalid=0, perft_nodes=0, games=0, actions=0,
                  decisions=0, timeouts=0, errors=0)
CFG = []  # the --variant/--set arguments of the configuration being compared


def compare_file(tabula, path, args, stats, use_moves):
    global CFG
    rc, _, err = run([tabula, "check", path])
    if rc != 0:
        stats["invalid"] += 1
        return None
    stats["files"] += 1
    for variant, settings in configs(path):
        CFG = (["--variant", variant] if variant else []) + \
            [x for k, v in settings.items() for x in ("--set", "%s=%s" % (k, v))]
        try:
            m = model.load(path, variant, settings)
        except model.ModelError as e:
            # Another size may drop a site a region names: both must refuse it.
            eng, err = engine_perft(tabula, path, 1)
            if eng is None and CFG:
                continue
            return "the model refuses the file (%s), the engine does not" % e
        r = compare_config(tabula, path, args, stats, use_moves, m)
        if r:
            return "%s%s%s" % ("[%s] " % " ".join(CFG) if CFG else "", r,
                               explain(tabula, path, args, use_moves, variant, settings))
    return None


def explain(tabula, path, args, use_moves, variant, settings):
    """Which known engine defect explains a disagreement: the model emulating it agrees on the
    very perft counts or action sequence where the disagreement showed."""
    kind = LAST.get("kind")
    for em in [[k] for k in gen.KNOWN] + [list(gen.KNOWN)]:
        m = model.load(path, variant, settings)
        m.emulate = set(em)
        try:
            if kind == "perft":
                ok = model.perft_counts(m, len(LAST["engine"])) == LAST["engine"]
            elif kind == "legal":
                ok = agrees_on(tabula, path, m, LAST["seq"])
            elif kind == "result" and "eo" in LAST:
                # The same game, and the engine's result: does the emulating model give it?
                eo = LAST["eo"]
                st = model.replay(m, LAST["seq"])
                mo = model.outcome_json(st)
                ok = same_outcome(m, eo, mo)
            else:
                ok = False
        except (model.ModelError, subprocess.TimeoutExpired):
            ok = False
        if ok:
            return " => KNOWN %s" % "+".join(em)
    return " => UNEXPLAINED"


LAST = {}  # where the last disagreement showed: {"kind": "perft"|"legal"|"result", ...}


def compare_config(tabula, path, args, stats, use_moves, m):
    stats["configs"] += 1
    eng, err = engine_perft(tabula, path, args.depth)
    if eng is None and CFG and "error in the game file" in " ".join(err):
        # An option value can make a valid file invalid (`--set flag=yes` turning an `until`
        # into `false`): the model is no checker, so such a configuration is left out.
        stats["configs"] -= 1
        return None
    if eng is None:
        return "engine perft failed: %s" % err
    depth = 1
    for d in range(2, len(eng) + 1):
        if eng[d - 2] <= NODE_BUDGET:
            depth = d
    mine = model.perft_counts(m, depth)
    stats["perft_nodes"] += sum(mine)
    if mine != eng[:depth]:
        LAST.update(kind="perft", engine=eng[:depth])
        return "perft: engine %s, model %s" % (eng[:depth], mine)
    rng = random.Random(hash(os.path.basename(path)) & 0xFFFF if False else args.seed)
    for _ in range(args.games):
        r = play_and_compare(tabula, path, m, rng, use_moves, stats)
        if r:
            return r
    return None


def write_generated(args, out, i):
    """Writes the i-th generated file (and its extension, if any); returns their paths."""
    s = args.seed * 1000003 + i
    path = os.path.join(out, "g%06d.game" % i)
    g = gen.Gen(s, gen.KNOWN if args.avoid_known else (() if args.include_open else gen.OPEN))
    with open(path, "w") as f:
        f.write("; generated by tests/model/gen.py, seed %d\n" % s)
        f.write(g.game())
    paths = [path]
    if g.extension:
        paths.append(path[:-5] + "-x.game")
        with open(paths[1], "w") as f:
            f.write(g.extension.replace("BASE", os.path.basename(path)))
    return paths


def compare_one(args, path, stats, use_moves):
    """compare_file under a time limit; a timeout counts as no disagreement, but is counted."""
    signal.alarm(args.timeout)
    try:
        return compare_file(args.tabula, path, args, stats, use_moves)
    except (Timeout, subprocess.TimeoutExpired):
        stats["timeouts"] += 1
        return None
    except model.ModelError as e:
        stats["errors"] += 1
        # The engine wraps around where the model stops (issue 9, defect 2).
        known = " => KNOWN overflow" if "arithmetic overflow" in str(e) else ""
        return "model error: %s%s" % (e, known)
    finally:
        signal.alarm(0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="*", help="compare these files instead of generated ones")
    ap.add_argument("--files", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=60, help="seconds per file")
    ap.add_argument("--keep", help="directory to keep the generated files in")
    ap.add_argument("--no-moves", action="store_true", help="do not use `tabula moves`")
    ap.add_argument("--tabula", default=model.TABULA)
    ap.add_argument("--traces", help="write the engine's side of every compared game here "
                    "(JSON lines, the format `model.py verify` reads)")
    ap.add_argument("--avoid-known", action="store_true",
                    help="generate no rule shapes of the known engine defects (gen.KNOWN)")
    ap.add_argument("--include-open", action="store_true",
                    help="also generate the shapes of the open engine defects (gen.OPEN), which "
                    "are left out by default")
    args = ap.parse_args()
    model.TABULA = args.tabula
    global TRACES
    if args.traces:
        TRACES = open(args.traces, "w")
    out = args.keep or tempfile.mkdtemp(prefix="tabula-model-")
    os.makedirs(out, exist_ok=True)
    use_moves = not args.no_moves and has_moves(args.tabula)
    stats = dict(STATS_ZERO)
    known = unexplained = 0

    bad = 0
    t0 = time.time()
    signal.signal(signal.SIGALRM, _alarm)
    todo = [[p] for p in args.paths] if args.paths else range(args.files)
    for i in todo:
        if args.paths:
            paths = i
        else:
            paths = write_generated(args, out, i)
        for path in paths:
            r = compare_one(args, path, stats, use_moves)
            if r:
                bad += 1
                if "=> KNOWN" in r:
                    known += 1
                else:
                    unexplained += 1
                print("%s: MISMATCH %s" % (path, r), flush=True)
    print("%d %s, %d valid files (with extensions), %d invalid, %d timed out; %d disagreements (%d explained by known engine defects, %d unexplained); "
          "%d configurations; perft nodes %d, games %d, actions %d, decision points compared %d (%s); %.0f s"
          % (len(todo), "files given" if args.paths else "seeds", stats["files"], stats["invalid"], stats["timeouts"], bad, known, unexplained,
             stats["configs"], stats["perft_nodes"], stats["games"], stats["actions"], stats["decisions"],
             "tabula moves" if use_moves else "legal sets from `tabula play`", time.time() - t0))
    if not args.keep and not args.traces:
        shutil.rmtree(out, ignore_errors=True)
    elif not args.keep:
        print("generated files kept in %s (the traces name them)" % out)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
