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


def _alarm(signum, frame):
    raise Timeout()


def run(cmd, timeout=60):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def engine_perft(tabula, path, depth):
    rc, out, err = run([tabula, "perft", path, str(depth), "--all"])
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
    rc, out, err = run([tabula, "moves", path, "--after", " ".join(actions), "--json"])
    if rc != 0:
        return None, err.strip()
    return json.loads(out), None


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
    while st.outcome is None and len(seq) < 2000:
        legal = m.legal_texts(st)
        if use_moves:
            ej, err = engine_moves(tabula, path, seq)
            if ej is None:
                return "moves failed after %r: %s" % (" ".join(seq), err)
            stats["decisions"] += 1
            if sorted(ej["legal"]) != legal:
                return ("legal after %r: engine only %s, model only %s; %s"
                        % (" ".join(seq), sorted(set(ej["legal"]) - set(legal)),
                           sorted(set(legal) - set(ej["legal"])), model.show_position(m, st)))
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
    if use_moves:
        ej, err = engine_moves(tabula, path, seq)
        if ej is None:
            return "moves failed at the end of %r: %s" % (" ".join(seq), err)
        stats["decisions"] += 1
        eo = ej.get("outcome")
        mo = model.outcome_json(st)
        if (eo is None) != (mo is None) or (eo and (eo.get("draw") != mo["draw"])):
            return "outcome after %r: engine %s, model %s" % (" ".join(seq), eo, mo)
    with tempfile.TemporaryDirectory() as d:
        rec = os.path.join(d, "g.rec")
        write_record(rec, m, turns)
        rc, out, err = run([tabula, "replay", path, rec, "--json"])
        if rc != 0:
            return "replay of %r rejected: %s" % (" ".join(seq), err.strip().splitlines()[-1:])
        ej = json.loads(out)
    mo = model.outcome_json(st)
    if st.outcome is None:
        return None  # cut short: nothing more to compare
    problems = []
    if ej.get("turns") != st.turns:
        problems.append("turns engine %s model %s" % (ej.get("turns"), st.turns))
    if ej.get("actions") != st.actions:
        problems.append("actions engine %s model %s" % (ej.get("actions"), st.actions))
    if bool(ej.get("draw")) != mo["draw"]:
        problems.append("draw engine %s model %s" % (ej.get("draw"), mo["draw"]))
    ew = ej.get("winner")
    if ew is not None and mo["winner"] is not None:
        # replay reports a player; the model a team: compare teams.
        if m.g.player_team[ew - 1] + 1 != mo["winner"] and ew != mo["winner"]:
            problems.append("winner engine player %s model team %s" % (ew, mo["winner"]))
    elif (ew is None) != (mo["winner"] is None):
        problems.append("winner engine %s model %s" % (ew, mo["winner"]))
    if ej.get("scores") != mo["scores"]:
        problems.append("scores engine %s model %s" % (ej.get("scores"), mo["scores"]))
    stats["games"] += 1
    if problems:
        return "game %r: %s" % (" ".join(seq), "; ".join(problems))
    return None


def compare_file(tabula, path, args, stats, use_moves):
    rc, _, err = run([tabula, "check", path])
    if rc != 0:
        stats["invalid"] += 1
        return None
    stats["files"] += 1
    m = model.load(path)
    eng, err = engine_perft(tabula, path, args.depth)
    if eng is None:
        return "engine perft failed: %s" % err
    depth = 1
    for d in range(2, len(eng) + 1):
        if eng[d - 2] <= NODE_BUDGET:
            depth = d
    mine = model.perft_counts(m, depth)
    stats["perft_nodes"] += sum(mine)
    if mine != eng[:depth]:
        return "perft: engine %s, model %s" % (eng[:depth], mine)
    rng = random.Random(hash(os.path.basename(path)) & 0xFFFF if False else args.seed)
    for _ in range(args.games):
        r = play_and_compare(tabula, path, m, rng, use_moves, stats)
        if r:
            return r
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--files", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=60, help="seconds per file")
    ap.add_argument("--keep", help="directory to keep the generated files in")
    ap.add_argument("--no-moves", action="store_true", help="do not use `tabula moves`")
    ap.add_argument("--tabula", default=model.TABULA)
    args = ap.parse_args()
    model.TABULA = args.tabula
    out = args.keep or tempfile.mkdtemp(prefix="tabula-model-")
    os.makedirs(out, exist_ok=True)
    use_moves = not args.no_moves and has_moves(args.tabula)
    stats = dict(files=0, invalid=0, perft_nodes=0, games=0, actions=0, decisions=0, timeouts=0,
                 errors=0)
    bad = 0
    t0 = time.time()
    signal.signal(signal.SIGALRM, _alarm)
    for i in range(args.files):
        s = args.seed * 1000003 + i
        path = os.path.join(out, "g%06d.game" % i)
        with open(path, "w") as f:
            f.write("; generated by tests/model/gen.py, seed %d\n" % s)
            f.write(gen.Gen(s).game())
        signal.alarm(args.timeout)
        try:
            r = compare_file(args.tabula, path, args, stats, use_moves)
        except Timeout:
            stats["timeouts"] += 1
            r = None
        except model.ModelError as e:
            stats["errors"] += 1
            r = "model error: %s" % e
        except subprocess.TimeoutExpired:
            stats["timeouts"] += 1
            r = None
        finally:
            signal.alarm(0)
        if r:
            bad += 1
            print("%s: MISMATCH %s" % (path, r), flush=True)
    print("%d files generated, %d valid, %d invalid, %d timed out; %d disagreements; "
          "perft nodes %d, games %d, actions %d, decision points compared %d (%s); %.0f s"
          % (args.files, stats["files"], stats["invalid"], stats["timeouts"], bad,
             stats["perft_nodes"], stats["games"], stats["actions"], stats["decisions"],
             "tabula moves" if use_moves else "no `tabula moves`: replay only", time.time() - t0))
    if not args.keep:
        shutil.rmtree(out, ignore_errors=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
