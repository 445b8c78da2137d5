#!/usr/bin/env python3
"""Independent reference interpreter of the Tabula rule language.

Written from docs/LANGUAGE.md (and the design document's §2/§4, now docs/CLI.md, for action
texts, counting and the CLI contract) without reading the engine's sources. It is deliberately brute force: every legal
action is found by building the position it would lead to and testing the rules on it, and
every state is a fresh copy. Speed is not a goal; being obviously a reading of the docs is.

The one thing taken from the engine is the geometry of the 3.4.6.4 tiling (sites, edges,
faces), read from `tabula info FILE --sites --json`, because it is board geometry, not rules.
Square and hexhex boards are built here from the labelling rules of LANGUAGE.md §4.

Commands: perft, moves, verify, random (see README.md).
"""

import json
import os
import random as _random
import re
import subprocess
import sys

I64_MIN = -(2 ** 63)
I64_MAX = 2 ** 63 - 1
UNLIMITED_HAND = 4294967295
FILTERS = ("empty", "occupied", "friend", "enemy", "any")
BOUND_WORDS = ("to", "from", "site", "last", "previous-from", "previous-to")
# The history ludemes (LANGUAGE.md, History and priority): a position for `repetition` holds
# the rights they give, or which pieces are unmoved.
HISTORY_WORDS = ("unmoved", "previous-from", "previous-to")
# A direction's opposite: an axis of `line` is a direction together with it.
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E", "NE": "SW", "SW": "NE", "NW": "SE", "SE": "NW"}
PIECE_MOVES = ("slide", "leap", "hop")
MOVE_KINDS = ("place", "slide", "relocate", "leap", "hop", "pass")


class ModelError(Exception):
    """A file or an input the model cannot interpret (or a run-time error such as overflow)."""


class Q(str):
    """A string form (written in double quotes), as opposed to a word (plain `str`)."""


def is_word(x):
    return isinstance(x, str) and not isinstance(x, Q)


def head(x):
    return x[0] if isinstance(x, list) and x and is_word(x[0]) else None


# ---------------------------------------------------------------------------------------------
# Reading forms (LANGUAGE.md §1)

WORD_CHARS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_+*/<>=!?.#&|'")


def parse_forms(text):
    """Returns the list of top-level forms: lists, words (str), strings (Q) and numbers (int)."""
    pos = 0
    n = len(text)
    stack = [[]]
    while pos < n:
        c = text[pos]
        if c in " \t\r\n":
            pos += 1
        elif c == ";":
            while pos < n and text[pos] != "\n":
                pos += 1
        elif c == "(":
            stack.append([])
            pos += 1
        elif c == ")":
            if len(stack) == 1:
                raise ModelError("unbalanced ')'")
            done = stack.pop()
            stack[-1].append(done)
            pos += 1
        elif c == '"':
            pos += 1
            out = []
            while True:
                if pos >= n or text[pos] == "\n":
                    raise ModelError("unterminated string")
                ch = text[pos]
                if ch == '"':
                    pos += 1
                    break
                if ch == "\\":
                    nxt = text[pos + 1] if pos + 1 < n else ""
                    mapping = {'"': '"', "\\": "\\", "n": "\n", "t": "\t"}
                    if nxt not in mapping:
                        raise ModelError("unknown escape")
                    out.append(mapping[nxt])
                    pos += 2
                else:
                    out.append(ch)
                    pos += 1
            stack[-1].append(Q("".join(out)))
        elif c in WORD_CHARS:
            start = pos
            while pos < n and text[pos] in WORD_CHARS:
                pos += 1
            tok = text[start:pos]
            if re.fullmatch(r"-?[0-9]+", tok):
                v = int(tok)
                if v < I64_MIN or v > I64_MAX:
                    raise ModelError("number does not fit in 64 bits: " + tok)
                stack[-1].append(v)
            else:
                stack[-1].append(tok)
        else:
            raise ModelError("unexpected character %r" % c)
    if len(stack) != 1:
        raise ModelError("unbalanced '('")
    return stack[0]


# ---------------------------------------------------------------------------------------------
# Options, defines, variants, extends (LANGUAGE.md §2, §10 extends/without)


def marked_default(variant):
    """The word `default` (not a description that happens to read "default") marks a variant."""
    return any(is_word(x) and x == "default" for x in variant[2:])


def section_key(form):
    """The name by which `extends` replaces a section (None for sections that are not replaced)."""
    h = head(form)
    if h in ("option", "define", "counter", "allowance"):
        return (h, form[1])
    if h == "variant":
        return (h, str(form[1]))
    if h == "region":
        owner = None
        for a in form[2:]:
            if head(a) == "owner":
                owner = str(a[1])
        return (h, form[1], owner)
    if h == "relation":
        owner = None
        for a in form[2:]:
            if head(a) == "owner":
                owner = str(a[1])
        return (h, form[1], owner)
    if h in ("players", "board", "play", "end", "setup", "pieces"):
        return (h,)
    return None


def load_sections(path, depth=0):
    """The sections of the game in PATH, with `extends` applied (a list of forms) and its name."""
    if depth > 16:
        raise ModelError("extends: too many files")
    with open(path, encoding="utf-8") as f:
        forms = parse_forms(f.read())
    games = [x for x in forms if head(x) == "game"]
    if len(forms) != 1 or len(games) != 1:
        raise ModelError("a file holds exactly one (game ...)")
    game = games[0]
    name = game[1]
    own = game[2:]
    base = None
    for s in own:
        if head(s) == "extends":
            base = os.path.join(os.path.dirname(path), str(s[1]))
    if base is None:
        return [s for s in own if head(s) != "without"], name
    sections, _ = load_sections(base, depth + 1)
    sections = list(sections)
    # A default variant here takes the mark from the base's.
    if any(head(s) == "variant" and marked_default(s) for s in own):
        sections = [[x for x in s if not (is_word(x) and x == "default")]
                    if head(s) == "variant" else s for s in sections]
    for s in own:
        h = head(s)
        if h == "extends":
            continue
        if h == "without":
            kind, nm = s[1], s[2]
            before = len(sections)
            sections = [
                x for x in sections
                if not (head(x) == kind and (str(x[1]) == str(nm)))
            ]
            if len(sections) == before:
                raise ModelError("without: the base has no %s %s" % (kind, nm))
            continue
        if h == "meta":
            metas = [x for x in sections if head(x) == "meta"]
            sections = [x for x in sections if head(x) != "meta"]
            sections.append(["meta"] + [e for m in metas for e in m[1:]] + list(s[1:]))
            continue
        k = section_key(s)
        if k is not None:
            replaced = False
            for i, x in enumerate(sections):
                if section_key(x) == k:
                    sections[i] = s
                    replaced = True
                    break
            if not replaced:
                sections.append(s)
        else:
            sections.append(s)
    return sections, name


BOOL_WORDS = {"true": True, "yes": True, "on": True, "1": True,
              "false": False, "no": False, "off": False, "0": False}


def resolve(path, variant=None, settings=None):
    """Applies options, variant and defines: returns (game name, variant name, substituted sections)."""
    settings = dict(settings or {})
    sections, name = load_sections(path)
    options = {}
    defines = {}
    variants = []
    for s in sections:
        h = head(s)
        if h == "option":
            nm, typ = s[1], s[2]
            default = None
            for a in s[3:]:
                if head(a) == "default":
                    default = a[1]
            if typ == "boolean":
                options[nm] = ("bool", None, default if default is not None else "false")
            elif head(typ) == "choice":
                options[nm] = ("choice", list(typ[1:]), default)
            elif head(typ) == "range":
                options[nm] = ("range", (typ[1], typ[2]), default)
            else:
                raise ModelError("bad option type")
        elif h == "define":
            defines[s[1]] = s[2]
        elif h == "variant":
            variants.append(s)
    chosen = None
    if variant is not None:
        for v in variants:
            if str(v[1]) == variant:
                chosen = v
        if chosen is None:
            raise ModelError("unknown variant %r" % variant)
    else:
        for v in variants:
            if marked_default(v):
                chosen = v
        if chosen is None and variants:
            chosen = variants[0]
    overrides = {}
    if chosen is not None:
        for o in chosen[2:]:
            ho = head(o)
            if ho == "define":
                defines[o[1]] = o[2]
            elif ho in ("players", "board", "play", "end", "setup", "pieces"):
                overrides[ho] = o
    values = {}
    for nm, (kind, allowed, default) in options.items():
        raw = settings.pop(nm, None)
        if kind == "bool":
            if raw is None:
                v = default
            else:
                if str(raw).lower() not in BOOL_WORDS:
                    raise ModelError("bad boolean value for %s" % nm)
                v = "true" if BOOL_WORDS[str(raw).lower()] else "false"
            values[nm] = v
        else:
            if raw is None:
                v = default
            else:
                try:
                    v = int(raw)
                except ValueError:
                    raise ModelError("bad value for %s" % nm)
            if kind == "choice" and v not in allowed:
                raise ModelError("value %s not allowed for %s" % (v, nm))
            if kind == "range" and not (allowed[0] <= v <= allowed[1]):
                raise ModelError("value %s out of range for %s" % (v, nm))
            values[nm] = v
    if settings:
        raise ModelError("unknown option(s): %s" % ", ".join(settings))

    def subst(form, seen=()):
        if isinstance(form, list):
            if not form:
                return form
            out = [form[0] if is_word(form[0]) else subst(form[0], seen)]
            for a in form[1:]:
                out.append(subst_arg(a, seen))
            return out
        return form

    def subst_arg(a, seen):
        if is_word(a):
            if a in values:
                return values[a]
            if a in defines:
                if a in seen:
                    raise ModelError("define cycle at %s" % a)
                return subst_arg(defines[a], seen + (a,))
            return a
        return subst(a, seen)

    out = []
    for s in sections:
        h = head(s)
        if h in ("players", "board", "play", "end", "setup", "pieces"):
            s = overrides.pop(h, s)
        if h in ("players", "board", "region", "counter", "allowance", "play", "end", "setup",
                 "pieces", "relation"):
            out.append(subst(s))
    # A variant may bring a setup or pieces the file does not have (§ Setups: "a variant may
    # replace it").
    for h in ("setup", "pieces"):
        if h in overrides:
            out.append(subst(overrides.pop(h)))
    vname = str(chosen[1]) if chosen is not None else None
    return str(name), vname, out


# ---------------------------------------------------------------------------------------------
# Boards (LANGUAGE.md §4)


def reads_history(x):
    if is_word(x):
        return x in HISTORY_WORDS
    return isinstance(x, list) and any(reads_history(c) for c in x)


def reads_history_word(x, w):
    if is_word(x):
        return x == w
    return isinstance(x, list) and any(reads_history_word(c, w) for c in x)


def where_and_credit(clauses):
    """The conditions of a `(where ...)` and the `(credit COUNTER mover|owner)` of a removal's
    clauses (`remove`, `remove-groups`): ([], None) for those left out."""
    where, credit = [], None
    for c in clauses:
        if head(c) == "where":
            where = c[1:]
        elif head(c) == "credit":
            credit = (c[1], c[2])
    return where, credit


def column_letters(i):
    """0 → a, 25 → z, 26 → aa, 27 → ab, … (no letter skipped)."""
    s = ""
    i += 1
    while i > 0:
        i, r = divmod(i - 1, 26)
        s = chr(ord("a") + r) + s
    return s


class Board:
    def __init__(self):
        self.labels = []
        self.index = {}
        self.rel = {}  # relation name -> list of neighbour lists
        self.builtin = {}  # region name -> list of parts (frozensets)
        self.face_labels = {}  # kind -> list of labels, aligned with builtin[kind]
        self.dirs = {}  # direction name -> the site one step that way from each site, or -1
        self.rel_dirs = {}  # relation name -> the directions it is made of (none on a tiling)

    def site(self, label):
        i = self.index.get(str(label))
        if i is None:
            raise ModelError("no site is labelled %s" % label)
        return i

    def finish(self):
        self.index = {l: i for i, l in enumerate(self.labels)}
        self.n = len(self.labels)

    def ray(self, d, f, limit=None):
        """The sites from f along direction d, nearest first, at most limit of them (None: to
        the edge of the board)."""
        step = self.dirs[d]
        x, k = step[f], 1
        while x >= 0 and (limit is None or k <= limit):
            yield x
            x, k = step[x], k + 1

    def leap_end(self, f, path):
        """Where the steps of path (directions) lead from f, or -1 off the board."""
        x = f
        for d in path:
            x = self.dirs[d][x]
            if x < 0:
                return -1
        return x


SQ_DIRS = {"N": (1, 0), "NE": (1, 1), "E": (0, 1), "SE": (-1, 1), "S": (-1, 0), "SW": (-1, -1),
           "W": (0, -1), "NW": (1, -1)}
# Hexagonal cells, as (row, column) steps. hexhex (§4): E c3→d3, NE →d4, NW →c4, W →b3, SW →b2,
# SE →c2. rhombus and triangle (the skew): E b2→c2, NE →b3, NW →a3, W →a2, SW →b1, SE →c1.
HEX_DIRS = {"E": (0, 1), "NE": (1, 1), "NW": (1, 0), "W": (0, -1), "SW": (-1, -1), "SE": (-1, 0)}
SKEW_DIRS = {"E": (0, 1), "NE": (1, 0), "NW": (1, -1), "W": (0, -1), "SW": (-1, 0), "SE": (-1, 1)}
SQ_ORDER = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
HEX_ORDER = ["E", "NE", "NW", "W", "SW", "SE"]


def grid_board(cells, label, dirs, order, rels):
    """A board of cells (row, col) in index order, with directions as (drow, dcol) steps.
    rels: relation name -> the directions it is the union of (§4 Directions)."""
    b = Board()
    pos = {rc: i for i, rc in enumerate(cells)}
    b.labels = [label(r, c) for r, c in cells]
    b.dirs = {}
    for d in order:
        dr, dc = dirs[d]
        b.dirs[d] = [pos.get((r + dr, c + dc), -1) for r, c in cells]
    b.rel = {}
    b.rel_dirs = {}
    for d in order:
        b.rel[d] = [[x] if x >= 0 else [] for x in b.dirs[d]]
        b.rel_dirs[d] = [d]
    for name, ds in rels.items():
        b.rel[name] = [sorted(b.dirs[d][i] for d in ds if b.dirs[d][i] >= 0)
                       for i in range(len(cells))]
        b.rel_dirs[name] = list(ds)
    b.cells = cells
    b.finish()
    return b


def four_sides(b, cells, w, h):
    """The sides of a board of `h` rows of `w` cells, (row, column) from 0, and its perimeter."""
    sides = {"side-N": [i for i, (r, c) in enumerate(cells) if r == h - 1],
             "side-E": [i for i, (r, c) in enumerate(cells) if c == w - 1],
             "side-S": [i for i, (r, c) in enumerate(cells) if r == 0],
             "side-W": [i for i, (r, c) in enumerate(cells) if c == 0]}
    b.builtin = {"perimeter": [frozenset().union(*map(frozenset, sides.values()))]}
    for k, v in sides.items():
        b.builtin[k] = [frozenset(v)]


def rectangle_board(w, h):
    cells = [(r, c) for r in range(h) for c in range(w)]
    b = grid_board(cells, lambda r, c: column_letters(c) + str(r + 1), SQ_DIRS, SQ_ORDER,
                   {"orthogonal": ["N", "E", "S", "W"], "diagonal": ["NE", "SE", "SW", "NW"],
                    "all": SQ_ORDER})
    four_sides(b, cells, w, h)
    # Dark and light squares: a1 and every site an even number of orthogonal steps from it.
    b.builtin["dark-squares"] = [frozenset(i for i, (r, c) in enumerate(cells) if (r + c) % 2 == 0)]
    b.builtin["light-squares"] = [frozenset(i for i, (r, c) in enumerate(cells) if (r + c) % 2 == 1)]
    return b


def square_board(n):
    return rectangle_board(n, n)


def hexhex_board(n):
    cells = []  # (row, col) with row 1..2n-1, col 0..2n-2
    for row in range(1, 2 * n):
        r = n - row
        for col in range(0, 2 * n - 1):
            q = col - (n - 1)
            if max(abs(q), abs(r), abs(q + r)) <= n - 1:
                cells.append((row, col))
    b = grid_board(cells, lambda row, col: column_letters(col) + str(row), HEX_DIRS, HEX_ORDER,
                   {"adjacent": HEX_ORDER})
    m = n - 1

    def qrs(row, col):
        q, r = col - m, n - row
        return q, r, -q - r

    per = frozenset(i for i, rc in enumerate(cells) if max(map(abs, qrs(*rc))) == m)
    b.builtin = {"perimeter": [per]}
    # Sides by the way they face; in cube coordinates (q, r, s): side-S is r = m (row 1), side-N
    # r = -m, side-SW q = -m (column a), side-NE q = m, side-NW s = m, side-SE s = -m.
    tests = {"side-N": lambda q, r, s: r == -m, "side-NE": lambda q, r, s: q == m,
             "side-SE": lambda q, r, s: s == -m, "side-S": lambda q, r, s: r == m,
             "side-SW": lambda q, r, s: q == -m, "side-NW": lambda q, r, s: s == m,
             "corner-NE": lambda q, r, s: (q, r) == (m, -m), "corner-E": lambda q, r, s: (q, r) == (m, 0),
             "corner-SE": lambda q, r, s: (q, r) == (0, m), "corner-SW": lambda q, r, s: (q, r) == (-m, m),
             "corner-W": lambda q, r, s: (q, r) == (-m, 0), "corner-NW": lambda q, r, s: (q, r) == (0, -m)}
    for k, t in tests.items():
        b.builtin[k] = [frozenset(i for i, rc in enumerate(cells) if t(*qrs(*rc)))]
    return b


def skew_board(cells):
    b = grid_board(cells, lambda r, c: column_letters(c) + str(r + 1), SKEW_DIRS, HEX_ORDER,
                   {"adjacent": HEX_ORDER})
    return b


def rhombus_board(n):
    cells = [(r, c) for r in range(n) for c in range(n)]
    b = skew_board(cells)
    four_sides(b, cells, n, n)
    return b


def triangle_board(n):
    cells = [(r, c) for r in range(n) for c in range(n - r)]
    b = skew_board(cells)
    sides = {"side-E": [i for i, (r, c) in enumerate(cells) if r + c == n - 1],
             "side-S": [i for i, (r, c) in enumerate(cells) if r == 0],
             "side-W": [i for i, (r, c) in enumerate(cells) if c == 0]}
    b.builtin = {"perimeter": [frozenset().union(*map(frozenset, sides.values()))]}
    for k, v in sides.items():
        b.builtin[k] = [frozenset(v)]
    return b


TABULA = os.environ.get("TABULA_BIN") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "target", "release", "tabula")
_tiling_cache = {}


def tiling_board(n):
    """The 3.4.6.4 tiling's geometry, read from the engine's `info --sites --json` (see README)."""
    if n in _tiling_cache:
        return _tiling_cache[n]
    src = ('(game "T" (players "A" "B") (board (tiling "3.4.6.4" %d)) '
           '(play (turn (place (to empty)))) (end (when (board-full) (draw))))' % n)
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".game", delete=False) as f:
        f.write(src)
        tmp = f.name
    try:
        out = subprocess.run([TABULA, "info", tmp, "--sites", "--json"], capture_output=True,
                             text=True, check=True).stdout
    finally:
        os.unlink(tmp)
    info = json.loads(out)
    b = Board()
    sites = info["sites"]
    b.labels = [str(s["label"]) for s in sites]
    b.finish()
    edges = [sorted(b.index[str(x)] for x in s["neighbors"]["edges"]) for s in sites]
    b.rel = {"edges": edges}
    b.builtin = {"perimeter": [frozenset(i for i, s in enumerate(sites) if "perimeter" in s["in"])]}
    faces = {}
    for i, s in enumerate(sites):
        for lab in s["in"]:
            if re.fullmatch(r"[tsh][0-9]+", lab):
                faces.setdefault(lab, set()).add(i)
    for kind in ("triangles", "squares", "hexagons"):
        labs = sorted((l for l in faces if l[0] == kind[0]), key=lambda l: int(l[1:]))
        b.builtin[kind] = [frozenset(faces[l]) for l in labs]
        b.face_labels[kind] = labs
    _tiling_cache[n] = b
    return b


# ---------------------------------------------------------------------------------------------
# The game: players, board, regions, play, end


class Phase:
    def __init__(self, name, until, stages, after, blocked):
        self.name, self.until, self.stages, self.after, self.blocked = name, until, stages, after, blocked


class Stage:
    def __init__(self, lo, hi, moves, prio=()):
        # `priority`: its moves come first in the list of legal actions, and whenever one of
        # them has a legal action only theirs are legal (LANGUAGE.md, `priority`).
        self.lo, self.hi = lo, hi
        self.prio = list(prio)
        self.others = list(moves)
        self.moves = self.prio + self.others


class Move:
    def __init__(self, form, game):
        self.kind = form[0]
        self.to = self.frm = self.along = None
        self.where, self.require, self.then = [], [], []
        self.distinct = False
        self.capture = None  # None, or the credit: None or (COUNTER, mover|owner), in a tuple
        self.range = 1  # a number, or None for `any`
        self.paths = []  # a leap's paths: lists of directions
        self.over = None  # a hop's (RELATION, FILTER)
        self.promote = None  # (REGION, [kind indices])
        self.piece = 0  # the kind a place puts
        self.after = []  # conditions on the position after the action and its effects
        self.no_repeat = None  # None, "superko" or "ko"
        self.name = None  # a named pass's text
        for c in form[1:]:
            if c == "distinct":
                self.distinct = True
                continue
            if self.kind == "pass" and is_word(c):
                self.name = c
                continue
            h = head(c)
            if h == "to":
                self.to = c[1]
            elif h == "from":
                self.frm = c[1]
            elif h == "along":
                self.along = c[1]
            elif h == "where":
                self.where = c[1:]
            elif h == "require":
                self.require = c[1:]
            elif h == "then":
                self.then = c[1:]
            elif h == "distinct":
                self.distinct = True if len(c) == 1 else game.const_cond(c[1])
            elif h == "capture":
                self.capture = ((c[1][1], c[1][2]) if len(c) > 1 else None,)
            elif h == "range":
                self.range = None if c[1] == "any" else game.const_num(c[1])
            elif h == "by":
                self.paths = [list(p) for p in c[1:]]
            elif h == "over":
                self.over = (c[1], c[2] if len(c) > 2 else "occupied")
            elif h == "promote":
                self.promote = (c[1], [game.kind_index(k) for k in c[2:]])
            elif h == "piece":
                self.piece = game.kind_index(c[1])
            elif h == "after":
                self.after = c[1:]
            elif h == "no-repeat":
                self.no_repeat = c[1] if len(c) > 1 else "superko"
                game.uses_no_repeat = True
            else:
                raise ModelError("unknown clause %r of %s" % (c, self.kind))


class Game:
    def __init__(self, path, variant=None, settings=None):
        self.path = path
        self.uses_no_repeat = False
        self.name, self.variant, sections = resolve(path, variant, settings)
        by = {}
        for s in sections:
            by.setdefault(head(s), []).append(s)
        self._players(by["players"][0])
        self._board(by["board"][0][1])
        self._relations(by.get("relation", []))
        self._regions(by.get("region", []))
        self._pieces(by.get("pieces", [None])[-1])
        self.counters = [s[1] for s in by.get("counter", [])]
        self.allowances = [s[1] for s in by.get("allowance", [])]
        self._play(by["play"][0])
        self._end(by["end"][0])
        self._setup(by.get("setup", [None])[-1])
        self._history([by["play"][0], by["end"][0]])

    def _history(self, forms):
        """How a position for `repetition` holds the history (LANGUAGE.md, `unmoved`, "Positions
        and rights"): None when no rule reads it; "rights" when only the `where` conditions of
        piece moves (and those moves' own effects) read it; "unmoved" (which pieces are unmoved) when it
        is read anywhere else."""
        places = []

        def walk(x, in_where, parent):
            if is_word(x):
                if x in HISTORY_WORDS:
                    places.append(in_where)
                return
            if not isinstance(x, list):
                return
            h = head(x)
            if h in HISTORY_WORDS:
                places.append(in_where)
            # The effects of a piece move whose `where` reads the history count as its `where`:
            # they run only when the move is made, which the rights allow.
            own = h in PIECE_MOVES and any(
                isinstance(c, list) and head(c) == "where" and reads_history(c) for c in x[1:])
            for c in x[1:] if h else x:
                then = own and isinstance(c, list) and head(c) == "then"
                walk(c, in_where or then or (parent in PIECE_MOVES and h == "where"), h)
                # (the where of a piece move: its conditions are the children of `where`)
        for f in forms:
            for c in f[1:]:
                walk(c, False, head(f))
        self.reads_unmoved = reads_history_word(forms, "unmoved")
        if not places:
            self.history_mode = None
        elif all(places):
            self.history_mode = "rights"
        else:
            self.history_mode = "unmoved"
        # The piece moves whose `where` reads the history, with those of its conditions.
        self.history_moves = []
        for ph in self.phases:
            for sg in ph.stages:
                for mv in sg.moves:
                    if mv.kind in PIECE_MOVES:
                        conds = [c for c in mv.where if reads_history(c)]
                        if conds:
                            self.history_moves.append((mv, conds))

    def _owned(self, form):
        """The arguments of a region or relation form other than its `(owner TEAM)`, the teams
        it is for (the owner alone, or every team) and the owner (None for every team)."""
        owner = None
        rest = []
        for a in form[2:]:
            if head(a) == "owner":
                owner = self.team_names.index(str(a[1]))
            else:
                rest.append(a)
        return rest, ([owner] if owner is not None else list(range(self.nt))), owner

    # -- relations (§4 `relation`, Directions)
    def _relations(self, forms):
        b = self.board
        # A relation name means, for each team, the version it owns, or else the unowned one.
        # Each version is (neighbour lists, the directions it is made of or None).
        self.rels_free = {k: (v, b.rel_dirs.get(k)) for k, v in b.rel.items()}
        self.rels_owned = {}
        for f in forms:
            name = f[1]
            parts, teams, owner = self._owned(f)
            per_team = {}
            for t in teams:
                nbs = [set() for _ in range(b.n)]
                dirs = []
                for p in parts:
                    pn, pd = self.rel_version(p, t)
                    for i in range(b.n):
                        nbs[i].update(pn[i])
                    if dirs is not None:
                        dirs = None if pd is None else dirs + [d for d in pd if d not in dirs]
                per_team[t] = ([sorted(x) for x in nbs], dirs)
            if owner is not None:
                self.rels_owned.setdefault(name, {})[owner] = per_team[owner]
            else:
                self.rels_free_per_team = getattr(self, "rels_free_per_team", {})
                self.rels_free_per_team[name] = per_team

    def rel_version(self, name, team):
        t = team if team is not None else 0
        if t in self.rels_owned.get(name, {}):
            return self.rels_owned[name][t]
        fp = getattr(self, "rels_free_per_team", {})
        if name in fp:
            return fp[name][t]
        if name in self.rels_free:
            return self.rels_free[name]
        raise ModelError("unknown relation %s (for team %d)" % (name, t + 1))

    def rel(self, name, team):
        """The neighbour lists of a relation, for a team (owned relations: its version)."""
        return self.rel_version(name, team)[0]

    def rel_dirs(self, name, team):
        d = self.rel_version(name, team)[1]
        if d is None:
            raise ModelError("%s holds no direction (no_directions)" % name)
        return d

    # -- pieces (§ Pieces and their moves)
    def _pieces(self, form):
        self.kinds = ["stone"]
        self.kind_sym = [None]
        self.neutral_kinds = set()
        self.has_kinds = form is not None
        if form is None:
            return
        self.kinds, self.kind_sym = [], []
        for k in form[1:]:
            if is_word(k):
                self.kinds.append(k)
                self.kind_sym.append(None)
            else:
                self.kinds.append(k[0])
                sym = None
                for x in k[1:]:
                    if isinstance(x, Q):
                        sym = str(x)
                    elif x == "neutral":
                        self.neutral_kinds.add(len(self.kinds) - 1)
                self.kind_sym.append(sym)

    def kind_index(self, name):
        if name not in self.kinds:
            raise ModelError("unknown piece %s" % name)
        return self.kinds.index(name)

    def kind_letter(self, k):
        """How an action names a kind promoted to: its symbol or its name's first letter, upper
        case; the kind's name when another kind of the game shows the same letter."""
        def base(i):
            return (self.kind_sym[i] or self.kinds[i][0]).upper()
        if any(base(i) == base(k) for i in range(len(self.kinds)) if i != k):
            return self.kinds[k]
        return base(k)

    # -- setup
    def setup_sites(self, x, team):
        b = self.board
        if isinstance(x, int) or isinstance(x, Q) or (is_word(x) and str(x) in b.index):
            return [b.site(x)]
        if is_word(x):
            return sorted(self.region_union(x, team if team is not None else 0))
        h = head(x)
        if h == "sites":
            return [b.site(y) for y in x[1:]]
        if h == "if":
            if self.const_cond(x[1]):
                return self.setup_sites(x[2], team)
            return self.setup_sites(x[3], team) if len(x) > 3 else []
        raise ModelError("bad setup sites %r" % (x,))

    def _setup(self, form):
        self.setup = []  # (site, team or NEUTRAL, kind)
        if form is None:
            return
        seen = set()
        for p in form[1:]:
            args = p[1:]
            team = None
            if isinstance(args[0], Q):
                team = self.team_names.index(str(args[0]))
                args = args[1:]
            kind = 0
            if args and is_word(args[0]) and self.has_kinds and args[0] in self.kinds:
                kind = self.kinds.index(args[0])
                args = args[1:]
            owner = team if team is not None else self.nt  # NEUTRAL
            for x in args:
                for s in self.setup_sites(x, team):
                    if s in seen:
                        raise ModelError("a site is set up twice (duplicate)")
                    seen.add(s)
                    self.setup.append((s, owner, kind))

    # -- players
    def _players(self, form):
        common = None
        entries = []
        for a in form[1:]:
            if isinstance(a, Q):
                entries.append((str(a), None, None))
            elif head(a) == "hand":
                common = self.const_num(a[1])
            elif head(a) == "player":
                team = hand = None
                for c in a[2:]:
                    if head(c) == "team":
                        team = str(c[1])
                    elif head(c) == "hand":
                        hand = self.const_num(c[1])
                entries.append((str(a[1]), team, hand))
        self.player_names = [e[0] for e in entries]
        self.team_names = []
        self.player_team = []
        self.hands = []
        for nm, team, hand in entries:
            t = team if team is not None else nm
            if t not in self.team_names:
                self.team_names.append(t)
            self.player_team.append(self.team_names.index(t))
            self.hands.append(hand if hand is not None else common)
        self.np = len(entries)
        self.nt = len(self.team_names)

    # -- board and regions
    def transpose(self, s):
        """`transpose`: the mirror image across the diagonal from a1 (column and row exchanged),
        on boards that are N x N only (`no_symmetry` elsewhere)."""
        if not self.square_cells:
            raise ModelError("transpose on a board that is not N x N (no_symmetry)")
        m = re.fullmatch(r"([a-z]+)([0-9]+)", self.board.labels[s])
        col = 0
        for ch in m.group(1):
            col = col * 26 + (ord(ch) - 96)
        return self.board.site(column_letters(int(m.group(2)) - 1) + str(col))

    def _board(self, gen):
        h = head(gen)
        self.square_cells = h in ("square", "rhombus") or h == "rectangle" and \
            self.const_num(gen[1]) == self.const_num(gen[2])
        if h == "square":
            self.board = square_board(self.const_num(gen[1]))
        elif h == "rectangle":
            self.board = rectangle_board(self.const_num(gen[1]), self.const_num(gen[2]))
        elif h == "hexhex":
            self.board = hexhex_board(self.const_num(gen[1]))
        elif h == "rhombus":
            self.board = rhombus_board(self.const_num(gen[1]))
        elif h == "triangle":
            self.board = triangle_board(self.const_num(gen[1]))
        elif h == "tiling":
            self.board = tiling_board(self.const_num(gen[2]))
        else:
            raise ModelError("unknown board %r" % (gen,))

    def _regions(self, forms):
        b = self.board
        # regions[name] = {"owned": {team: parts}, "free": parts or None}
        self.regions = {k: {"owned": {}, "free": v} for k, v in b.builtin.items()}
        for f in forms:
            name = f[1]
            parts_forms, teams, owner = self._owned(f)
            per_team = {}
            for t in teams:
                parts = []
                for p in parts_forms:
                    if head(p) == "sites":
                        parts.append(frozenset(b.site(x) for x in p[1:]))
                    elif head(p) == "faces":
                        kind = p[1]
                        allp = b.builtin[kind]
                        if len(p) == 2:
                            parts.extend(allp)
                        else:
                            labs = b.face_labels[kind]
                            for x in p[2:]:
                                parts.append(allp[labs.index(str(x))])
                    elif head(p) == "within":
                        steps = self.const_num(p[1])
                        src = set().union(*self.region_parts(p[2], t)) if is_word(p[2]) else set()
                        adj = self.rel(p[3], t)
                        seen = set(src)
                        frontier = list(src)
                        for _ in range(steps):
                            nxt = []
                            for x in frontier:
                                for y in adj[x]:
                                    if y not in seen:
                                        seen.add(y)
                                        nxt.append(y)
                            frontier = nxt
                        parts.append(frozenset(seen))
                    elif is_word(p):
                        parts.extend(self.region_parts(p, t))
                    else:
                        raise ModelError("bad region part %r" % (p,))
                per_team[t] = parts
            entry = self.regions.setdefault(name, {"owned": {}, "free": None})
            if owner is not None:
                entry["owned"][owner] = per_team[owner]
            else:
                # An unowned region may be built from owned ones: keep its value per team.
                entry["free_per_team"] = per_team
                entry["free"] = per_team[0]
        self._union = {}

    def region_parts(self, name, team):
        e = self.regions.get(name)
        if e is None:
            raise ModelError("unknown region %s" % name)
        if team in e["owned"]:
            return e["owned"][team]
        if "free_per_team" in e:
            return e["free_per_team"][team]
        if e["free"] is None:
            raise ModelError("region %s has no version for team %d" % (name, team + 1))
        return e["free"]

    def region_union(self, name, team):
        key = (name, team)
        u = self._union.get(key)
        if u is None:
            u = frozenset().union(*self.region_parts(name, team))
            self._union[key] = u
        return u

    # -- play
    def _play(self, form):
        items = form[1:]
        if items and all(head(i) == "phase" for i in items):
            self.phases = [self._phase(str(p[1]), p[2:]) for p in items]
        else:
            self.phases = [self._phase("", items)]

    def _phase(self, name, items):
        until = None
        stages = []
        after = []
        blocked = False
        for it in items:
            h = head(it)
            if h == "until":
                until = it[1]
            elif h == "turn":
                stages = [self._stage(s) for s in it[1:]]
            elif h == "after-turn":
                after = it[1:]
            elif h == "blocked":
                blocked = True
            else:
                raise ModelError("unknown phase item %r" % (it,))
        return Phase(name, until, stages, after, blocked)

    def _stage(self, s):
        if head(s) in MOVE_KINDS:
            return Stage(1, 1, [Move(s, self)])
        if head(s) != "actions":
            raise ModelError("bad stage %r" % (s,))
        args = s[1:]
        lo = args[0]
        rest = args[1:]
        if rest and head(rest[0]) not in MOVE_KINDS + ("priority",):
            hi = rest[0]
            rest = rest[1:]
        else:
            hi = lo
        prio = [Move(m, self) for p in rest if head(p) == "priority" for m in p[1:]]
        return Stage(lo, hi, [Move(m, self) for m in rest if head(m) != "priority"], prio)

    # -- end
    def _end(self, form):
        self.when = []
        self.turn_limits = []
        self.repetition = None
        self.rep_ignore = set()
        for r in form[1:]:
            h = head(r)
            if h == "when":
                self.when.append((r[1], r[2]))
            elif h == "turn-limit":
                n = self.const_num(r[1])
                if n > 0:
                    self.turn_limits.append((n, r[2] if len(r) > 2 else "draw"))
            elif h == "repetition":
                n = self.const_num(r[1])
                rest = [x for x in r[2:] if head(x) != "ignore"]
                ignored = [a for x in r[2:] if head(x) == "ignore" for a in x[1:]]
                if n > 0 and self.repetition is None:
                    self.repetition = (n, rest[0] if rest else "draw")
                    self.rep_ignore = set(ignored)
            else:
                raise ModelError("unknown end rule %r" % (r,))

    # -- constants (known before play)
    def const_num(self, e):
        return Eval(self).num(e, Ctx(None, None, None))

    def const_cond(self, e):
        return Eval(self).cond(e, Ctx(None, None, None))


# ---------------------------------------------------------------------------------------------
# State and evaluation


class State:
    __slots__ = ("board", "sid", "next_sid", "hands", "counters", "phase", "mover", "completed",
                 "allow", "pending", "snap", "stage", "done", "lo", "hi", "relocated", "arrival",
                 "last", "outcome", "legal", "reps", "actions", "turns", "kind", "last_site",
                 "history", "prev_board", "passes", "pass_only", "moved", "turn_move",
                 "prev_from", "prev_to")

    def copy(self):
        s = State.__new__(State)
        s.board = self.board[:]
        s.sid = self.sid[:]
        s.kind = self.kind[:]
        s.last_site = self.last_site
        s.moved = self.moved  # a frozenset of stone identities: replaced, never changed
        s.turn_move = self.turn_move
        s.prev_from, s.prev_to = self.prev_from, self.prev_to
        s.history = self.history  # copied on write
        s.prev_board = self.prev_board
        s.passes = self.passes
        s.pass_only = self.pass_only
        s.next_sid = self.next_sid
        s.hands = self.hands[:]
        s.counters = {k: v[:] for k, v in self.counters.items()}
        s.phase = self.phase[:]
        s.mover = self.mover
        s.completed = self.completed
        s.allow = dict(self.allow)
        s.pending = dict(self.pending)
        s.snap = self.snap
        s.stage = self.stage
        s.done = self.done
        s.lo, s.hi = self.lo, self.hi
        s.relocated = set(self.relocated)
        s.arrival = self.arrival
        s.last = self.last
        s.outcome = self.outcome
        s.legal = self.legal
        s.reps = self.reps  # copied on write
        s.actions = self.actions
        s.turns = self.turns
        return s


class Ctx:
    """Who an expression is about (subject team), who acts (mover player) and the bound sites."""
    __slots__ = ("team", "mover", "st", "to", "frm", "site", "no_moves", "nobody", "fast")

    def __init__(self, st, team, mover, to=None, frm=None, site=None, no_moves=None, nobody=None):
        self.st, self.team, self.mover = st, team, mover
        self.to, self.frm, self.site = to, frm, site
        self.no_moves = no_moves
        self.nobody = nobody
        self.fast = False

    def but(self, **kw):
        c = Ctx(self.st, self.team, self.mover, self.to, self.frm, self.site, self.no_moves,
                self.nobody)
        for k, v in kw.items():
            setattr(c, k, v)
        return c


def checked(v):
    if v < I64_MIN or v > I64_MAX:
        raise ModelError("arithmetic overflow (%d does not fit in 64 bits)" % v)
    return v


class Eval:
    def __init__(self, game):
        self.g = game
        self.emulate = set()

    # sites --------------------------------------------------------------------------------
    def bound(self, w, ctx):
        if w == "last":
            return ctx.st.last_site  # None before the first stone (no site)
        if w == "previous-from":
            return ctx.st.prev_from
        if w == "previous-to":
            return ctx.st.prev_to
        v = {"to": ctx.to, "from": ctx.frm, "site": ctx.site}.get(w)
        if v is None:
            raise ModelError("%s is not bound here" % w)
        return v

    def match(self, f, s, ctx):
        """Does site s hold what filter f asks? A team's filter never matches a piece of nobody's
        (a neutral kind); kinds: (friend KIND), (enemy KIND), (occupied KIND)."""
        st = ctx.st
        x = st.board[s]
        if isinstance(f, list):
            k = self.g.kind_index(f[1])
            if x < 0 or st.kind[s] != k:
                return False
            return self.match(f[0], s, ctx)
        if f == "empty":
            return x < 0
        if f == "occupied":
            return x >= 0
        if f == "friend":
            return x == ctx.team
        if f == "enemy":
            return 0 <= x < self.g.nt and x != ctx.team
        if f == "any":
            return True
        raise ModelError("unknown filter %r" % (f,))

    def sites(self, e, ctx):
        g = self.g
        if is_word(e):
            if e in FILTERS:
                return [s for s in range(g.board.n) if self.match(e, s, ctx)]
            if e in BOUND_WORDS:
                # A bound site as a set: that one site (empty when unbound, as `last` before the
                # first stone).
                s = self.bound(e, ctx)
                return [] if s is None else [s]
            return sorted(g.region_union(e, ctx.team))
        h = head(e)
        if h in FILTERS:
            return [s for s in range(g.board.n) if self.match(e, s, ctx)]
        if h == "neighbors":
            s = self.bound(e[1], ctx)
            return [] if s is None else list(g.rel(e[2], ctx.team)[s])
        if h == "transpose":
            # The site with its column and row exchanged (b1 <-> a2); boards that are N x N.
            s = self.bound(e[1], ctx)
            if s is None:
                return []
            return [g.transpose(s)]
        if h == "step":
            # One step along each direction in turn from a bound site; no site off the board.
            x = self.bound(e[1], ctx)
            if x is None:
                return []
            x = g.board.leap_end(x, e[2:])
            return [] if x < 0 else [x]
        if h in ("ray", "flanks", "sight"):
            s = self.bound(e[1], ctx)
            dirs = g.rel_dirs(e[2], ctx.team)
            if s is None:
                return []
            out = set()
            board = ctx.st.board
            for d in dirs:
                step = g.board.dirs[d]
                x = step[s]
                if h == "ray":
                    while x >= 0:
                        out.add(x)
                        x = step[x]
                elif h == "sight":
                    while x >= 0 and board[x] < 0:
                        out.add(x)
                        x = step[x]
                else:
                    # flanks: the run of enemy stones from next to s, closed by a friend stone.
                    run = []
                    while x >= 0 and self.match("enemy", x, ctx):
                        run.append(x)
                        x = step[x]
                    if run and x >= 0 and self.match("friend", x, ctx):
                        out.update(run)
            return sorted(out)
        raise ModelError("not a set of sites: %r" % (e,))

    # groups --------------------------------------------------------------------------------
    def groups(self, board, rel, teams, team_for_rel):
        adj = self.g.rel(rel, team_for_rel)
        seen = [False] * len(board)
        out = []
        for s in range(len(board)):
            t = board[s]
            if t < 0 or seen[s] or t not in teams:
                continue
            seen[s] = True
            stack = [s]
            size = 0
            while stack:
                x = stack.pop()
                size += 1
                for y in adj[x]:
                    if not seen[y] and board[y] == t:
                        seen[y] = True
                        stack.append(y)
            out.append(size)
        return out

    def group_of(self, board, s, adj):
        """The stones of s's team connected to s under adj (s itself included)."""
        t = board[s]
        seen = {s}
        stack = [s]
        while stack:
            x = stack.pop()
            for y in adj[x]:
                if y not in seen and board[y] == t:
                    seen.add(y)
                    stack.append(y)
        return seen

    # numbers -------------------------------------------------------------------------------
    def num(self, e, ctx):
        if isinstance(e, int) and not isinstance(e, bool):
            return e
        h = head(e)
        g = self.g
        if h == "+":
            v = 0
            for a in e[1:]:
                v = checked(v + self.num(a, ctx))
            return v
        if h == "-":
            return checked(self.num(e[1], ctx) - self.num(e[2], ctx))
        if h == "*":
            v = 1
            for a in e[1:]:
                v = checked(v * self.num(a, ctx))
            return v
        if h == "min":
            return min(self.num(a, ctx) for a in e[1:])
        if h == "max":
            return max(self.num(a, ctx) for a in e[1:])
        if h == "if":
            return self.num(e[2], ctx) if self.cond(e[1], ctx) else self.num(e[3], ctx)
        if h == "player-count":
            return g.np
        if ctx.st is None:
            raise ModelError("not a constant: %r" % (e,))
        st = ctx.st
        if h == "count":
            f = e[1]
            return sum(1 for s in self.sites(e[2], ctx) if self.match(f, s, ctx))
        if h == "largest-group":
            which = e[2] if len(e) > 2 else "friend"
            if which == "friend":
                teams = {ctx.team}
            elif which == "enemy":
                teams = set(range(g.nt)) - {ctx.team}
            else:
                teams = set(range(g.nt))
            return max(self.groups(st.board, e[1], teams, ctx.team), default=0)
        if h == "liberties":
            s = self.bound(e[1], ctx)
            board = st.board
            # 0 when the site is empty or unbound; our reading: also for a piece of nobody's,
            # which is in no group. (The engine, black box: the group of nobody's pieces.)
            if s is None or board[s] < 0 or board[s] == g.nt and "neutral-group" not in self.emulate:
                return 0
            adj = g.rel(e[2], ctx.team)
            libs = set()
            for x in self.group_of(board, s, adj):
                libs.update(y for y in adj[x] if board[y] < 0)
            return len(libs)
        if h == "area":
            adj = g.rel(e[1], ctx.team)
            board = st.board
            n = sum(1 for x in board if x == ctx.team)
            seen = set()
            for s in range(len(board)):
                if board[s] >= 0 or s in seen:
                    continue
                region = self.group_of(board, s, adj)  # empty sites: board value -1 alike
                seen |= region
                owners = {board[y] for x in region for y in adj[x] if 0 <= board[y] < g.nt}
                if owners == {ctx.team}:
                    n += len(region)
            return n
        if h == "counter":
            return st.counters[e[1]][ctx.team]
        if h == "allowance":
            return st.allow.get(e[1], 0)
        if h == "completed":
            a = st.arrival
            if a is None:
                return 0
            n = 0
            for r in e[1:]:
                for part in g.region_parts(r, ctx.team):
                    if a in part and all(st.board[s] == ctx.team for s in part):
                        n += 1
            return n
        if h == "hand-size":
            hs = st.hands[ctx.mover]
            return UNLIMITED_HAND if hs is None else hs
        if h == "turn-number":
            return st.completed + 1
        raise ModelError("not a number: %r" % (e,))

    # conditions ----------------------------------------------------------------------------
    def cond(self, e, ctx):
        if e == "true":
            return True
        if e == "false":
            return False
        h = head(e)
        if h == "and":
            return all(self.cond(a, ctx) for a in e[1:])
        if h == "or":
            return any(self.cond(a, ctx) for a in e[1:])
        if h == "not":
            return not self.cond(e[1], ctx)
        if h in ("<", "<=", ">", ">=", "=", "!="):
            a, b = self.num(e[1], ctx), self.num(e[2], ctx)
            return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b, "=": a == b,
                    "!=": a != b}[h]
        if ctx.st is None:
            raise ModelError("not a constant: %r" % (e,))
        st = ctx.st
        if h == "is":
            s = self.bound(e[2], ctx)
            return s is not None and self.match(e[1], s, ctx)
        if h == "in":
            s = self.bound(e[1], ctx)
            return s is not None and s in self.sites(e[2], ctx)
        if h == "first-turn":
            return st.completed == 0
        if h == "grew":
            now = self.num(e[1], ctx)
            if st.snap is None:  # only when emulating the engine's `grew` in `until`
                return now > 0
            snap = st.snap  # its mover is this turn's mover (except when emulating the engine)
            before = self.num(e[1], ctx.but(st=snap, team=self.g.player_team[snap.mover],
                                            mover=snap.mover))
            return now > before
        if h == "hand-empty":
            return st.hands[ctx.mover] == 0
        if h == "line":
            return self.line(e, ctx)
        if h == "connects":
            # The site holds a stone of the subject's team whose group (along RELATION) has a
            # stone in every REGION (the subject's versions).
            s = self.bound(e[1], ctx)
            if s is None or st.board[s] != ctx.team:
                return False
            grp = self.group_of(st.board, s, self.g.rel(e[2], ctx.team))
            return all(grp & self.g.region_union(r, ctx.team) for r in e[3:])
        if h == "unmoved":
            # Some site of SITES holds a piece that has not moved since it came onto the board.
            return any(st.board[x] >= 0 and st.sid[x] not in st.moved for x in self.sites(e[1], ctx))
        if h == "attacked":
            self.depth = getattr(self, "depth", 0) + 1
            try:
                if self.depth > 8:
                    raise ModelError("attacked: the attacking moves' conditions ask attacked again")
                return any(self.attacked(x, ctx) for x in self.sites(e[1], ctx))
            finally:
                self.depth -= 1
        if h == "all-passed":
            # The last turns, one per player, up to the current one, each a single `pass`: false
            # once the current turn has an action that is not one; at the start of a turn (no
            # action yet), the completed turns.
            if st.pass_only is False:
                return False
            return st.passes + (1 if st.pass_only else 0) >= self.g.np
        if h == "board-full":
            return all(x >= 0 for x in st.board)
        if h == "no-moves":
            if ctx.no_moves is None:
                raise ModelError("no-moves outside an end rule")
            return ctx.no_moves
        if h == "nobody-can-move":
            if ctx.no_moves is None:
                raise ModelError("nobody-can-move outside an end rule")
            # True only when a turn begins (ctx.nobody is then a test; after an action, None).
            return ctx.nobody is not None and ctx.nobody()
        raise ModelError("not a condition: %r" % (e,))

    def line(self, e, ctx):
        """`(line LENGTH RELATION SITE [exact])`: along some axis (a direction and its opposite)
        of RELATION, the maximal run of the subject's stones through the bound site is at least
        (with `exact`: exactly) LENGTH long, the site itself included."""
        st = ctx.st
        n = self.num(e[1], ctx)
        s = self.bound(e[3], ctx)
        exact = len(e) > 4 and e[4] == "exact"
        if s is None or st.board[s] != ctx.team:
            return False
        dirs = self.g.rel_dirs(e[2], ctx.team)
        axes = []
        for d in dirs:
            ax = frozenset((d, OPPOSITE[d]))
            if ax not in axes:
                axes.append(ax)
        for ax in axes:
            run = 1
            for d in ax:
                step = self.g.board.dirs[d]
                x = step[s]
                while x >= 0 and st.board[x] == ctx.team:
                    run += 1
                    x = step[x]
            if (run == n) if exact else (run >= n):
                return True
        return False

    def attacked(self, s, ctx):
        """`(attacked SITES)` for one site: one of another team's piece moves with `(capture)`, in
        the stages of its current phase, could end there (a hop: jump it) from where one of its
        pieces stands, were a piece of the subject's on the site. The attacker is the subject of
        the move's `from`, `to` and `where`; `where` is read on the position as it is, `from` too,
        and `to` on the position with the subject's piece on s. Our readings: the phase of each
        player of that team; the supposed piece is the one on s if it is the subject's, else a
        piece of the subject's of any kind ("a piece": some kind of a team's for which it could be
        captured; DISAGREEMENTS.md)."""
        g = self.g
        st = ctx.st
        if st.board[s] == ctx.team:
            return self.attacked_as(s, ctx, st)
        for k in range(len(g.kinds)):
            if k in g.neutral_kinds:
                continue
            hyp = st.copy()
            hyp.board[s] = ctx.team
            hyp.kind[s] = k
            if self.attacked_as(s, ctx, hyp):
                return True
        return False

    def attacked_as(self, s, ctx, hyp):
        """attacked, with the supposed piece of the subject's on s in the position hyp."""
        g = self.g
        st = ctx.st
        for p in range(g.np):
            at = g.player_team[p]
            if at == ctx.team:
                continue
            ca = Ctx(st, at, p, no_moves=ctx.no_moves, nobody=ctx.nobody)
            ch = Ctx(hyp, at, p)
            for sg in g.phases[st.phase[p]].stages:
                for mv in sg.moves:
                    if mv.kind not in PIECE_MOVES or mv.capture is None:
                        continue
                    for f in sorted(set(self.sites(mv.frm, ca))):
                        if f == s or st.board[f] != at:
                            continue
                        t = self.attack_end(mv, f, s, hyp, at)
                        if t is None:
                            continue
                        if t not in self.sites(mv.to, ch.but(frm=f)):
                            continue
                        if all(self.cond(w, ca.but(frm=f, to=t)) for w in mv.where):
                            return True
        return False

    def attack_end(self, mv, f, s, hyp, at):
        """Where the piece move mv from f would end when it captures on s (on the position hyp,
        with the subject's piece on s), or None."""
        g = self.g
        board = hyp.board
        if mv.kind == "slide":
            if mv.range == 1:
                return s if s in g.rel(mv.along, at)[f] else None
            for d in g.rel_dirs(mv.along, at):
                for x in g.board.ray(d, f, mv.range):
                    if x == s:
                        return s
                    if board[x] >= 0:
                        break
            return None
        if mv.kind == "leap":
            return s if any(g.board.leap_end(f, p) == s for p in mv.paths) else None
        rel, filt = mv.over
        for d in g.rel_dirs(rel, at):
            step = g.board.dirs[d]
            if step[f] == s and step[s] >= 0 and board[step[s]] < 0 and \
                    self.match(filt, s, Ctx(hyp, at, None)):
                return step[s]
        return None

    # constraints ---------------------------------------------------------------------------
    def constraint(self, c, ctx):
        if head(c) != "connected":
            raise ModelError("unknown constraint %r" % (c,))
        f, region, rel = c[1], c[2], c[3]
        board = ctx.st.board
        adj = self.g.rel(rel, ctx.team)
        ok = [self.match(f, s, ctx) for s in range(len(board))]
        reach = [False] * len(board)
        stack = [s for s in self.g.region_union(region, ctx.team) if ok[s]]
        for s in stack:
            reach[s] = True
        while stack:
            x = stack.pop()
            for y in adj[x]:
                if ok[y] and not reach[y]:
                    reach[y] = True
                    stack.append(y)
        return all(reach[s] for s in range(len(board)) if ok[s])


# ---------------------------------------------------------------------------------------------
# The interpreter: the turn flow of LANGUAGE.md §5


class Model:
    def __init__(self, game):
        self.g = game
        self.ev = Eval(game)
        # Emulations of known engine defects (issue 9), all off by default: the model follows the
        # docs. run_long.py switches them on one at a time to say which known defect explains a
        # disagreement; they are not a second reading of the language.
        self.emulate = set()

    @property
    def emulate(self):
        return self.ev.emulate

    @emulate.setter
    def emulate(self, v):
        self.ev.emulate = v

    def label(self, s):
        return self.g.board.labels[s]

    # -- start
    def initial(self):
        g = self.g
        st = State()
        st.board = [-1] * g.board.n
        st.sid = [-1] * g.board.n
        st.kind = [-1] * g.board.n
        st.next_sid = 0
        # The setup's stones: the start position (not actions, nothing taken from a hand).
        for s, owner, kind in g.setup:
            st.board[s] = owner
            st.kind[s] = kind
            st.sid[s] = st.next_sid
            st.next_sid += 1
        st.last_site = None
        # History (LANGUAGE.md, History and priority): the stones that have moved since they came
        # onto the board; this turn's last placement or move of a piece, as (from, to); and the
        # previous turn's, the bound sites previous-from and previous-to (None: no site).
        st.moved = frozenset()
        st.turn_move = None
        st.prev_from = st.prev_to = None
        st.history = frozenset()
        st.prev_board = None
        st.passes = 0  # completed turns in a row, up to the last, that were a single `pass`
        st.pass_only = None  # this turn so far: None (no action), True (one `pass`), False
        st.hands = list(g.hands)
        st.counters = {c: [0] * g.nt for c in g.counters}
        st.phase = [0] * g.np
        st.mover = 0
        st.completed = 0
        st.allow = {}
        st.pending = {}
        st.snap = None
        st.stage = 0
        st.done = 0
        st.lo = st.hi = 0
        st.relocated = set()
        st.arrival = None
        st.last = None
        st.outcome = None
        st.legal = []
        st.reps = {}
        st.actions = 0
        st.turns = 0
        if g.repetition:
            st.reps = {self.position_key(st): 1}
        if g.uses_no_repeat:
            st.history = frozenset([self.board_key(st)])
        self.begin_turn(st)
        return st

    def team_of(self, p):
        return self.g.player_team[p]

    def ctx(self, st, **kw):
        return Ctx(st, self.team_of(st.mover), st.mover, **kw)

    def position_key(self, st):
        # LANGUAGE.md §10 `repetition`: "every player's phase (the one his next turn would begin
        # in: a phase whose `until` holds for him is over, though he has not yet had the turn
        # that leaves it)", not the phase as last stored.
        phases = tuple(self.next_turn_phase(st, p) for p in range(self.g.np))
        # §10: "the pieces on the board (each with its owner, or nobody, and its kind ...)".
        return (tuple(st.board), tuple(st.kind), st.mover, tuple(st.hands), phases,
                tuple(tuple(st.counters[c]) for c in sorted(st.counters)),
                tuple(st.pending.get(a, 0) for a in self.g.allowances if a not in self.g.rep_ignore),
                self.history_key(st))

    def history_key(self, st):
        """What a position holds of the history (LANGUAGE.md `unmoved`, "Positions and rights").
        Rights: for each piece move whose `where` reads the history, every piece of every team in
        its `from` (that team the subject) and every site its geometry reaches from there on an
        empty board, for which its conditions that read the history hold (on the position as it
        is); its other conditions are left aside. Otherwise, which sites hold unmoved pieces."""
        g = self.g
        if g.history_mode is None:
            return None
        if g.history_mode == "unmoved" and "history-prev" in self.emulate and not g.reads_unmoved:
            # The engine (black box, F2): nothing of the history when `unmoved` is never read.
            return None
        if g.history_mode == "unmoved":
            return frozenset(x for x in range(g.board.n) if st.board[x] >= 0 and st.sid[x] not in st.moved)
        rights = set()
        for i, (mv, conds) in enumerate(g.history_moves):
            for t in range(g.nt):
                p = g.player_team.index(t)
                c = Ctx(st, t, p)
                for f in sorted(set(self.ev.sites(mv.frm, c))):
                    if st.board[f] != t:
                        continue
                    for to in self.empty_board_reach(mv, f, t):
                        if all(self.ev.cond(w, c.but(frm=f, to=to)) for w in conds):
                            rights.add((i, f, to))
        return frozenset(rights)

    def empty_board_reach(self, mv, f, team):
        """The sites a piece move's geometry reaches from f on an empty board."""
        g = self.g
        out = set()
        if mv.kind == "slide":
            if mv.range == 1:
                return set(g.rel(mv.along, team)[f])
            for d in g.rel_dirs(mv.along, team):
                out.update(g.board.ray(d, f, mv.range))
        elif mv.kind == "leap":
            for p in mv.paths:
                x = g.board.leap_end(f, p)
                if x >= 0 and x != f:
                    out.add(x)
        else:
            for d in g.rel_dirs(mv.over[0], team):
                x = g.board.dirs[d][f]
                if x >= 0 and g.board.dirs[d][x] >= 0:
                    out.add(g.board.dirs[d][x])
        return out

    # -- outcomes
    def last_mover(self, st):
        return st.last if st.last is not None else 0

    def finish(self, st, outcome_form):
        g = self.g
        lm = self.last_mover(st)
        o = outcome_form
        h = head(o) or o
        if h == "win":
            who = o[1]
            p = lm if who == "mover" else (lm + 1) % g.np
            st.outcome = {"winner": self.team_of(p) + 1, "draw": False, "scores": None}
        elif h == "draw":
            st.outcome = {"winner": None, "draw": True, "scores": None}
        elif h == "compare":
            st.outcome = self.compare(st, o[1:])
        else:
            raise ModelError("unknown outcome %r" % (o,))
        st.legal = []

    def compare(self, st, criteria):
        g = self.g
        cand = list(range(g.nt))
        scores = None
        for c in criteria:
            if len(cand) <= 1:
                break
            h = head(c)
            if h in ("higher", "lower") and scores is None:
                # Our reading (the docs do not say): the first higher/lower criterion that is
                # actually reached gives the scores, computed for every team.
                scores = [self.ev.num(c[1], Ctx(st, t, st.mover)) for t in range(g.nt)]
            if h in ("higher", "lower"):
                vals = {t: self.ev.num(c[1], Ctx(st, t, st.mover)) for t in cand}
                best = max(vals.values()) if h == "higher" else min(vals.values())
                cand = [t for t in cand if vals[t] == best]
            elif h == "cascade":
                lists = {}
                for t in cand:
                    lists[t] = sorted(self.ev.groups(st.board, c[1][1], {t}, t), reverse=True)
                width = max(len(v) for v in lists.values())
                keys = {t: v + [0] * (width - len(v)) for t, v in lists.items()}
                best = max(keys.values()) if c[2] == "larger" else min(keys.values())
                cand = [t for t in cand if keys[t] == best]
            elif h == "unpaired":
                a, b = sorted(cand)[:2] if len(cand) == 2 else (0, 1)
                sa = sorted(self.ev.groups(st.board, c[1][1], {a}, a))
                sb = sorted(self.ev.groups(st.board, c[1][1], {b}, b))
                ra, rb = list(sa), list(sb)
                for x in sa:
                    if x in rb:
                        rb.remove(x)
                        ra.remove(x)
                va, vb = max(ra, default=0), max(rb, default=0)
                if va != vb:
                    if c[2] == "larger":
                        win = a if va > vb else b
                    else:
                        win = a if va < vb else b
                    cand = [t for t in cand if t == win]
            elif h == "last-mover":
                t = self.team_of(self.last_mover(st))
                cand = [x for x in cand if x == t]
            else:
                raise ModelError("unknown criterion %r" % (c,))
        if len(cand) == 1:
            return {"winner": cand[0] + 1, "draw": False, "scores": scores}
        return {"winner": None, "draw": True, "scores": scores}

    def end_rules(self, st, no_moves, nobody=None):
        """Tries the `when` rules; returns True when the game ended. nobody: at the start of a
        turn, a test for `(nobody-can-move)`."""
        ctx = self.ctx(st, no_moves=no_moves, nobody=nobody)
        for cond, outcome in self.g.when:
            if self.ev.cond(cond, ctx):
                self.finish(st, outcome)
                return True
        return False

    # -- effects
    def effects(self, st, effs, ctx):
        for e in effs:
            if st.outcome is not None:
                return
            self.effect(st, e, ctx)

    def effect(self, st, e, ctx):
        g = self.g
        ev = self.ev
        h = head(e) or e
        mover = ctx.mover
        mteam = self.team_of(mover)
        if h == "remove":
            where, credit = where_and_credit(e[2:])
            victims = []
            for s in ev.sites(e[1], ctx):
                if st.board[s] < 0:
                    continue
                sc = ctx.but(site=s)
                if all(ev.cond(w, sc) for w in where):
                    victims.append(s)
            for s in sorted(set(victims)):
                owner = st.board[s]
                st.board[s] = -1
                st.sid[s] = -1
                st.kind[s] = -1
                # No credit for one's own stones, nor for a piece of nobody's.
                if credit is not None and owner != mteam and owner < g.nt:
                    tgt = mteam if credit[1] == "mover" else owner
                    st.counters[credit[0]][tgt] = checked(st.counters[credit[0]][tgt] + 1)
        elif h == "win":
            p = mover if e[1] == "mover" else (mover + 1) % g.np
            st.outcome = {"winner": self.team_of(p) + 1, "draw": False, "scores": None}
            st.legal = []
        elif h == "draw":
            st.outcome = {"winner": None, "draw": True, "scores": None}
            st.legal = []
        elif h == "remove-groups" and "groups-fast" in self.emulate and ctx.fast:
            # The engine's fast path (a placement whose only effect is Go's capture), black box:
            # the groups are taken one after the other, each judged after the earlier removals.
            adj = g.rel(e[2], ctx.team)
            where = [c for x in e[3:] if head(x) == "where" for c in x[1:]]
            for s in ev.sites(e[1], ctx):
                if 0 <= st.board[s] < g.nt and all(ev.cond(w, ctx.but(site=s)) for w in where):
                    for x in ev.group_of(st.board, s, adj):
                        st.board[x] = st.sid[x] = st.kind[x] = -1
        elif h == "remove-groups":
            where, credit = where_and_credit(e[3:])
            adj = g.rel(e[2], ctx.team)
            doomed = set()
            for s in ev.sites(e[1], ctx):
                # Our reading: a piece of nobody's is in no group, so it has none to remove.
                # (The engine, black box: it removes the group of nobody's pieces.)
                if st.board[s] < 0 or s in doomed or \
                        st.board[s] == g.nt and "neutral-group" not in self.emulate:
                    continue
                if all(ev.cond(w, ctx.but(site=s)) for w in where):
                    doomed |= ev.group_of(st.board, s, adj)
            for s in sorted(doomed):
                owner = st.board[s]
                st.board[s] = -1
                st.sid[s] = -1
                st.kind[s] = -1
                if credit is not None and owner != mteam:
                    tgt = mteam if credit[1] == "mover" else owner
                    st.counters[credit[0]][tgt] = checked(st.counters[credit[0]][tgt] + 1)
        elif h == "flip":
            # Found first, on the position before the effect; then all change owner together.
            turned = [s for s in ev.sites(e[1], ctx) if 0 <= st.board[s] < g.nt and st.board[s] != mteam]
            for s in turned:
                st.board[s] = mteam
        elif h == "promote":
            s = ev.bound(e[1], ctx)
            # LANGUAGE.md (promote): a piece of nobody's keeps its kind (DISAGREEMENTS.md, E6).
            if s is not None and 0 <= st.board[s] < g.nt:
                st.kind[s] = g.kind_index(e[2])
        elif h == "put":
            # A stone of the mover's team on every empty site of SITES, found first, then put
            # together; no hand is used, and it is no arrival (last and completed stay). Our
            # reading: of the first kind (as `setup`'s place without a kind).
            for s in sorted(set(x for x in ev.sites(e[1], ctx) if st.board[x] < 0)):
                st.board[s] = mteam
                st.kind[s] = 0
                st.sid[s] = st.next_sid
                st.next_sid += 1
        elif h == "shift":
            # The piece on the first occupied site of FROM moves (owner, kind) to the first empty
            # site of TO, and counts as moved; "first" in the board's order. Our reading: no
            # arrival, and `last` stays (only placements, slides and relocations set it).
            src = [x for x in ev.sites(e[1], ctx) if st.board[x] >= 0]
            dst = [x for x in ev.sites(e[2], ctx) if st.board[x] < 0]
            if src and dst:
                a, b = min(src), min(dst)
                st.board[b], st.kind[b], st.sid[b] = st.board[a], st.kind[a], st.sid[a]
                st.board[a] = st.kind[a] = st.sid[a] = -1
                st.moved = st.moved | {st.sid[b]}
        elif h == "allow":
            st.allow[e[1]] = ev.num(e[2], ctx)
        elif h == "allow-next":
            st.pending[e[1]] = ev.num(e[2], ctx)
        elif h == "add":
            v = ev.num(e[3], ctx)
            p = mover if e[2] == "mover" else (mover + 1) % g.np
            t = self.team_of(p)
            st.counters[e[1]][t] = checked(st.counters[e[1]][t] + v)
        elif h == "if":
            if ev.cond(e[1], ctx):
                self.effect(st, e[2], ctx)
            elif len(e) > 3:
                self.effect(st, e[3], ctx)
        else:
            raise ModelError("unknown effect %r" % (e,))

    # -- actions of a move
    # An action is (text, kind, from, to, move, extra); extra is (promotion kind or None, the
    # sites a piece move captures on).
    def move_actions(self, st, mv):
        """Legal actions of one move."""
        ev = self.ev
        g = self.g
        base = self.ctx(st)
        team = base.team
        out = []
        if mv.kind == "place":
            if st.hands[st.mover] == 0:
                return out
            owner = g.nt if mv.piece in g.neutral_kinds else team
            dests = [s for s in ev.sites(mv.to, base) if st.board[s] < 0]
            for t in sorted(set(dests)):
                c = base.but(to=t)
                if not all(ev.cond(w, c) for w in mv.where):
                    continue
                if mv.require:
                    after = st.copy()
                    after.board[t] = owner
                    if "after-kind" in self.emulate:
                        # The engine (black box): a `require` sees a piece of nobody's that a
                        # placement puts as the mover's.
                        after.board[t] = team
                    after.kind[t] = mv.piece
                    ca = c.but(st=after)
                    if not all(ev.constraint(r, ca) for r in mv.require):
                        continue
                out.append((self.label(t), "place", None, t, mv, None))
        elif mv.kind in ("slide", "leap", "hop"):
            for f in sorted(set(ev.sites(mv.frm, base))):
                if st.board[f] < 0:
                    continue
                cf = base.but(frm=f)
                toset = set(ev.sites(mv.to, cf))
                seen = set()
                for t, taken in self.piece_targets(st, mv, f, team):
                    if t not in toset:
                        continue
                    if t in seen and not (mv.kind == "leap" and "leap-paths" in self.emulate):
                        continue
                    seen.add(t)
                    c = cf.but(to=t)
                    if not all(ev.cond(w, c) for w in mv.where):
                        continue
                    if mv.require:
                        after = st.copy()
                        for x in taken:
                            after.board[x] = -1
                            after.kind[x] = -1
                        after.board[t] = st.board[f]  # the stone keeps its owner
                        after.kind[t] = st.kind[f]  # and its kind: promotion is not yet made
                        if "slide-require" in self.emulate and mv.kind == "slide":
                            after.board[t] = team
                        after.board[f] = -1
                        after.kind[f] = -1
                        ca = c.but(st=after)
                        failed = not all(ev.constraint(r, ca) for r in mv.require)
                        if failed and "first-move" not in self.emulate:
                            continue
                    else:
                        failed = False
                    dest = self.claims if failed else out
                    text = self.label(f) + "-" + self.label(t)
                    if mv.promote is not None and t in g.region_union(mv.promote[0], team):
                        for k in mv.promote[1]:
                            dest.append((text + "=" + g.kind_letter(k), mv.kind, f, t, mv, (k, taken)))
                    else:
                        dest.append((text, mv.kind, f, t, mv, (None, taken)))
        elif mv.kind == "pass":
            # A voluntary pass, offered while every condition holds (nothing bound but `last`).
            if all(ev.cond(w, base) for w in mv.where):
                out.append((mv.name or "pass", "vpass", None, None, mv, None))
        elif mv.kind == "relocate":
            for f in sorted(set(ev.sites(mv.frm, base))):
                if st.board[f] < 0:
                    continue
                if mv.distinct and ("distinct" in self.emulate and ("site", f) in st.relocated
                                    or "distinct" not in self.emulate and st.sid[f] in st.relocated):
                    continue
                cf = base.but(frm=f)
                for t in sorted(set(ev.sites(mv.to, cf))):
                    if st.board[t] >= 0:
                        continue
                    c = cf.but(to=t)
                    if not all(ev.cond(w, c) for w in mv.where):
                        continue
                    out.append((self.label(f) + ">" + self.label(t), "relocate", f, t, mv, None))
        return out

    def after_ok(self, st, a):
        """`(after ...)` and `(no-repeat ...)`: the action made, with all its effects, on a copy."""
        mv = a[4]
        s2 = st.copy()
        s2.legal = []
        if "after-kind" in self.emulate and a[1] == "place" and mv.piece != 0:
            # The engine (black box): the position `after` judges has a piece of the first kind
            # where the placement puts another.
            import copy
            m0 = copy.copy(mv)
            m0.piece = 0
            a = a[:4] + (m0,) + a[5:]
        self.do_move(s2, a)
        if mv.after:
            c = self.ctx(s2, to=a[3], frm=a[2])
            if not all(self.ev.cond(x, c) for x in mv.after):
                return False
        if mv.no_repeat is not None:
            key = self.board_key(s2)
            if mv.no_repeat == "ko":
                # Not the position just before the last action.
                if key == st.prev_board:
                    return False
            elif key in st.history:
                return False
        return True

    claims = []  # actions of a move that passed its `where` but not its `require` or `after`

    def piece_targets(self, st, mv, f, team):
        """Where a slide, leap or hop from f may end, before the `to` set and the conditions:
        (destination, the sites whose pieces the move captures)."""
        g = self.g
        board = st.board
        me = board[f]

        def capturable(x):
            # "a site holding a piece of another team than the moving piece's (never its own)";
            # a piece of nobody's is never captured.
            return 0 <= board[x] < g.nt and board[x] != me

        out = []
        if mv.kind == "slide":
            if mv.range == 1:
                for t in g.rel(mv.along, team)[f]:
                    if board[t] < 0:
                        out.append((t, ()))
                    elif mv.capture is not None and capturable(t):
                        out.append((t, (t,)))
                return out
            for d in g.rel_dirs(mv.along, team):
                for x in g.board.ray(d, f, mv.range):
                    if board[x] < 0:
                        out.append((x, ()))
                        continue
                    if mv.capture is not None and capturable(x):
                        out.append((x, (x,)))
                    break
            return out
        if mv.kind == "leap":
            for p in mv.paths:
                x = g.board.leap_end(f, p)
                if x < 0 or x == f:
                    continue
                if board[x] < 0:
                    out.append((x, ()))
                elif mv.capture is not None and capturable(x):
                    out.append((x, (x,)))
            return out
        # hop: over an occupied neighbour (matching the over's filter), to the site just beyond
        rel, filt = mv.over
        ctx = self.ctx(st)
        for d in g.rel_dirs(rel, team):
            step = g.board.dirs[d]
            mid = step[f]
            if mid < 0 or board[mid] < 0 or not self.ev.match(filt, mid, ctx):
                continue
            t = step[mid]
            if t < 0 or board[t] >= 0:
                continue
            # With (capture) the jumped piece is removed as a slide's destination would be: when
            # it is of another team than the jumping piece's (`capture`, `hop`; DISAGREEMENTS.md, F1).
            taken = (mid,) if mv.capture is not None and capturable(mid) else ()
            out.append((t, taken))
        return out

    def stage_actions(self, st):
        phase = self.g.phases[st.phase[st.mover]]
        sg = phase.stages[st.stage]
        if sg.prio:
            # `priority`: whenever one of its moves has a legal action, only theirs are legal.
            acts = self.moves_actions(st, sg.prio)
            if acts:
                return acts
            return self.moves_actions(st, sg.others)
        return self.moves_actions(st, sg.moves)

    def moves_actions(self, st, moves):
        acts = []
        seen = set()
        claimed = {}
        for mv in moves:
            mine = set()
            self.claims = []
            for a in self.move_actions(st, mv):
                if (mv.after or mv.no_repeat) and not self.after_ok(st, a):
                    self.claims.append(a)
                    continue
                if "first-move" in self.emulate and a[0] in claimed and a[0] not in seen:
                    # The engine (black box): the action is the first move's that reaches the
                    # site past its `where`, though its `require` or `after` fails there.
                    a = claimed[a[0]]
                # An action more than one move could make is listed once, the first one's.
                # (The engine's defect: a leap lists its destination once per path reaching it,
                # unless an earlier move of the stage has the action.)
                if a[0] not in seen or "leap-paths" in self.emulate and a[0] in mine:
                    mine.add(a[0])
                    acts.append(a)
            seen |= mine
            for a in self.claims:
                claimed.setdefault(a[0], a)
        return acts

    def set_legal(self, st, acts, with_end):
        st.legal = list(acts) + ([("end", "end", None, None, None, None)] if with_end else [])

    # -- the turn flow
    def enter_stages(self, st):
        """Enters stages from st.stage on until one offers a decision; False if none does."""
        phase = self.g.phases[st.phase[st.mover]]
        while st.stage < len(phase.stages):
            sg = phase.stages[st.stage]
            c = self.ctx(st)
            hi = max(0, self.ev.num(sg.hi, c))
            lo = min(max(0, self.ev.num(sg.lo, c)), hi)
            if "big-bound" in self.emulate and hi >= 2 ** 32 and self.is_constant(sg.hi):
                # What the engine does with a constant MAX beyond 32 bits (black-box): cut to
                # 32 bits, and a cut MAX of 0 plays as exactly one action.
                hi = hi % 2 ** 32
                lo = min(lo, hi) if hi else 1
                hi = hi or 1
            st.lo, st.hi, st.done = lo, hi, 0
            if hi > 0:
                acts = self.stage_actions(st)
                if acts:
                    self.set_legal(st, acts, lo == 0)
                    return True
            st.stage += 1
        return False

    def is_constant(self, e):
        try:
            self.g.const_num(e)
            return True
        except ModelError:
            return False

    def phase_step(self, st):
        """Step 1 of a turn: "While the mover's phase has an `until` that holds and there is a
        next phase, he moves to the next phase." Returns the phase the mover's turn begins in."""
        g = self.g
        ph = st.phase[st.mover]
        while g.phases[ph].until is not None and ph + 1 < len(g.phases) and \
                self.ev.cond(g.phases[ph].until, self.ctx(st)):
            ph += 1
        return ph

    def next_turn_phase(self, st, p):
        """The phase player p's next turn would begin in, if it began now: his `until` is
        evaluated as at the start of his turn, "for that player (he is the mover)"."""
        if all(ph.until is None for ph in self.g.phases):
            return st.phase[p]
        probe = st.copy()
        probe.mover = p
        probe.reps = None
        if "grew-until" not in self.emulate:
            # As in begin_turn: the snapshot for `grew` is taken first (nothing has grown).
            probe.snap = probe.copy()
            probe.snap.snap = None
        return self.phase_step(probe)

    def begin_turn(self, st):
        g = self.g
        p = st.mover
        # 2. snapshot for `grew`, taken first: phases do not change any number, and a `grew` in an
        # `until` then compares with the position at the start of this turn (it has not grown).
        stale = st.snap
        st.snap = st.copy()
        st.snap.snap = None
        st.snap.reps = None
        if "grew-until" in self.emulate:
            # The engine's `until` compares with the previous turn's snapshot (0 at the start).
            st.snap = stale
        # 1. phase
        st.phase[p] = self.phase_step(st)
        if "grew-until" in self.emulate:
            st.snap = st.copy()
            st.snap.snap = None
            st.snap.reps = None
        # 3. allowances
        st.allow = dict(st.pending)
        st.pending = {}
        st.relocated = set()
        st.arrival = None
        st.stage = 0
        # 4. first decision
        can_begin = self.enter_stages(st)
        if not can_begin:
            st.legal = [("pass", "pass", None, None, None, None)] if g.phases[st.phase[p]].blocked else []
        # 5. end rules
        if self.end_rules(st, no_moves=not st.legal,
                          nobody=lambda: not can_begin and self.nobody_else_can_begin(st)):
            return
        # 6. nobody can move: draw
        if not st.legal:
            st.outcome = {"winner": None, "draw": True, "scores": None}

    def nobody_else_can_begin(self, st):
        """`(nobody-can-move)`: could any other player begin his turn, were it his turn now?
        Our reading: on a copy of the position, as steps 1-4 of a turn for him (his phase after
        his `until`, his hand), with the allowances this turn began with."""
        for p in range(self.g.np):
            if p == st.mover:
                continue
            probe = st.copy()
            probe.reps = None
            probe.mover = p
            probe.snap = probe.copy()
            probe.snap.snap = None
            probe.phase[p] = self.phase_step(probe)
            probe.relocated = set()
            probe.arrival = None
            probe.stage = 0
            if self.enter_stages(probe):
                return False
        return True

    def end_turn(self, st):
        g = self.g
        ph = g.phases[st.phase[st.mover]]
        self.effects(st, ph.after, self.ctx(st))
        if st.outcome is not None:
            st.legal = []
            return
        if self.end_rules(st, no_moves=False):
            return
        st.completed += 1
        # previous-from, previous-to: this turn's last placement or move of a piece.
        st.prev_from, st.prev_to = st.turn_move or (None, None)
        st.turn_move = None
        st.passes = st.passes + 1 if st.pass_only else 0
        st.pass_only = None
        st.mover = (st.mover + 1) % g.np
        for n, outcome in g.turn_limits:
            if st.completed >= n:
                self.finish(st, outcome)
                return
        if g.repetition:
            key = self.position_key(st)
            reps = dict(st.reps)
            reps[key] = reps.get(key, 0) + 1
            st.reps = reps
            if reps[key] >= g.repetition[0]:
                self.finish(st, g.repetition[1])
                return
        self.begin_turn(st)

    def legal_texts(self, st):
        return sorted(a[0] for a in st.legal)

    def apply(self, st, text):
        for a in st.legal:
            if a[0] == text:
                break
        else:
            raise ModelError("illegal action %r (legal: %s)" % (text, " ".join(self.legal_texts(st))))
        st = st.copy()
        self.apply_in_place(st, a)
        return st

    def board_key(self, st):
        """The position `no-repeat` compares: the stones on the board only (owner and kind)."""
        return (tuple(st.board), tuple(st.kind))

    def note_board(self, st, before):
        """After an action: the position before it (for `ko`) and the positions that have
        occurred (for `superko`; the start included)."""
        if not self.g.uses_no_repeat:
            return
        st.prev_board = before
        key = self.board_key(st)
        if key not in st.history:
            st.history = st.history | {key}

    def do_move(self, st, a):
        """The stone moves (with its captures and promotion), then the move's `then` effects."""
        g = self.g
        text, kind, f, t, mv, extra = a
        team = self.team_of(st.mover)
        if kind == "place":
            st.board[t] = g.nt if mv.piece in g.neutral_kinds else team
            st.kind[t] = mv.piece
            st.sid[t] = st.next_sid
            st.next_sid += 1
            if st.hands[st.mover] is not None:
                st.hands[st.mover] -= 1
            st.arrival = t
            st.turn_move = (None, t)
        else:
            # Our reading: a relocation is a move of a piece too (previous-from, previous-to).
            st.turn_move = (f, t)
            st.moved = st.moved | {st.sid[f]}
            if kind != "relocate":
                promo, taken = extra
                for x in taken:
                    owner = st.board[x]
                    st.board[x] = -1
                    st.sid[x] = -1
                    st.kind[x] = -1
                    cr = mv.capture[0] if mv.capture else None
                    if cr is not None:
                        tgt = team if cr[1] == "mover" else owner
                        st.counters[cr[0]][tgt] = checked(st.counters[cr[0]][tgt] + 1)
            st.board[t] = st.board[f]
            st.sid[t] = st.sid[f]
            st.kind[t] = st.kind[f]
            st.board[f] = -1
            st.sid[f] = -1
            st.kind[f] = -1
            if kind != "relocate":
                if promo is not None:
                    st.kind[t] = promo  # as it arrives, before the `then` effects
                st.arrival = t
            else:
                st.relocated.add(st.sid[t])
                st.relocated.add(("site", t))
        st.last_site = t
        c = self.ctx(st, to=t, frm=f)
        if "groups-fast" in self.emulate and kind == "place" and len(mv.then) == 1 and \
                head(mv.then[0]) == "remove-groups" and not mv.where:
            # Black box: a placement without `where` whose one effect is a `remove-groups`.
            c.fast = True
        self.effects(st, mv.then, c)

    def apply_in_place(self, st, a):
        g = self.g
        text, kind, f, t, mv, extra = a
        # A turn is counted when its first action is made: `turns` is `completed + 1` while a
        # turn is under way.
        if st.turns <= st.completed:
            st.turns += 1
        st.last = st.mover
        st.actions += 1
        st.legal = []
        before = self.board_key(st)
        # `all-passed`: a turn that is the single action `pass` (forced or chosen, not named).
        st.pass_only = (st.pass_only is None and text == "pass" and kind in ("pass", "vpass"))
        if kind in ("pass", "end", "vpass"):
            self.note_board(st, before)
        if kind == "vpass":
            # Its effects first, then the end rules; then the turn ends at once.
            self.effects(st, mv.then, self.ctx(st))
            if st.outcome is not None:
                st.legal = []
                return
            if self.end_rules(st, no_moves=False):
                return
            self.end_turn(st)
            return
        if kind == "pass":
            if self.end_rules(st, no_moves=False):
                return
            self.end_turn(st)
            return
        if kind == "end":
            if self.end_rules(st, no_moves=False):
                return
            st.stage += 1
            if not self.enter_stages(st):
                self.end_turn(st)
            return
        self.do_move(st, a)
        self.note_board(st, before)
        if st.outcome is not None:
            st.legal = []
            return
        if self.end_rules(st, no_moves=False):
            return
        st.done += 1
        if st.done < st.hi:
            acts = self.stage_actions(st)
            if acts:
                self.set_legal(st, acts, st.done >= st.lo)
                return
        st.stage += 1
        if not self.enter_stages(st):
            self.end_turn(st)


# ---------------------------------------------------------------------------------------------
# Commands


def parse_sets(pairs):
    out = {}
    for p in pairs:
        if "=" not in p:
            raise ModelError("--set takes KEY=VALUE")
        k, v = p.split("=", 1)
        out[k] = v
    return out


def load(path, variant=None, settings=None):
    g = Game(path, variant, settings)
    return Model(g)


def perft_counts(m, depth):
    counts = [0] * (depth + 1)

    def rec(st, d):
        if d == depth or st.outcome is not None:
            return
        counts[d + 1] += len(st.legal)
        if d + 1 == depth:
            return
        for a in list(st.legal):
            s2 = st.copy()
            m.apply_in_place(s2, a)
            rec(s2, d + 1)

    rec(m.initial(), 0)
    return counts[1:]


def split_actions(text):
    return [t for t in re.split(r"[\s;]+", text or "") if t]


def replay(m, actions):
    st = m.initial()
    for a in actions:
        if st.outcome is not None:
            raise ModelError("action %r after the end of the game" % a)
        st = m.apply(st, a)
    return st


def show_position(m, st):
    g = m.g
    rows = []
    marks = "123456789abcdefg"
    stones = " ".join("%s:%s" % (g.board.labels[s], marks[t]) for s, t in enumerate(st.board) if t >= 0)
    rows.append("stones: " + (stones or "-"))
    rows.append("to move: player %d, phase %s, stage %d (%d done, %d..%d), hands %s, counters %s, "
                "allow %s, pending %s, completed turns %d"
                % (st.mover + 1, [g.phases[x].name for x in st.phase], st.stage, st.done, st.lo,
                   st.hi, st.hands, st.counters, st.allow, st.pending, st.completed))
    return "; ".join(rows)


def outcome_json(st):
    if st.outcome is None:
        return None
    return dict(st.outcome)


def cmd_perft(args):
    m = load(args.file, args.variant, parse_sets(args.set))
    if args.divide:
        # As `tabula perft --divide`: the count under each first action, then the total.
        st = replay(m, split_actions(args.after))
        total = 0
        for text in m.legal_texts(st):
            sub = Model(m.g)
            after = m.apply(st, text)
            n = 1 if args.depth <= 1 else sum_perft(sub, after, args.depth - 1)
            total += n
            print("%s: %d" % (text, n))
        print(total)
        return
    for d, n in enumerate(perft_counts(m, args.depth), 1):
        print("perft(%d) = %d" % (d, n))


def sum_perft(m, st, depth):
    """perft(depth) from the state ST."""
    if st.outcome is not None:
        return 0
    if depth == 1:
        return len(st.legal)
    return sum(sum_perft(m, m.apply(st, a[0]), depth - 1) for a in st.legal)


def cmd_moves(args):
    m = load(args.file, args.variant, parse_sets(args.set))
    st = replay(m, split_actions(args.after))
    print(json.dumps({"to_move": None if st.outcome is not None else st.mover + 1,
                      "legal": m.legal_texts(st), "outcome": outcome_json(st)}))


def same_outcome(a, b):
    if a is None or b is None:
        return a is None and b is None
    if a.get("winner") != b.get("winner") or bool(a.get("draw")) != bool(b.get("draw")):
        return False
    if "scores" in b and b.get("scores") is not None and a.get("scores") != b.get("scores"):
        return False
    return True


def verify_trace(tr, base_dir, models):
    path = tr["file"]
    if not os.path.isabs(path) and not os.path.exists(path):
        path = os.path.join(base_dir, path)
    key = (path, tr.get("variant"), tuple(sorted((tr.get("options") or {}).items())))
    if key not in models:
        models[key] = load(path, tr.get("variant"), {k: str(v) for k, v in (tr.get("options") or {}).items()})
    m = models[key]
    st = m.initial()
    for i, step in enumerate(tr["steps"]):
        mine = m.legal_texts(st)
        theirs = sorted(step["legal"])
        if mine != theirs:
            only_e = sorted(set(theirs) - set(mine))
            only_m = sorted(set(mine) - set(theirs))
            return ("MISMATCH step %d (after %r): engine only %s, model only %s; position: %s"
                    % (i, " ".join(s["action"] for s in tr["steps"][:i]), only_e, only_m,
                       show_position(m, st)))
        try:
            st = m.apply(st, step["action"])
        except ModelError as e:
            return "MISMATCH step %d: %s" % (i, e)
    if "final_legal" in tr and tr["final_legal"] is not None:
        mine = m.legal_texts(st)
        theirs = sorted(tr["final_legal"])
        if mine != theirs:
            return ("MISMATCH final legal: engine only %s, model only %s; position: %s"
                    % (sorted(set(theirs) - set(mine)), sorted(set(mine) - set(theirs)),
                       show_position(m, st)))
    if not same_outcome(outcome_json(st), tr.get("outcome")):
        return "MISMATCH outcome: engine %s, model %s; position: %s" % (
            json.dumps(tr.get("outcome")), json.dumps(outcome_json(st)), show_position(m, st))
    if "turns" in tr and tr["turns"] is not None and tr["turns"] != st.turns:
        return "MISMATCH turns: engine %s, model %s" % (tr["turns"], st.turns)
    if "actions" in tr and tr["actions"] is not None and tr["actions"] != st.actions:
        return "MISMATCH actions: engine %s, model %s" % (tr["actions"], st.actions)
    return "ok"


def cmd_verify(args):
    passed = failed = 0
    models = {}
    base = os.path.dirname(os.path.abspath(args.traces))
    with open(args.traces) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                tr = json.loads(line)
                r = verify_trace(tr, base, models)
            except (ModelError, KeyError, ValueError, TypeError, IndexError, OSError) as e:
                r = "MISMATCH error: %s" % e
            if r == "ok":
                passed += 1
                print("line %d: ok" % n)
            else:
                failed += 1
                print("line %d: %s" % (n, r))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def random_game(m, rng, max_actions=100000):
    st = m.initial()
    seq = []
    while st.outcome is None and len(seq) < max_actions:
        a = rng.choice(sorted(st.legal, key=lambda x: x[0]))
        seq.append(a[0])
        s2 = st.copy()
        m.apply_in_place(s2, a)
        st = s2
    return st, seq


def cmd_random(args):
    m = load(args.file, args.variant, parse_sets(args.set))
    rng = _random.Random(args.seed)
    wins = [0] * m.g.nt
    draws = 0
    tt = ta = 0
    unfinished = 0
    for _ in range(args.games):
        st, seq = random_game(m, rng)
        tt += st.turns
        ta += st.actions
        if st.outcome is None:
            unfinished += 1
        elif st.outcome["winner"]:
            wins[st.outcome["winner"] - 1] += 1
        else:
            draws += 1
    n = max(1, args.games)
    print("games %d, mean turns %.2f, mean actions %.2f, wins per team %s, draws %d, unfinished %d"
          % (args.games, tt / n, ta / n, wins, draws, unfinished))


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(prog="model.py", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)

    def common(p):
        p.add_argument("file")
        p.add_argument("--variant")
        p.add_argument("--set", action="append", default=[])

    p = sub.add_parser("perft")
    common(p)
    p.add_argument("depth", type=int)
    p.add_argument("--divide", action="store_true", help="the count under each first action")
    p.add_argument("--after", default="", help="start after these actions (with --divide)")
    p = sub.add_parser("moves")
    common(p)
    p.add_argument("--after", default="")
    p.add_argument("--json", action="store_true")
    p = sub.add_parser("verify")
    p.add_argument("traces")
    p = sub.add_parser("random")
    common(p)
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    try:
        if args.cmd == "perft":
            cmd_perft(args)
        elif args.cmd == "moves":
            cmd_moves(args)
        elif args.cmd == "verify":
            return cmd_verify(args)
        elif args.cmd == "random":
            cmd_random(args)
    except (ModelError, OSError) as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
