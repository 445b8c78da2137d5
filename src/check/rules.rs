//! Pass 5a: play — phases, turns, stages, moves, constraints and effects.

use super::Context;
use super::args::{Args, wrong_kind};
use super::expr::{Ctx, boolean, filter, int, relation, sites, symmetric_relation, unexpected};
use super::scope::{Category, POISON, Scope};
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::game::{
    Blocked, Bool, Constraint, Effect, Filter, Int, Move, MoveKind, Phase, Recipient, Sites, Stage, Who,
};
use crate::syntax::{Node, NodeKind, Span};

/// `(play ...)`: either turn items for a single phase, or `(phase ...)` forms.
/// `game` is where to report a missing section, or `None` when the section may just be
/// misspelt (already reported as unknown).
pub fn phases(cx: &mut Context, scope: &mut Scope<'_>, play: Option<&Node>, game: Option<Span>) -> Option<Vec<Phase>> {
    let Some(play) = play else {
        cx.report(super::setup::missing_section(game?, "play", "(play (turn (place (to empty))))"));
        return None;
    };
    let items = play.args();
    if items.is_empty() {
        cx.report(Args::new(play).missing("a `(turn ...)` or `(phase ...)`"));
        return None;
    }
    let phased = items.iter().any(|i| i.head() == Some("phase"));
    let mut phases = Vec::new();
    let mut ok = true;
    if phased {
        for item in items {
            if item.head() == Some("phase") {
                let mut args = Args::new(item);
                let Some((name, _)) = args.string(cx, "the phase's name") else {
                    ok = false;
                    continue;
                };
                match phase(cx, scope, name, args.rest(), &args, item.span) {
                    Some(p) => phases.push(p),
                    None => ok = false,
                }
            } else if item.symbol() != Some(POISON) {
                cx.report(
                    Diagnostic::error(codes::WRONG_PLACE, format!("{} beside `(phase ...)` forms", item.describe()))
                        .label(item.span, "belongs inside a phase")
                        .help("when play has phases, every turn item goes inside one of them"),
                );
                ok = false;
            }
        }
    } else {
        let args = Args::new(play);
        phases.push(phase(cx, scope, "play".into(), items, &args, play.span)?);
    }
    if !ok {
        return None;
    }
    check_phase_names(cx, &phases);
    reachable(cx, &phases);
    Some(phases)
}

fn check_phase_names(cx: &mut Context, phases: &[Phase]) {
    for (i, p) in phases.iter().enumerate() {
        if let Some(first) = phases[..i].iter().find(|q| q.name == p.name) {
            cx.report(
                Diagnostic::error(codes::DUPLICATE, format!("phase \"{}\" is defined twice", p.name))
                    .label(p.span.first_char(), "defined again here")
                    .label(first.span.first_char(), "first defined here"),
            );
        }
    }
}

/// A player leaves a phase only when its `until` holds; a phase after one that never ends
/// is never played.
fn reachable(cx: &mut Context, phases: &[Phase]) {
    for pair in phases.windows(2) {
        let (before, after) = (&pair[0], &pair[1]);
        let reason = match &before.until {
            None => "it has no `(until ...)`",
            Some(Bool::Const(false)) => "its `(until ...)` is always false",
            _ => continue,
        };
        cx.report(
            Diagnostic::error(codes::UNREACHABLE_PHASE, format!("phase \"{}\" can never be reached", after.name))
                .label(after.span.first_char(), "this phase is never played")
                .label(before.span.first_char(), format!("the phase before never ends: {reason}"))
                .help("give the earlier phase an `(until CONDITION)` saying when a player moves on"),
        );
        return;
    }
    if let Some(last) = phases.last() {
        if last.until.is_some() && phases.len() > 1 {
            cx.report(
                Diagnostic::warning(codes::UNUSED, format!("the last phase \"{}\" has an `(until ...)`", last.name))
                    .label(last.span.first_char(), "no phase follows it, so `until` has no effect"),
            );
        }
    }
}

fn phase(
    cx: &mut Context,
    scope: &mut Scope<'_>,
    name: String,
    items: &[Node],
    args: &Args<'_>,
    span: Span,
) -> Option<Phase> {
    let play = Ctx { play: true, ..Ctx::default() };
    let mut until = None;
    let mut stages: Option<Vec<Stage>> = None;
    let mut after_turn = Vec::new();
    let mut blocked = Blocked::EndGame;
    let mut maximize = None;
    let mut ok = true;
    let mut seen: Vec<(&str, Span)> = Vec::new();
    for item in items {
        let head = item.head();
        if let Some(h) = head {
            if let Some((_, first)) = seen.iter().find(|(s, _)| *s == h) {
                cx.report(
                    Diagnostic::error(codes::DUPLICATE, format!("`({h} ...)` appears twice in one phase"))
                        .label(item.span.first_char(), "again here")
                        .label(*first, "first here"),
                );
                ok = false;
                continue;
            }
            seen.push((h, item.span.first_char()));
        }
        match head {
            Some("until") => {
                let mut a = Args::new(item);
                let ctx = Ctx { until: true, ..play };
                let c = a.required(cx, "a condition").and_then(|n| boolean(cx, scope, n, ctx));
                a.finish(cx);
                match c {
                    Some(c) => until = Some(c),
                    None => ok = false,
                }
            }
            Some("turn") => stages = turn(cx, scope, item),
            Some("after-turn") => match effects(cx, scope, item.args(), play) {
                Some(e) => after_turn = e,
                None => ok = false,
            },
            Some("maximize") => match maximized(cx, scope, item, play) {
                Some(n) => maximize = Some(n),
                None => ok = false,
            },
            Some("blocked") => {
                let mut a = Args::new(item);
                match a.required(cx, "what a blocked player does: `pass`").map(|n| (n, n.symbol())) {
                    Some((_, Some("pass"))) => blocked = Blocked::Pass,
                    Some((n, _)) => {
                        cx.report(wrong_kind(n, "what a blocked player does", "`pass`").help(
                            "without `(blocked pass)` a player who cannot move ends the game (see `(no-moves)`)",
                        ));
                        ok = false;
                    }
                    None => ok = false,
                }
                a.finish(cx);
            }
            Some("place" | "slide" | "relocate" | "take" | "sow" | "pass" | "actions" | "leap" | "hop") => {
                cx.report(
                    Diagnostic::error(codes::WRONG_PLACE, format!("{} must be inside `(turn ...)`", item.describe()))
                        .label(item.span, "directly in the phase")
                        .help("write `(turn STAGE...)`, for example `(turn (place (to empty)))`"),
                );
                seen.push(("turn", item.span.first_char()));
                ok = false;
            }
            _ if item.symbol() == Some(POISON) => ok = false,
            _ => {
                let mut d = Diagnostic::error(codes::UNKNOWN_LUDEME, format!("unexpected {} in play", item.describe()))
                    .label(item.span, "not a turn item");
                d = d.help(
                    "play holds `(turn ...)`, `(after-turn ...)`, `(blocked pass)`, `(maximize ...)` and, in a phase, `(until ...)`",
                );
                if !matches!(item.kind, NodeKind::Braces(_) | NodeKind::Named(..)) {
                    cx.report(d);
                }
                ok = false;
            }
        }
    }
    let Some(stages) = stages else {
        if !seen.iter().any(|(h, _)| *h == "turn") {
            cx.report(args.missing("a `(turn ...)`"));
        }
        return None;
    };
    ok.then_some(Phase { name, until, stages, after_turn, blocked, maximize, span })
}

/// `(maximize NUMBER)`: the number whose greatest value over the ways to play a whole turn
/// makes a turn legal. A number that no turn can change would make every turn equal: refused.
fn maximized(cx: &mut Context, scope: &mut Scope<'_>, item: &Node, play: Ctx) -> Option<Int> {
    let mut a = Args::new(item);
    let n = a.required(cx, "the number a turn must make greatest, such as `(allowance captured)`")?;
    a.finish(cx);
    let value = int(cx, scope, n, play)?;
    if let Some(v) = value.constant() {
        cx.report(
            Diagnostic::error(codes::NOT_CONSTANT, format!("`(maximize ...)` of the fixed number {v}"))
                .label(n.span, "every turn makes the same number")
                .help("maximize what a turn changes: an allowance it sets, a count of pieces, a counter"),
        );
        return None;
    }
    Some(value)
}

/// `(turn STAGE...)`.
fn turn(cx: &mut Context, scope: &mut Scope<'_>, form: &Node) -> Option<Vec<Stage>> {
    let items = form.args();
    if items.is_empty() {
        cx.report(Args::new(form).missing("at least one move, such as `(place (to empty))`"));
        return None;
    }
    let out: Vec<Option<Stage>> = items.iter().map(|item| stage(cx, scope, item)).collect();
    out.into_iter().collect()
}

/// A stage: a move (exactly once), or `(actions MIN [MAX] MOVE...)`.
fn stage(cx: &mut Context, scope: &mut Scope<'_>, node: &Node) -> Option<Stage> {
    let play = Ctx { play: true, ..Ctx::default() };
    if node.head() == Some("priority") {
        super::priority::outside_actions(cx, node);
        return None;
    }
    if node.head() == Some("maximize") {
        cx.report(
            Diagnostic::error(codes::WRONG_PLACE, "`(maximize ...)` weighs whole turns: it is no stage")
                .label(node.span, "inside `(turn ...)`")
                .help("write it beside the turn: `(play (turn ...) (maximize NUMBER))`"),
        );
        return None;
    }
    if node.head() != Some("actions") {
        let m = move_(cx, scope, node)?;
        return Some(Stage { min: Int::Const(1), max: Int::Const(1), moves: vec![m], preferred: 0 });
    }
    let mut args = Args::new(node);
    let min = args.required(cx, "the least number of actions").and_then(|n| int(cx, scope, n, play));
    let max = match args.peek() {
        // The maximum is optional: a second argument that reads as a number is one; anything
        // else is the first move (so a misspelt move is reported as a move).
        Some(n) if reads_as_number(n) => {
            args.next();
            int(cx, scope, n, play)
        }
        _ => min.clone(),
    };
    let items = args.rest();
    if items.is_empty() {
        cx.report(args.missing("at least one move"));
        return None;
    }
    let (moves, preferred) = super::priority::stage_moves(cx, scope, items);
    let (min, max, moves) = (min?, max?, moves?);
    if let (Some(lo), Some(hi)) = (min.constant(), max.constant()) {
        if lo < 0 || hi < lo {
            cx.report(
                Diagnostic::error(codes::OUT_OF_RANGE, format!("a stage of {lo} to {hi} actions"))
                    .label(node.span.first_char(), "impossible bounds")
                    .help("the least number must be 0 or more and at most the largest"),
            );
            return None;
        }
    }
    for (i, m) in moves.iter().enumerate() {
        // Passes with different names are different actions (`pass`, `swap`).
        // Piece moves (`FROM-TO`) may share a stage: an action is the first one's that makes
        // it (a step forward and a capture diagonally forward).
        let same = |a: &MoveKind, b: &MoveKind| match (a, b) {
            (MoveKind::Pass { name: x }, MoveKind::Pass { name: y }) => x == y,
            // Both are written by a site alone.
            (MoveKind::Place, MoveKind::Sow { .. }) | (MoveKind::Sow { .. }, MoveKind::Place) => true,
            _ if a.moves_a_piece() && b.moves_a_piece() => false,
            _ => std::mem::discriminant(a) == std::mem::discriminant(b),
        };
        // Placements from a hand of kinds are written with their kind (`P@e4`): they may share
        // a stage when no kind is any two's.
        if !m.drops.is_empty() {
            let shared = moves[..i].iter().find_map(|o| o.drops.iter().find(|k| m.drops.contains(k)).map(|&k| (o, k)));
            if let Some((other, k)) = shared {
                let name = &scope.setup.pieces[k as usize].name;
                cx.report(
                    Diagnostic::error(codes::AMBIGUOUS_MOVES, format!("two placements may take a `{name}` from the hand"))
                        .label(m.span.first_char(), "second one")
                        .label(other.span.first_char(), "first one")
                        .help("a placement without `(piece ...)` takes any kind: give each placement its own kinds, `(piece KIND...)`"),
                );
                return None;
            }
            continue;
        }
        if let Some(other) = moves[..i].iter().find(|o| same(&o.kind, &m.kind)) {
            cx.report(
                Diagnostic::error(codes::AMBIGUOUS_MOVES, "two moves of the same kind in one stage")
                    .label(m.span.first_char(), "second one")
                    .label(other.span.first_char(), "first one")
                    .help("an action is written by its kind (`c3`, `c3-d4`, `c3>d4`), so a stage may hold one move of each kind; merge their conditions"),
            );
            return None;
        }
    }
    Some(Stage { min, max, moves, preferred })
}

fn reads_as_number(node: &Node) -> bool {
    match node.head() {
        Some(head) => super::scope::categories(head).contains(&Category::Number),
        // A form already reported (a broken define's use) is taken for a move: as the last
        // argument it must not leave the stage without one.
        None => node.list().is_none() && node.symbol() != Some(POISON),
    }
}

/// The N of a slide's `(distance N)`: a number of steps, exact. `None` when wrong (reported).
fn distance_steps(cx: &mut Context, scope: &mut Scope<'_>, n: &Node, ctx: Ctx) -> Option<Int> {
    // `any` is how far a `range` goes; a distance has no such word, and "unknown name" would
    // not say which clause the author wanted.
    if n.symbol() == Some("any") {
        cx.report(
            wrong_kind(n, "a distance", "an exact number of steps")
                .help("`(distance N)` goes exactly N steps; for as far as the line is free, write `(range any)`"),
        );
        return None;
    }
    let d = int(cx, scope, n, ctx)?;
    // A fixed distance below 1 never gives a move, as `(range 0)` would not; one that depends
    // on the position may be below 1 where no move is meant.
    if let Int::Const(v @ ..=0) = d {
        cx.report(
            Diagnostic::error(codes::OUT_OF_RANGE, format!("a distance of {v} steps"))
                .label(n.span, "a piece moves at least one step")
                .help("write 1 or more: `(distance N)` goes exactly N steps"),
        );
        return None;
    }
    Some(d)
}

/// `(place ...)`, `(slide ...)`, `(relocate ...)`.
pub(super) fn move_(cx: &mut Context, scope: &mut Scope<'_>, node: &Node) -> Option<Move> {
    let (kind_name, has_from) = match node.head() {
        Some("pass") => return super::pass::pass_move(cx, scope, node),
        Some("place") => ("place", false),
        Some("slide") => ("slide", true),
        Some("relocate") => ("relocate", true),
        Some("take") => ("take", true),
        Some("sow") => ("sow", true),
        Some("leap") => ("leap", true),
        Some("hop") => ("hop", true),
        _ => {
            unexpected(cx, node, Category::Move);
            return None;
        }
    };
    // A take chooses a stone, bound as `from`; nothing arrives anywhere. A sowing chooses its
    // site, bound as `from`; in its effects `to` is where the last seed fell.
    let takes = kind_name == "take";
    let sows = kind_name == "sow";
    let placement = kind_name == "place";
    let before = Ctx { to: !takes && !sows, from: has_from, play: true, placement, ..Ctx::default() };
    let effect_ctx = Ctx { arrival: kind_name != "relocate" && !takes && !sows, to: !takes, ..before };
    // What a move tests on the position it makes: not a relocation's, a take's or a sowing's.
    let tests_after = kind_name != "relocate" && !takes && !sows;
    let mut skip = None;
    let mut from = None;
    let mut to = None;
    let mut along = None;
    let mut capture = None;
    let mut range = Some(1);
    let mut distance = None;
    let mut through = None;
    let mut piece = 0;
    let mut drops = Vec::new();
    let mut paths = None;
    let mut over = None;
    let mut jumped = Filter::Occupied;
    let mut distinct: Option<bool> = None;
    let mut conditions = Vec::new();
    let mut condition_text = Vec::new();
    let mut require = Vec::new();
    let mut require_text = Vec::new();
    let mut then = Vec::new();
    let mut after = Vec::new();
    let mut after_text = Vec::new();
    let mut after_words = Vec::new();
    let mut no_repeat = None;
    let mut promote = None;
    let mut ok = true;
    let mut seen: Vec<(&str, Span)> = Vec::new();
    for clause in node.args() {
        let Some(head) = clause.head() else {
            if clause.symbol() == Some("distinct") && kind_name == "relocate" {
                distinct = Some(true);
                continue;
            }
            if clause.symbol() != Some(POISON) && !matches!(clause.kind, NodeKind::Braces(_) | NodeKind::Named(..)) {
                cx.report(
                    wrong_kind(clause, &format!("a clause of `{kind_name}`"), "a clause such as `(to empty)`")
                        .maybe_help(super::scope::usage(kind_name).map(|u| format!("usage: {u}"))),
                );
            }
            ok = false;
            continue;
        };
        if let Some((_, first)) = seen.iter().find(|(s, _)| *s == head) {
            cx.report(clause_twice(head, kind_name, clause, *first));
            ok = false;
            continue;
        }
        seen.push((head, clause.span.first_char()));
        let mut args = Args::new(clause);
        match head {
            "to" if !takes && !sows => {
                // The destination is being chosen: only the origin is known.
                let ctx = Ctx { to: false, ..before };
                to = args.required(cx, "the destination sites").and_then(|n| sites(cx, scope, n, ctx));
                args.finish(cx);
                ok &= to.is_some();
            }
            "from" if has_from => {
                let ctx = Ctx { to: false, from: false, ..before };
                from = args.required(cx, "the origin sites").and_then(|n| sites(cx, scope, n, ctx));
                args.finish(cx);
                ok &= from.is_some();
            }
            "skip" if sows => {
                let ctx = Ctx { to: false, ..before };
                skip = args.required(cx, "the sites the seeds pass over").and_then(|n| sites(cx, scope, n, ctx));
                args.finish(cx);
                ok &= skip.is_some();
            }
            "along" if kind_name == "slide" || sows => {
                along = args.required(cx, "a relation").and_then(|n| relation(cx, scope, n));
                args.finish(cx);
                ok &= along.is_some();
            }
            "capture" => {
                capture = super::pieces::capture(cx, scope, clause, kind_name);
                ok &= capture.is_some();
            }
            "promote" => {
                promote = super::pieces::promotion(cx, scope, clause, kind_name);
                ok &= promote.is_some();
            }
            "range" if matches!(kind_name, "slide" | "hop") => match super::pieces::range(cx, clause) {
                Some(r) => range = r,
                None => ok = false,
            },
            "distance" if kind_name == "slide" => {
                // Counted where the piece stands, before it moves.
                let ctx = Ctx { to: false, ..before };
                distance = args.required(cx, "the number of steps").and_then(|n| distance_steps(cx, scope, n, ctx));
                args.finish(cx);
                ok &= distance.is_some();
            }
            "through" if kind_name == "slide" => {
                through = args
                    .required(cx, "what the piece passes over, such as `friend`")
                    .and_then(|n| super::expr::piece_filter(cx, scope, n));
                args.finish(cx);
                ok &= through.is_some();
            }
            "piece" if kind_name == "place" && scope.setup.keeps_captures => {
                match super::pieces::drops(cx, scope, clause) {
                    Some(kinds) => drops = kinds,
                    None => ok = false,
                }
            }
            "piece" if kind_name == "place" => match super::pieces::piece_clause(cx, scope, clause) {
                Some(k) => piece = k,
                None => ok = false,
            },
            "by" if kind_name == "leap" => {
                paths = super::pieces::paths(cx, scope, clause);
                ok &= paths.is_some();
            }
            "over" if kind_name == "hop" => {
                over =
                    args.required(cx, "a relation made of directions").and_then(|n| super::pieces::over(cx, scope, n));
                // What the jumped site must hold: any piece unless a filter says which.
                if let Some(n) = args.next() {
                    match super::expr::piece_filter(cx, scope, n) {
                        Some(f) => jumped = f,
                        None => ok = false,
                    }
                }
                args.finish(cx);
                ok &= over.is_some();
            }
            "distinct" if kind_name == "relocate" => {
                distinct = match args.next() {
                    None => Some(true),
                    Some(n) => match boolean(cx, scope, n, Ctx::default()) {
                        Some(Bool::Const(b)) => Some(b),
                        Some(_) => {
                            cx.report(
                                Diagnostic::error(codes::NOT_CONSTANT, "`distinct` takes a fixed condition")
                                    .label(n.span, "must be known before play starts")
                                    .help("use `true`, `false` or a boolean option"),
                            );
                            None
                        }
                        None => None,
                    },
                };
                args.finish(cx);
                ok &= distinct.is_some();
            }
            "where" => {
                condition_text = clause.args().iter().map(super::expr::failure).collect();
                match conds(cx, scope, &mut args, before) {
                    Some(c) => conditions = c,
                    None => ok = false,
                }
            }
            "require" if tests_after => {
                let items = args.rest();
                if items.is_empty() {
                    cx.report(args.missing("a constraint"));
                }
                for item in items {
                    match constraint(cx, scope, item, before) {
                        Some(c) => {
                            require.push(c);
                            require_text.push(item.to_string());
                        }
                        None => ok = false,
                    }
                }
            }
            "then" => match effects(cx, scope, args.rest(), effect_ctx) {
                Some(e) => then = e,
                None => ok = false,
            },
            "after" if tests_after => {
                after_text = clause.args().iter().map(|n| n.to_string()).collect();
                after_words = clause.args().iter().map(|n| super::expr::described(n).map(str::to_string)).collect();
                match super::capture::after(cx, scope, &mut args, effect_ctx) {
                    Some(c) => after = c,
                    None => ok = false,
                }
            }
            "no-repeat" if tests_after => {
                no_repeat = super::capture::no_repeat(cx, args);
                ok &= no_repeat.is_some();
            }
            _ => {
                let allowed = match kind_name {
                    "place" => "to, piece, where, require, then, after, no-repeat",
                    "slide" => {
                        "from, along, to, range, distance, through, capture, promote, where, require, then, after, no-repeat"
                    }
                    "leap" => "from, by, to, capture, promote, where, require, then, after, no-repeat",
                    "hop" => "from, over, to, range, capture, promote, where, require, then, after, no-repeat",
                    "take" => "from, where, then",
                    "sow" => "from, along, skip, where, then",
                    _ => "from, to, distinct, where, then",
                };
                cx.report(
                    Diagnostic::error(codes::WRONG_PLACE, format!("`{kind_name}` has no `({head} ...)` clause"))
                        .label(clause.span.first_char(), "not a clause of this move")
                        .help(clause_help(head, allowed)),
                );
                ok = false;
            }
        }
    }
    let missing = |cx: &mut Context, what: &str| {
        cx.report(Args::new(node).missing(what));
    };
    if to.is_none() && !takes && !sows && !seen.iter().any(|(h, _)| *h == "to") {
        missing(cx, "a `(to SITES)` clause");
        ok = false;
    }
    if has_from && from.is_none() && !seen.iter().any(|(h, _)| *h == "from") {
        missing(cx, "a `(from SITES)` clause");
        ok = false;
    }
    if sows && along.is_none() && !seen.iter().any(|(h, _)| *h == "along") {
        missing(cx, "an `(along RELATION)` clause: the track the seeds follow");
        ok = false;
    }
    if let (true, Some(rel)) = (sows, along) {
        ok &= super::sowing::track(cx, scope, node, rel);
    }
    if kind_name == "slide" && along.is_none() && !seen.iter().any(|(h, _)| *h == "along") {
        missing(cx, "an `(along RELATION)` clause");
        ok = false;
    }
    if kind_name == "leap" && paths.is_none() && !seen.iter().any(|(h, _)| *h == "by") {
        missing(cx, "a `(by PATH...)` clause, such as `(by (N N E))`");
        ok = false;
    }
    if kind_name == "hop" && over.is_none() && !seen.iter().any(|(h, _)| *h == "over") {
        missing(cx, "an `(over RELATION)` clause");
        ok = false;
    }
    // An exact distance replaces the range.
    if let (Some(at), true) = (seen.iter().find(|(h, _)| *h == "range"), distance.is_some()) {
        cx.report(
            Diagnostic::error(codes::WRONG_PLACE, "a slide has a `range` or a `distance`, not both")
                .label(at.1, "a range")
                .help("`(distance N)` goes exactly N steps; `(range N)` up to N"),
        );
        ok = false;
    }
    if distance.is_some() {
        range = None;
    }
    // A slide of more than one step, or one passing over pieces, follows straight lines: its
    // relation must be made of directions.
    let straight = range != Some(1) || through.is_some();
    if let (Some(rel), true) = (along, straight) {
        let board = &scope.setup.board;
        if board.directions_within(rel as usize).is_empty() {
            let node = node.args().iter().find(|c| c.head() == Some("along")).and_then(|c| c.args().first());
            if let Some(n) = node {
                cx.report(super::rays::no_directions(
                    n,
                    &board.relations[rel as usize].name,
                    scope,
                    "a slide of more than one step, or through pieces",
                ));
            }
            ok = false;
        }
    }
    if !ok {
        return None;
    }
    let kind = match kind_name {
        "place" => MoveKind::Place,
        "slide" if distance.is_some() || through.is_some() => MoveKind::Ride { along: along?, distance, through },
        "slide" => MoveKind::Slide { along: along? },
        "leap" => {
            let paths = paths?;
            let board = &scope.setup.board;
            let owned = paths.iter().flatten().any(|&r| !board.relations[r as usize].direction);
            MoveKind::Leap { paths, owned }
        }
        "hop" => MoveKind::Hop { over: over?, jumped },
        "take" => MoveKind::Take,
        "sow" => MoveKind::Sow { along: along?, skip },
        _ => MoveKind::Relocate { distinct: distinct.unwrap_or(false) },
    };
    // A placement in a game whose hands keep captures takes a piece from the hand: of the
    // kinds listed, or of any team's kind.
    if kind_name == "place" && scope.setup.keeps_captures && drops.is_empty() {
        drops = (0..scope.setup.pieces.len() as u8).filter(|&k| !scope.setup.pieces[k as usize].neutral).collect();
    }
    Some(Move {
        kind,
        from: from.unwrap_or(Sites::Filter(Filter::Friend)),
        // A take lands nowhere: its `to` is never read.
        to: if takes || sows { Sites::Filter(Filter::Any) } else { to? },
        conditions,
        require,
        then,
        condition_text,
        require_text,
        span: node.span,
        capture,
        range,
        piece,
        after,
        after_text,
        after_words,
        no_repeat,
        promote,
        drops,
    })
}

pub(super) fn conds(cx: &mut Context, scope: &mut Scope<'_>, args: &mut Args<'_>, ctx: Ctx) -> Option<Vec<Bool>> {
    let items = args.rest();
    if items.is_empty() {
        cx.report(args.missing("a condition"));
        return None;
    }
    let out: Vec<Option<Bool>> = items.iter().map(|n| boolean(cx, scope, n, ctx)).collect();
    out.into_iter().collect()
}

/// `(connected FILTER REGION RELATION)`, or a condition on the position after the stone
/// arrived (`to` and `from` bound as in `where`).
fn constraint(cx: &mut Context, scope: &mut Scope<'_>, node: &Node, ctx: Ctx) -> Option<Constraint> {
    if node.head() != Some("connected") {
        return boolean(cx, scope, node, ctx).map(Constraint::Condition);
    }
    let mut args = Args::new(node);
    let f = args.required(cx, "which sites must be connected, such as `empty`").and_then(|n| filter(cx, n));
    let region = args
        .required(cx, "the region they must reach")
        .and_then(|n| scope.region(n).map_err(|d| d.map(|d| cx.report(d))).ok());
    let rel = args.required(cx, "the relation of the paths").and_then(|n| symmetric_relation(cx, scope, n));
    args.finish(cx);
    Some(Constraint::Connected { filter: f?, region: region?, rel: rel? })
}

/// A list of effects.
pub fn effects(cx: &mut Context, scope: &mut Scope<'_>, items: &[Node], ctx: Ctx) -> Option<Vec<Effect>> {
    let out: Vec<Option<Effect>> = items.iter().map(|n| effect(cx, scope, n, ctx)).collect();
    out.into_iter().collect()
}

fn who(cx: &mut Context, node: &Node) -> Option<Who> {
    match node.symbol() {
        Some("mover") => Some(Who::Mover),
        Some("next") => Some(Who::Next),
        Some(POISON) => None,
        _ => {
            cx.report(wrong_kind(node, "a player", "`mover` or `next`"));
            None
        }
    }
}

/// `(rotate REGION clockwise|counterclockwise)`: the region must be a square block of a square
/// or rectangular grid, the same for every team; the checker works out where each site goes.
fn rotate(cx: &mut Context, scope: &mut Scope<'_>, node: &Node) -> Option<Effect> {
    let mut args = Args::new(node);
    let region = args.required(cx, "the block to turn, a region");
    let turn = args.symbol(cx, "the way it turns: `clockwise` or `counterclockwise`");
    args.finish(cx);
    let (region, (turn, turn_span)) = (region?, turn?);
    let clockwise = match turn.as_str() {
        "clockwise" => true,
        "counterclockwise" => false,
        _ => {
            cx.report(
                Diagnostic::error(codes::UNKNOWN_NAME, format!("`{turn}` is not a way to turn"))
                    .label(turn_span, "expected `clockwise` or `counterclockwise`")
                    .help("seen from above, with north at the top"),
            );
            return None;
        }
    };
    let r = scope.region(region).map_err(|d| d.map(|d| cx.report(d))).ok()?;
    let setup = &scope.setup;
    if r.by_team.iter().any(|&i| i != r.by_team[0]) {
        cx.report(
            Diagnostic::error(codes::NO_SYMMETRY, "a block that turns is the same for every team")
                .label(region.span, "an owned region")
                .help("declare the block without `(owner ...)`"),
        );
        return None;
    }
    let sites = setup.regions[r.by_team[0] as usize].sites();
    let width = match setup.board.shape {
        crate::board::Shape::Square { size } => Some(size),
        crate::board::Shape::Rectangle { width, .. } => Some(width),
        _ => None,
    };
    let block = width.and_then(|w| square_block(&sites, w));
    let Some((w, col, row, k)) = block else {
        let why = match width {
            None => "only a square or rectangular grid has blocks that turn".to_string(),
            Some(_) => format!("its {} sites are not a square block of the grid", sites.len()),
        };
        cx.report(
            Diagnostic::error(codes::NO_SYMMETRY, "this region cannot turn a quarter about its centre")
                .label(region.span, why)
                .help("a block is k×k sites in a row of columns and rows, such as `(sites a1 b1 a2 b2)`"),
        );
        return None;
    };
    // Local (i, j), north up: a quarter clockwise takes (i, j) to (j, n − i).
    let n = k - 1;
    let moves = (0..k)
        .flat_map(|j| (0..k).map(move |i| (i, j)))
        .map(|(i, j)| {
            let (ti, tj) = if clockwise { (j, n - i) } else { (n - j, i) };
            (((row + j) * w + col + i) as u16, ((row + tj) * w + col + ti) as u16)
        })
        .collect();
    Some(Effect::Rotate { moves })
}

/// (width, first column, first row, side) when the sites are a k×k block of a grid `width`
/// wide, indexed `row × width + column`.
fn square_block(sites: &[u16], width: usize) -> Option<(usize, usize, usize, usize)> {
    let (first, last) = (*sites.first()? as usize, *sites.last()? as usize);
    let (col, row) = (first % width, first / width);
    let k = last % width + 1 - col.min(last % width + 1);
    let square = k >= 1 && k * k == sites.len() && last / width + 1 - row == k;
    let inside = sites.iter().all(|&s| {
        let (c, r) = (s as usize % width, s as usize / width);
        (col..col + k).contains(&c) && (row..row + k).contains(&r)
    });
    (square && inside).then_some((width, col, row, k))
}

fn effect(cx: &mut Context, scope: &mut Scope<'_>, node: &Node, ctx: Ctx) -> Option<Effect> {
    let Some(head) = node.head() else {
        if node.symbol() == Some("draw") {
            return Some(Effect::Draw);
        }
        unexpected(cx, node, Category::Effect);
        return None;
    };
    let mut args = Args::new(node);
    let effect = match head {
        "remove" => {
            let s = args.required(cx, "the sites to examine").and_then(|n| sites(cx, scope, n, ctx));
            let inner = Ctx { site: true, ..ctx };
            let (conditions, credit) = removal_clauses(
                cx,
                scope,
                args.rest(),
                inner,
                "remove",
                "usage: (remove SITES [(where CONDITION...)] [(credit COUNTER mover|owner)])",
            )?;
            Effect::Remove { sites: s?, conditions, credit }
        }
        "remove-groups" => return super::capture::remove_groups(cx, scope, node, ctx),
        "flip" => {
            let s =
                args.required(cx, "the sites whose stones become the mover's").and_then(|n| sites(cx, scope, n, ctx));
            args.finish(cx);
            Effect::Flip(s?)
        }
        "rotate" => return rotate(cx, scope, node),
        "promote" => return super::pieces::promote(cx, scope, node, ctx),
        "shift" => {
            let from = args.required(cx, "the sites the piece leaves").and_then(|n| sites(cx, scope, n, ctx));
            let to = args.required(cx, "the sites it goes to").and_then(|n| sites(cx, scope, n, ctx));
            args.finish(cx);
            Effect::Shift { from: from?, to: to? }
        }
        "put" => {
            let s = args.required(cx, "the sites to put stones on").and_then(|n| sites(cx, scope, n, ctx));
            // `(piece KIND)`: the kind put, which may be nobody's (a wall's other sections).
            // A kind's bare name there is shown the clause it belongs in.
            if let Some(word) = args.peek().and_then(Node::symbol)
                && scope.setup.pieces.iter().any(|k| k.name == word)
            {
                let bare = args.next().map_or(node.span, |n| n.span);
                cx.report(
                    Diagnostic::error(codes::WRONG_TYPE, format!("`{word}` is a kind of piece, not a clause of `put`"))
                        .label(bare, "a kind of piece")
                        .help(format!("the kind `put` puts is written `(piece {word})`")),
                );
                return None;
            }
            let mut piece = None;
            if let Some(clause) = args.peek().filter(|n| n.head() == Some("piece")) {
                args.next();
                piece = Some(super::pieces::piece_clause(cx, scope, clause)?);
            }
            args.finish(cx);
            if piece.is_none()
                && let Some(first) = scope.setup.pieces.first().filter(|k| k.neutral)
            {
                cx.report(super::neutral::put_of_neutral(node, &first.name));
            }
            Effect::Put { sites: s?, piece }
        }
        "win" => {
            let w = args.required(cx, "the winner: `mover` or `next`").and_then(|n| who(cx, n));
            args.finish(cx);
            Effect::Win(w?)
        }
        "draw" => {
            args.finish(cx);
            Effect::Draw
        }
        "collect" => super::sowing::collect(cx, scope, node, ctx)?,
        "again" => {
            args.finish(cx);
            // Only a move's effects have a stage to go on with: not a pass's, which ends the
            // turn, nor `after-turn`'s.
            if !(ctx.to || ctx.from) {
                cx.report(
                    Diagnostic::error(codes::WRONG_PLACE, "`(again)` has no stage to go on with here")
                        .label(node.span, "not in the effects of a move")
                        .help("write it in the `then` of a `place`, `slide`, `relocate`, `take`, `leap` or `hop`"),
                );
                return None;
            }
            Effect::Again
        }
        "allow" | "allow-next" => {
            let a = args
                .required(cx, "an allowance")
                .and_then(|n| scope.allowance(n).map_err(|d| d.map(|d| cx.report(d))).ok());
            let v = args.required(cx, "the number allowed").and_then(|n| int(cx, scope, n, ctx));
            args.finish(cx);
            Effect::Allow { allowance: a?, value: v?, next: head == "allow-next" }
        }
        "add" => {
            let c =
                args.required(cx, "a counter").and_then(|n| scope.counter(n).map_err(|d| d.map(|d| cx.report(d))).ok());
            let w = args.required(cx, "whose counter: `mover` or `next`").and_then(|n| who(cx, n));
            let v = args.required(cx, "the amount").and_then(|n| int(cx, scope, n, ctx));
            args.finish(cx);
            Effect::Add { counter: c?, who: w?, value: v? }
        }
        "if" => {
            let c = args.required(cx, "a condition").and_then(|n| boolean(cx, scope, n, ctx));
            let t = args.required(cx, "the effect when it holds").and_then(|n| effect(cx, scope, n, ctx));
            let e = match args.next() {
                Some(n) => effect(cx, scope, n, ctx).map(|e| vec![e]),
                None => Some(Vec::new()),
            };
            args.finish(cx);
            Effect::If { condition: c?, then: vec![t?], otherwise: e? }
        }
        _ => {
            unexpected(cx, node, Category::Effect);
            return None;
        }
    };
    Some(effect)
}

/// "`(where ...)` appears twice in `place`": a move's clauses (and a capture's) are each
/// written once.
pub(super) fn clause_twice(head: &str, kind_name: &str, clause: &Node, first: Span) -> Diagnostic {
    let help = match head {
        "where" | "after" => format!("put all conditions in one clause: `({head} A B)` means A and B"),
        "require" => "put all constraints in one clause: `(require A B)` means A and B".to_string(),
        _ => format!("each clause of `{kind_name}` is written once: remove one"),
    };
    Diagnostic::error(codes::DUPLICATE, format!("`({head} ...)` appears twice in `{kind_name}`"))
        .label(clause.span.first_char(), "again here")
        .label(first, "first here")
        .help(help)
}

/// `(credit COUNTER mover|owner)`'s arguments: the counter and who is credited.
pub(super) fn credit(cx: &mut Context, scope: &Scope<'_>, mut a: Args<'_>) -> Option<(usize, Recipient)> {
    let counter = a.required(cx, "a counter").and_then(|n| scope.counter(n).map_err(|d| d.map(|d| cx.report(d))).ok());
    let recipient = a.required(cx, "who is credited: `mover` or `owner`").and_then(|n| match n.symbol() {
        Some("mover") => Some(Recipient::Mover),
        Some("owner") => Some(Recipient::Owner),
        // Already reported.
        Some(POISON) => None,
        _ => {
            cx.report(wrong_kind(n, "who is credited", "`mover` or `owner`"));
            None
        }
    });
    a.finish(cx);
    counter.zip(recipient)
}

/// A removal's credit: the counter and who receives it, if any.
type Credit = Option<(usize, Recipient)>;

/// The clauses of a removal (`remove`, `remove-groups`): `(where CONDITION...)` on each site,
/// with `site` bound (`inner`), and `(credit COUNTER mover|owner)`; anything else is reported
/// with `usage`.
pub(super) fn removal_clauses(
    cx: &mut Context,
    scope: &mut Scope<'_>,
    clauses: &[Node],
    inner: Ctx,
    name: &str,
    usage: &str,
) -> Option<(Vec<Bool>, Credit)> {
    let mut conditions = Some(Vec::new());
    let mut credit = None;
    let mut ok = true;
    for clause in clauses {
        let mut a = Args::new(clause);
        match clause.head() {
            Some("where") => {
                conditions = conds(cx, scope, &mut a, inner);
                ok &= conditions.is_some();
            }
            Some("credit") => {
                credit = self::credit(cx, scope, a);
                ok &= credit.is_some();
            }
            _ => {
                cx.report(
                    wrong_kind(clause, &format!("a clause of `{name}`"), "`(where ...)` or `(credit ...)`")
                        .help(usage.to_string()),
                );
                ok = false;
            }
        }
    }
    if !ok {
        return None;
    }
    Some((conditions?, credit))
}

/// The help of a clause a move does not have: the likeliest one meant, if one is close, and
/// the move's clauses.
pub(super) fn clause_help(head: &str, allowed: &str) -> String {
    match crate::similar::did_you_mean(head, allowed.split(", ")) {
        Some(guess) => format!("{guess} its clauses: {allowed}"),
        None => format!("its clauses: {allowed}"),
    }
}
