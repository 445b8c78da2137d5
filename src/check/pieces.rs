//! Kinds of piece and the moves of a piece: `(pieces KIND...)`, a kind in a filter
//! (`(friend pawn)`), `(capture ...)`, `(range N)`, `(leap ...)`'s paths, `(hop ...)`'s
//! relation, `(promote SITE KIND)` and the clause `(promote REGION KIND...)` of a piece move.
//!
//! A game that declares no kinds has one, the stone, and reads exactly as before; a declared
//! kind is a name the rules use where a filter or a placement needs to say which piece.

use super::Context;
use super::args::{Args, wrong_kind};
use super::expr::{Ctx, constant, relation, site_var};
use super::scope::{POISON, Scope, unknown};
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::game::{Capture, Effect, Filter, PieceKind, Promotion, RelId, Side, Sites};
use crate::similar;
use crate::syntax::{Node, NodeKind};

/// `(pieces KIND...)`, each KIND a name or `(NAME ["SYMBOL"] [neutral])`. No section: no kinds.
///
/// `neutral` is a word after the name rather than a separate section or a team, because it is
/// a property of the kind itself — every arrow belongs to nobody, always — and it reads as
/// the rule says it: `(pieces queen (arrow neutral))`.
pub fn declare(cx: &mut Context, form: Option<&Node>) -> Option<Vec<PieceKind>> {
    let Some(form) = form else { return Some(Vec::new()) };
    let errors = cx.error_count();
    let mut out: Vec<(PieceKind, crate::syntax::Span)> = Vec::new();
    let items = Args::new(form).rest();
    if items.is_empty() {
        cx.report(Args::new(form).missing("at least one kind of piece, such as `pawn`"));
    }
    for item in items {
        let (name, span, symbol, neutral) = match (&item.kind, item.head()) {
            (NodeKind::Symbol(s), _) if s == POISON => continue,
            (NodeKind::Symbol(s), _) => (s.clone(), item.span, None, false),
            (_, Some(head)) => {
                let Some((symbol, neutral)) = kind_details(cx, item) else { continue };
                (head.to_string(), item.span, symbol, neutral)
            }
            _ => {
                cx.report(wrong_kind(
                    item,
                    "a kind of piece",
                    "a name such as `pawn`, `(king \"K\")` or `(arrow neutral)`",
                ));
                continue;
            }
        };
        // Words that already mean something where a kind stands: a kind may not be named so.
        if super::scope::KEYWORDS.contains(&name.as_str()) {
            cx.report(
                Diagnostic::error(codes::BAD_PIECE, format!("a kind of piece cannot be called `{name}`"))
                    .label(span, "this word already means something in the rules")
                    .help("choose another name, such as `pawn` or `king`"),
            );
            continue;
        }
        if let Some((_, first)) = out.iter().find(|(k, _)| k.name == name) {
            cx.report(
                Diagnostic::error(codes::DUPLICATE, format!("the kind `{name}` is declared twice"))
                    .label(span, "declared again here")
                    .label(*first, "first declared here")
                    .help("list each kind of piece once"),
            );
            continue;
        }
        out.push((PieceKind { name, symbol, neutral }, span));
    }
    if out.len() > 255 {
        cx.report(
            Diagnostic::error(codes::BAD_PIECE, "more than 255 kinds of piece").label(form.span.first_char(), "here"),
        );
    }
    (cx.error_count() == errors).then(|| out.into_iter().map(|(k, _)| k).collect())
}

/// The details of `(NAME ["SYMBOL"] [neutral])`: the symbol, if given, and whether the kind
/// belongs to nobody. `None` when something is wrong (reported).
fn kind_details(cx: &mut Context, item: &Node) -> Option<(Option<String>, bool)> {
    let mut symbol = None;
    let mut neutral = false;
    let usage = "usage: (NAME [\"SYMBOL\"] [neutral]), such as (king \"K\") or (arrow neutral)";
    let details = Args::new(item).rest();
    if details.is_empty() {
        cx.report(Args::new(item).missing("the symbol boards show for it, such as \"K\", or `neutral`"));
        return None;
    }
    for (i, detail) in details.iter().enumerate() {
        match &detail.kind {
            NodeKind::Str(text) if text.eq_ignore_ascii_case("neutral") => {
                cx.report(quoted_neutral(item, detail, text));
                return None;
            }
            NodeKind::Str(text) if i == 0 => {
                if text.chars().count() != 1 {
                    cx.report(
                        Diagnostic::error(codes::BAD_PIECE, format!("the symbol \"{text}\" is not one character"))
                            .label(detail.span, "boards show one character per piece")
                            .help("give one letter or sign, such as \"K\" or \"♔\""),
                    );
                    return None;
                }
                symbol = Some(text.clone());
            }
            NodeKind::Symbol(word) if word == "neutral" && !neutral => neutral = true,
            NodeKind::Symbol(word) if word == "neutral" => {
                cx.report(
                    Diagnostic::error(codes::DUPLICATE, "`neutral` is said twice")
                        .label(detail.span, "said again here")
                        .help("say it once: `(arrow neutral)`"),
                );
                return None;
            }
            NodeKind::Symbol(word) | NodeKind::Str(word) if word.eq_ignore_ascii_case("neutral") => {
                cx.report(
                    wrong_kind(detail, "a detail of a kind of piece", "`neutral`, in lower case")
                        .help("Ludii gives a piece the owner `Neutral`; Tabula writes `neutral` after the kind's name: `(arrow neutral)`"),
                );
                return None;
            }
            _ => {
                cx.report(
                    wrong_kind(detail, "a detail of a kind of piece", "its symbol in quotes first, then `neutral`")
                        .help(usage),
                );
                return None;
            }
        }
    }
    Some((symbol, neutral))
}

/// `(block "neutral")`: the word in quotes reads as a symbol, and "not one character" would
/// hide that the author meant the kind to belong to nobody.
fn quoted_neutral(item: &Node, detail: &Node, text: &str) -> Diagnostic {
    let name = item.head().unwrap_or("arrow");
    let how = if text == "neutral" { "without quotes" } else { "in lower case, without quotes" };
    Diagnostic::error(codes::BAD_PIECE, "`neutral` is a word, not a symbol in quotes")
        .label(detail.span, "in quotes, this is read as the symbol boards show")
        .help(format!("for a kind that belongs to nobody, write the word {how}: `({name} neutral)`"))
}

/// A kind of piece by name.
pub fn kind(cx: &mut Context, scope: &Scope<'_>, node: &Node) -> Option<u8> {
    let name = match node.symbol() {
        Some(POISON) => return None,
        Some(name) => name,
        None => {
            cx.report(wrong_kind(node, "a kind of piece", "the name of a kind, such as `pawn`"));
            return None;
        }
    };
    let kinds = &scope.setup.pieces;
    if let Some(i) = kinds.iter().position(|k| k.name == name) {
        return Some(i as u8);
    }
    let mut d = unknown(node, name, "kind of piece", codes::UNKNOWN_PIECE, kinds.iter().map(|k| k.name.as_str()));
    if kinds.is_empty() {
        d = d.help(format!("this game declares no kinds of piece: add `(pieces {name})` to name them"));
    }
    cx.report(d);
    None
}

/// `(piece KIND)`: the kind a placement or a `put` puts.
pub fn piece_clause(cx: &mut Context, scope: &Scope<'_>, clause: &Node) -> Option<u8> {
    let mut args = Args::new(clause);
    let k = args.required(cx, "the kind of piece").and_then(|n| kind(cx, scope, n));
    args.finish(cx);
    k
}

/// `(friend KIND)`, `(enemy KIND)`, `(occupied KIND)`: a filter for one kind of piece.
pub fn filter(cx: &mut Context, scope: &Scope<'_>, node: &Node) -> Option<Filter> {
    let side = match node.head() {
        Some("friend") => Side::Friend,
        Some("enemy") => Side::Enemy,
        Some("occupied") => Side::Anyone,
        _ => {
            cx.report(wrong_kind(node, "a filter", "`(friend KIND)`, `(enemy KIND)` or `(occupied KIND)`"));
            return None;
        }
    };
    let mut args = Args::new(node);
    let kind_node = args.required(cx, "the kind of piece, such as `pawn`");
    let k = kind_node.and_then(|n| kind(cx, scope, n));
    args.finish(cx);
    let k = k?;
    if side != Side::Anyone && scope.setup.pieces[k as usize].neutral {
        cx.report(super::neutral::owned_filter(node, &scope.setup.pieces[k as usize].name));
        return None;
    }
    Some(Filter::Piece(side, k))
}

/// `(capture [(credit COUNTER mover|owner)])` on a move named `kind_name`.
pub fn capture(cx: &mut Context, scope: &Scope<'_>, clause: &Node, kind_name: &str) -> Option<Capture> {
    if !matches!(kind_name, "slide" | "leap" | "hop") {
        cx.report(
            Diagnostic::error(codes::WRONG_PLACE, format!("`{kind_name}` cannot capture"))
                .label(clause.span, "a capture needs a piece that moves")
                .help("`(capture)` belongs to `slide`, `leap` or `hop`; to take stones off after a placement, use `(then (remove ...))`"),
        );
        return None;
    }
    let mut args = Args::new(clause);
    let mut credit = None;
    let mut at_turn_end = false;
    let mut seen: Vec<(&str, crate::syntax::Span)> = Vec::new();
    for item in args.rest() {
        // Each clause once, as a move's own clauses are.
        if let Some(head) = item.head().filter(|h| matches!(*h, "credit" | "at")) {
            if let Some((_, first)) = seen.iter().find(|(s, _)| *s == head) {
                cx.report(super::rules::clause_twice(head, "capture", item, *first));
                return None;
            }
            seen.push((head, item.span.first_char()));
        }
        match item.head() {
            Some("credit") => credit = Some(super::rules::credit(cx, scope, Args::new(item))?),
            Some("at") => {
                at_turn_end = capture_at(cx, item)?;
                if kind_name != "hop" {
                    cx.report(
                        Diagnostic::error(codes::WRONG_PLACE, format!("a `{kind_name}` cannot leave its capture for later"))
                            .label(item.span, "only a hop's capture waits for the turn's end")
                            .help("a piece captured by replacement must leave before the mover lands on its site; `(at turn-end)` belongs to `hop`"),
                    );
                    return None;
                }
            }
            _ => {
                cx.report(
                    wrong_kind(item, "a clause of `capture`", "`(credit COUNTER mover|owner)` or `(at turn-end)`")
                        .help(CAPTURE_USAGE),
                );
                return None;
            }
        }
    }
    Some(Capture { credit, at_turn_end })
}

const CAPTURE_USAGE: &str = "usage: (capture [(credit COUNTER mover|owner)] [(at turn-end)])";

/// `(at turn-end)` in a `capture`: when the captured piece leaves the board.
fn capture_at(cx: &mut Context, item: &Node) -> Option<bool> {
    let mut args = Args::new(item);
    let when = args.required(cx, "when the captured piece leaves: `turn-end`")?;
    args.finish(cx);
    match when.symbol() {
        Some("turn-end") => Some(true),
        Some(POISON) => None,
        Some(word) => {
            cx.report(
                Diagnostic::error(codes::UNKNOWN_NAME, format!("`{word}` is not a time a capture can wait for"))
                    .label(when.span, "expected `turn-end`")
                    .help(
                        similar::did_you_mean(word, ["turn-end"])
                            .unwrap_or_else(|| "a capture happens at once, or `(at turn-end)`".into()),
                    ),
            );
            None
        }
        None => {
            cx.report(wrong_kind(when, "when the captured piece leaves", "`turn-end`").help(CAPTURE_USAGE));
            None
        }
    }
}

/// `(range N)` or `(range any)`: how far a slide goes along each direction.
pub fn range(cx: &mut Context, clause: &Node) -> Option<Option<u32>> {
    let mut args = Args::new(clause);
    let n = args.required(cx, "how far: a number of steps, or `any`")?;
    args.finish(cx);
    match n.symbol() {
        Some("any") => return Some(None),
        Some(POISON) => return None,
        // `all`, `infinite`, `unlimited`: the word for "as far as the line is free" is `any`.
        Some(_) => {
            cx.report(
                wrong_kind(n, "a range", "a number of steps or `any`")
                    .help("write `(range any)` for as far as the line is free, or `(range N)` for up to N steps"),
            );
            return None;
        }
        None => {}
    }
    let v = constant(cx, n)?;
    if v < 1 {
        cx.report(
            Diagnostic::error(codes::OUT_OF_RANGE, format!("a range of {v} steps"))
                .label(n.span, "a piece moves at least one step")
                .help("write 1 or more, or `any` for as far as the line is free"),
        );
        return None;
    }
    match u32::try_from(v) {
        Ok(v) => Some(Some(v)),
        Err(_) => {
            cx.report(
                Diagnostic::error(codes::OUT_OF_RANGE, format!("a range of {v} steps is too large"))
                    .label(n.span, format!("too large: at most {} steps", u32::MAX))
                    .help("write `any` for as far as the line is free"),
            );
            None
        }
    }
}

/// A relation made of directions, for a slide of more than one step or a hop.
pub fn directed(cx: &mut Context, scope: &Scope<'_>, node: &Node, what: &str) -> Option<RelId> {
    let rel = relation(cx, scope, node)?;
    let board = &scope.setup.board;
    if board.directions_within(rel as usize).is_empty() {
        cx.report(super::rays::no_directions(node, &board.relations[rel as usize].name, scope, what));
        return None;
    }
    Some(rel)
}

/// `(by (DIRECTION...)...)`: a leap's paths, each a list of directions walked from the
/// origin. A path that leaves the board from every site is an error.
pub fn paths(cx: &mut Context, scope: &Scope<'_>, clause: &Node) -> Option<Vec<Vec<RelId>>> {
    let items = Args::new(clause).rest();
    if items.is_empty() {
        cx.report(Args::new(clause).missing("at least one path, such as `(N N E)`"));
        return None;
    }
    let board = &scope.setup.board;
    let mut out = Vec::new();
    let mut ok = true;
    for item in items {
        let steps =
            match &item.kind {
                NodeKind::List(steps) if !steps.is_empty() => steps,
                _ => {
                    cx.report(wrong_kind(item, "a leap's path", "a list of directions such as `(N N E)`").help(
                        "a knight's leap is `(by (N N E) (N N W) (S S E) (S S W) (E E N) (E E S) (W W N) (W W S))`",
                    ));
                    ok = false;
                    continue;
                }
            };
        let mut path = Vec::new();
        for step in steps {
            match direction(cx, scope, step, "a leap's path is walked one direction at a time") {
                Some(rel) => path.push(rel),
                None => ok = false,
            }
        }
        if !ok {
            continue;
        }
        // Where the path ends from each site for each team (an owned direction is each
        // team's own), if it stays on the board.
        let versions: Vec<Vec<RelId>> = path.iter().map(|&rel| scope.relation_teams(rel)).collect();
        let teams = versions.first().map_or(0, Vec::len);
        let walk = |site: u16, team: usize| {
            versions.iter().try_fold(site, |at, v| board.relations[v[team] as usize].neighbors(at).first().copied())
        };
        let sites = 0..board.site_count() as u16;
        let problem = if (0..teams).any(|team| !sites.clone().any(|site| walk(site, team).is_some())) {
            Some(
                Diagnostic::error(codes::OFF_BOARD, format!("the leap {item} leaves the board from every site"))
                    .label(item.span, "no site of this board has a landing site this way")
                    .help("the board is too small for this leap: check the path, or the board's size"),
            )
        } else if (0..teams).any(|team| sites.clone().any(|site| walk(site, team) == Some(site))) {
            // A path back to its start (`(E W)`) lands on the leaping piece itself: never a
            // move, and as an attack it would make a piece attack its own square.
            Some(
                Diagnostic::error(codes::LEAP_TO_ORIGIN, format!("the leap {item} returns to the site it starts from"))
                    .label(item.span, "its steps cancel out")
                    .help("a leap ends on another site: remove this path, or check its directions"),
            )
        } else {
            None
        };
        if let Some(d) = problem {
            cx.report(d);
            ok = false;
            continue;
        }
        out.push(path);
    }
    ok.then_some(out)
}

/// One direction of a path (a leap's, a `step`'s); `label` says why only a direction will do.
/// A declared relation that is exactly one direction is one too, and an owned one that is one
/// direction for each team (`ahead`: north for White, south for Black): each team walks its own.
fn direction(cx: &mut Context, scope: &Scope<'_>, node: &Node, label: &str) -> Option<RelId> {
    let rel = relation(cx, scope, node)?;
    let board = &scope.setup.board;
    if board.relations[rel as usize].direction {
        return Some(rel);
    }
    let versions = scope.relation_teams(rel);
    let owned = versions.iter().any(|&v| v != rel);
    if versions.iter().all(|&v| one_direction(board, v).is_some()) {
        return Some(rel);
    }
    let name = &board.relations[rel as usize].name;
    let d = Diagnostic::error(codes::NO_DIRECTIONS, format!("`{name}` is not a direction")).label(node.span, label);
    let d = if owned {
        d.help(format!(
            "an owned relation stands in a path when it is one direction for each team, such as `(relation {name} (owner \"{}\") N)`",
            scope.setup.teams.first().map(String::as_str).unwrap_or("White")
        ))
    } else {
        d.help(format!(
            "use the board's directions: {}",
            board.directions.iter().map(|d| d.name).collect::<Vec<_>>().join(" ")
        ))
    };
    cx.report(d);
    None
}

/// The board direction that relation `rel` is exactly, if it is one.
fn one_direction(board: &crate::board::Topology, rel: RelId) -> Option<usize> {
    let [d] = board.directions_within(rel as usize)[..] else { return None };
    let step = &board.directions[d].step;
    let relation = &board.relations[rel as usize];
    let exact = (0..board.site_count()).all(|site| {
        let neighbors = relation.neighbors(site as crate::board::Site);
        match step[site] {
            Some(t) => neighbors == [t],
            None => neighbors.is_empty(),
        }
    });
    exact.then_some(d)
}

/// `(step SITE DIRECTION...)`: the site reached from a bound site by one step along each
/// direction in turn.
pub fn step(cx: &mut Context, scope: &mut Scope<'_>, node: &Node, ctx: Ctx) -> Option<Sites> {
    let mut args = Args::new(node);
    let var = args.required(cx, "the site to start from, such as `to`").and_then(|n| site_var(cx, n, ctx));
    let steps = args.rest();
    if steps.is_empty() {
        cx.report(args.missing("at least one direction, such as `E`"));
        return None;
    }
    let mut path = Vec::new();
    for step in steps {
        path.push(direction(cx, scope, step, "a step is one direction")?);
    }
    Some(Sites::Step(var?, path))
}

/// `(over RELATION)` of a hop: made of directions, with somewhere to land two steps away.
pub fn over(cx: &mut Context, scope: &Scope<'_>, node: &Node) -> Option<RelId> {
    let rel = directed(cx, scope, node, "a hop")?;
    let board = &scope.setup.board;
    let lands = board.directions_within(rel as usize).iter().any(|&d| {
        let step = &board.directions[d].step;
        step.iter().flatten().any(|&mid| step[mid as usize].is_some())
    });
    if !lands {
        cx.report(
            Diagnostic::error(
                codes::OFF_BOARD,
                format!("a hop along `{}` has no landing site on this board", board.relations[rel as usize].name),
            )
            .label(node.span, "two steps this way leave the board from every site")
            .help("a hop jumps a neighbour to the site just beyond it: the board must be at least three sites long this way"),
        );
        return None;
    }
    Some(rel)
}

/// `(promote SITE KIND)`: the piece on the site becomes of that kind.
pub fn promote(cx: &mut Context, scope: &Scope<'_>, node: &Node, ctx: Ctx) -> Option<Effect> {
    let mut args = Args::new(node);
    let site =
        args.required(cx, "the site of the piece: `to`, `from`, `site` or `last`").and_then(|n| site_var(cx, n, ctx));
    let kind_node = args.required(cx, "the kind it becomes, such as `king`");
    let k = kind_node.and_then(|n| kind(cx, scope, n));
    args.finish(cx);
    let (k, kind_node) = (k?, kind_node?);
    if scope.setup.pieces[k as usize].neutral {
        cx.report(super::neutral::promoted_into(kind_node, &scope.setup.pieces[k as usize].name));
        return None;
    }
    Some(Effect::Promote { site: site?, kind: k })
}

/// `(promote REGION KIND...)` on a move named `kind_name`: the piece becomes one of the kinds,
/// chosen by the player, when the move ends in the region. The kinds must read apart in an
/// action's text (`=Q`), so two with the same letter cannot both be offered.
pub fn promotion(cx: &mut Context, scope: &Scope<'_>, clause: &Node, kind_name: &str) -> Option<Promotion> {
    if !matches!(kind_name, "slide" | "leap" | "hop") {
        cx.report(
            Diagnostic::error(codes::WRONG_PLACE, format!("`{kind_name}` cannot promote"))
                .label(clause.span, "promotion needs a piece that moves into the region")
                .help(match kind_name {
                    "place" => "`(promote REGION KIND...)` belongs to `slide`, `leap` or `hop`; a placement chooses its kind with `(piece KIND)`",
                    _ => "`(promote REGION KIND...)` belongs to `slide`, `leap` or `hop`; to change a piece after any action, use the effect `(then (promote to KIND))`",
                }),
        );
        return None;
    }
    let mut args = Args::new(clause);
    let region = args
        .required(cx, "the region where the piece is promoted, such as `side-N`")
        .and_then(|n| scope.region(n).map_err(|d| d.map(|d| cx.report(d))).ok());
    let items = args.rest();
    if items.is_empty() {
        cx.report(
            args.missing("the kinds the piece may become, such as `queen rook bishop knight`")
                .help("usage: (promote REGION KIND...); one kind is a forced promotion, several a choice"),
        );
        return None;
    }
    // A team's piece cannot become one of nobody's, as with the effect `(promote SITE KIND)`;
    // and the kinds must read apart in an action's text (`=Q`).
    let kinds = choices(cx, scope, items, |cx, kinds, k, item| {
        if scope.setup.pieces[k as usize].neutral {
            cx.report(super::neutral::promoted_into(item, &scope.setup.pieces[k as usize].name));
            return false;
        }
        let letter = scope.setup.pieces[k as usize].letter();
        let clash = kinds.iter().find(|(seen, _)| scope.setup.pieces[*seen as usize].letter() == letter);
        let Some((other, first)) = clash else { return true };
        let other = &scope.setup.pieces[*other as usize].name;
        cx.report(
            Diagnostic::error(codes::BAD_PIECE, format!("`{other}` and `{item}` both show as `{letter}`"))
                .label(item.span, format!("`={letter}` in an action could not say which"))
                .label(first.span, "the other kind")
                .help("give one of them a symbol of its own in `pieces`, `(KIND \"S\")` with a letter S that no other kind shows"),
        );
        false
    });
    Some(Promotion { region: region?, kinds: kinds? })
}

/// `(piece KIND...)` on a placement in a game whose hands keep captures: the kinds it may take
/// from the hand, the mover's choice among those he holds (`P@e4`). A piece of nobody's is
/// never in a hand.
pub fn drops(cx: &mut Context, scope: &Scope<'_>, clause: &Node) -> Option<Vec<u8>> {
    let items = clause.args();
    if items.is_empty() {
        cx.report(
            Args::new(clause)
                .missing("the kinds the placement takes from the hand, such as `pawn`")
                .help("usage: (piece KIND...); without the clause, a placement takes any kind held"),
        );
        return None;
    }
    choices(cx, scope, items, |cx, _, k, item| {
        if !scope.setup.pieces[k as usize].neutral {
            return true;
        }
        cx.report(
            Diagnostic::error(
                codes::BAD_PIECE,
                format!("pieces of the kind `{item}` belong to nobody: they are never in a hand"),
            )
            .label(item.span, "a kind of nobody's")
            .help("a hand keeps the pieces of a team its player captures: list those kinds"),
        );
        false
    })
}

/// A list of kinds the player chooses among, in the order written: each a known kind, none
/// twice, and each one `admit` accepts (given those accepted before it); `None` after any error.
fn choices<'n>(
    cx: &mut Context,
    scope: &Scope<'_>,
    items: &'n [Node],
    admit: impl Fn(&mut Context, &[(u8, &'n Node)], u8, &'n Node) -> bool,
) -> Option<Vec<u8>> {
    let mut kinds: Vec<(u8, &Node)> = Vec::new();
    let mut ok = true;
    for item in items {
        let Some(k) = kind(cx, scope, item) else {
            ok = false;
            continue;
        };
        if let Some((_, first)) = kinds.iter().find(|(seen, _)| *seen == k) {
            cx.report(
                Diagnostic::error(codes::DUPLICATE, format!("the kind `{item}` is listed twice"))
                    .label(item.span, "listed again here")
                    .label(first.span, "first listed here")
                    .help("each kind is one choice: list it once"),
            );
            ok = false;
            continue;
        }
        if !admit(cx, &kinds, k, item) {
            ok = false;
            continue;
        }
        kinds.push((k, item));
    }
    ok.then(|| kinds.into_iter().map(|(k, _)| k).collect())
}
