//! Numbers, conditions, site sets and filters: checked and resolved, constants folded.

use super::args::{Args, wrong_kind};
use super::scope::{Category, LUDEMES, POISON, Scope, categories, ludii_hint, unknown};
use super::{Context, similar};
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::game::{Bool, CmpOp, Filter, Int, Multiset, SiteVar, Sites};
use crate::syntax::{Node, NodeKind};

/// What an expression may refer to where it stands.
#[derive(Debug, Clone, Copy, Default)]
pub struct Ctx {
    /// `to`, `from`, `site` are bound.
    pub to: bool,
    pub from: bool,
    pub site: bool,
    /// Inside a turn: the mover, his hand, allowances, `grew`.
    pub play: bool,
    /// After a placement or slide: `completed` (about the arrival site).
    pub arrival: bool,
    /// In an end rule: `no-moves`.
    pub end: bool,
    /// In a phase's `until`, evaluated before the turn begins: no `grew`.
    pub until: bool,
    /// In a move's `after`, judging the position an action leaves: `no-reply`.
    pub after: bool,
    /// In a placement, which has no origin: `from` is never bound, and saying why helps.
    pub placement: bool,
}

/// Reports a form that is not of the expected category, saying what it is instead.
pub fn unexpected(cx: &mut Context, node: &Node, expected: Category) {
    let d = match &node.kind {
        NodeKind::Braces(_) | NodeKind::Named(..) => return,
        NodeKind::Symbol(s) if s == POISON => return,
        NodeKind::List(items) => match items.first().map(|h| &h.kind) {
            Some(NodeKind::Symbol(head)) => {
                let cats = categories(head);
                if let Some(hint) = ludii_hint(node) {
                    Diagnostic::error(codes::LUDII_SYNTAX, format!("{} is Ludii, not Tabula", node.describe()))
                        .label(node.span, format!("expected {}", expected.noun()))
                        .help(hint)
                } else if !cats.is_empty() && !cats.contains(&expected) {
                    let is = cats[0].noun();
                    let mut d = Diagnostic::error(
                        codes::WRONG_TYPE,
                        format!("{} is {is}, but {} is expected here", node.describe(), expected.noun()),
                    )
                    .label(node.span, format!("expected {}", expected.noun()));
                    if cats[0] == Category::Number && expected == Category::Condition {
                        d = d.help(format!("compare it, for example `(> {node} 0)`"));
                    }
                    d
                } else {
                    let head_span = items[0].span;
                    let same: Vec<&str> =
                        LUDEMES.iter().filter(|(_, c, _)| *c == expected).map(|(n, _, _)| *n).collect();
                    let help = similar::did_you_mean(head, same.iter().copied())
                        .or_else(|| similar::did_you_mean(head, LUDEMES.iter().map(|(n, _, _)| *n)))
                        .or_else(|| (!same.is_empty()).then(|| format!("{}: {}", plural(expected), same.join(", "))));
                    Diagnostic::error(codes::UNKNOWN_LUDEME, format!("unknown ludeme `{head}`"))
                        .label(head_span, format!("not {} of the language", expected.noun()))
                        .maybe_help(help)
                }
            }
            _ => wrong_kind(node, "this", expected.noun()),
        },
        NodeKind::Symbol(s) => {
            let known = atoms(expected);
            let cats = categories(s);
            if !cats.is_empty() {
                Diagnostic::error(codes::WRONG_TYPE, format!("`{s}` is a ludeme and needs parentheses"))
                    .label(node.span, format!("write `({s} ...)`"))
                    .maybe_help(super::scope::usage(s).map(|u| format!("usage: {u}")))
            } else {
                let d = Diagnostic::error(codes::UNKNOWN_NAME, format!("unknown name `{s}`"))
                    .label(node.span, format!("expected {}", expected.noun()));
                let lower = s.to_lowercase();
                if lower != *s && known.contains(&lower.as_str()) {
                    d.help(format!("names are lowercase in Tabula: `{lower}`"))
                } else if let Some(h) = similar::did_you_mean(s, known.iter().copied()) {
                    d.help(h)
                } else if known.is_empty() {
                    d.help("no option or define has this name")
                } else {
                    d.help(format!("expected one of {}, or an option or define", known.join(", ")))
                }
            }
        }
        NodeKind::Int(i) if *i > i64::from(i32::MAX) || *i < i64::from(i32::MIN) => {
            Diagnostic::error(codes::OUT_OF_RANGE, format!("the number {i} is too large"))
                .label(node.span, "out of range")
        }
        _ => wrong_kind(node, "this", expected.noun()),
    };
    cx.report(d);
}

fn plural(category: Category) -> &'static str {
    match category {
        Category::Number => "numbers",
        Category::Condition => "conditions",
        Category::Sites => "sets of sites",
        Category::Move => "moves",
        Category::Effect => "effects",
        Category::EndRule => "end rules",
        Category::Outcome => "outcomes",
        Category::Criterion => "criteria",
        Category::Constraint => "constraints",
        _ => "ludemes",
    }
}

/// Bare words valid in a category.
fn atoms(category: Category) -> &'static [&'static str] {
    match category {
        Category::Condition => &["true", "false"],
        Category::Sites => &["empty", "occupied", "friend", "enemy", "any"],
        _ => &[],
    }
}

fn each<T>(
    cx: &mut Context,
    args: &mut Args<'_>,
    min: usize,
    what: &str,
    mut f: impl FnMut(&mut Context, &Node) -> Option<T>,
) -> Option<Vec<T>> {
    let items = args.rest();
    if items.len() < min {
        cx.report(args.missing(what));
        return None;
    }
    let out: Vec<Option<T>> = items.iter().map(|n| f(cx, n)).collect();
    out.into_iter().collect()
}

/// A number.
pub fn int(cx: &mut Context, scope: &mut Scope<'_>, node: &Node, ctx: Ctx) -> Option<Int> {
    match &node.kind {
        NodeKind::Int(v) => return Some(Int::Const(*v)),
        NodeKind::List(_) => {}
        _ => {
            unexpected(cx, node, Category::Number);
            return None;
        }
    }
    let Some(head) = node.head() else {
        unexpected(cx, node, Category::Number);
        return None;
    };
    let mut args = Args::new(node);
    let value = match head {
        "+" | "*" | "min" | "max" => {
            let items = each(cx, &mut args, 1, "a number", |cx, n| int(cx, scope, n, ctx))?;
            fold_many(cx, node, head, items)?
        }
        "-" => {
            let a = args.required(cx, "a number").and_then(|n| int(cx, scope, n, ctx));
            let b = args.required(cx, "the number to subtract").and_then(|n| int(cx, scope, n, ctx));
            args.finish(cx);
            match (a?, b?) {
                (Int::Const(a), Int::Const(b)) => Int::Const(no_overflow(cx, node, a.checked_sub(b))?),
                (a, b) => Int::Sub(Box::new(a), Box::new(b)),
            }
        }
        "if" => {
            let c = args.required(cx, "a condition").and_then(|n| boolean(cx, scope, n, ctx));
            let a = args.required(cx, "the value when the condition holds").and_then(|n| int(cx, scope, n, ctx));
            let b = args.required(cx, "the value when it does not").and_then(|n| int(cx, scope, n, ctx));
            args.finish(cx);
            match (c?, a?, b?) {
                (Bool::Const(true), a, _) => a,
                (Bool::Const(false), _, b) => b,
                (c, a, b) => Int::If(Box::new(c), Box::new(a), Box::new(b)),
            }
        }
        "count" => {
            let f = args.required(cx, "a filter such as `empty`").and_then(|n| piece_filter(cx, scope, n));
            let s = args.required(cx, "the sites to count").and_then(|n| sites(cx, scope, n, ctx));
            args.finish(cx);
            Int::Count(f?, s?)
        }
        "largest-group" => {
            let rel =
                args.required(cx, "the relation that connects a group").and_then(|n| symmetric_relation(cx, scope, n));
            let f = match args.next() {
                Some(n) => match filter(cx, n)? {
                    f @ (Filter::Friend | Filter::Any | Filter::Enemy) => Some(f),
                    _ => {
                        cx.report(wrong_kind(n, "the stones of the group", "`friend`, `enemy` or `any`"));
                        None
                    }
                },
                None => Some(Filter::Friend),
            };
            args.finish(cx);
            Int::LargestGroup(rel?, f?)
        }
        "counter" => {
            let c = scope.counter(args.required(cx, "a counter")?).map_err(|d| d.map(|d| cx.report(d))).ok();
            args.finish(cx);
            Int::Counter(c?)
        }
        "allowance" => {
            let a = scope.allowance(args.required(cx, "an allowance")?).map_err(|d| d.map(|d| cx.report(d))).ok();
            args.finish(cx);
            // An end rule reads the value of the turn it is evaluated in (see LANGUAGE.md).
            need(cx, node, ctx.play || ctx.end, "inside a turn or an end rule's condition")?;
            Int::Allowance(a?)
        }
        "completed" => {
            // A last word `occupied` counts parts filled by anyone's stones (no region may be
            // named by a keyword, so the word cannot be a region).
            let mut items = args.rest();
            let by_anyone = items.last().and_then(Node::symbol) == Some("occupied");
            if by_anyone {
                items = &items[..items.len() - 1];
            }
            if items.is_empty() {
                cx.report(args.missing("a region"));
                return None;
            }
            let regions: Option<Vec<_>> =
                items.iter().map(|n| scope.region(n).map_err(|d| d.map(|d| cx.report(d))).ok()).collect();
            need(cx, node, ctx.arrival, "in the effects of a placement or slide (it is about the arrival site)")?;
            Int::Completed(regions?, by_anyone)
        }
        "seeds" => {
            let set = args.required(cx, "the sites whose seeds are counted").and_then(|n| sites(cx, scope, n, ctx));
            args.finish(cx);
            Int::Seeds(set?)
        }
        "hand-size" => {
            let kinds: Option<Vec<u8>> = args
                .rest()
                .iter()
                .map(|n| {
                    let k = super::pieces::kind(cx, scope, n)?;
                    let kind = &scope.setup.pieces[k as usize];
                    if kind.neutral {
                        cx.report(super::neutral::held(n, &kind.name));
                        return None;
                    }
                    Some(k)
                })
                .collect();
            // In an end rule's `when`, the hand of the player whose turn it is, as everywhere
            // the mover's.
            need(cx, node, ctx.play || ctx.end, "inside a turn or in an end rule's `when`")?;
            match kinds? {
                kinds if kinds.is_empty() => Int::Hand,
                _ if !scope.setup.keeps_captures => {
                    cx.report(
                        Diagnostic::error(codes::WRONG_PLACE, "only a hand that keeps captures holds pieces by kind")
                            .label(node.span, "counts pieces of a kind in hand")
                            .help("say `(hand captures)` in `players`, or count the whole hand with `(hand-size)`"),
                    );
                    return None;
                }
                kinds => Int::HandOf(kinds),
            }
        }
        "turn-number" => {
            args.finish(cx);
            Int::TurnNumber
        }
        "player-count" => {
            args.finish(cx);
            Int::Const(scope.setup.players.len() as i64)
        }
        "liberties" => return super::capture::liberties(cx, scope, node, ctx),
        "area" => return super::capture::area(cx, scope, node),
        _ => {
            unexpected(cx, node, Category::Number);
            return None;
        }
    };
    Some(value)
}

/// `+ * min max` of numbers, computed now when they are all constant.
fn fold_many(cx: &mut Context, node: &Node, head: &str, items: Vec<Int>) -> Option<Int> {
    let consts: Option<Vec<i64>> = items.iter().map(Int::constant).collect();
    if let Some(values) = consts {
        return Some(Int::Const(no_overflow(cx, node, apply_many(head, &values))?));
    }
    Some(match head {
        "+" => Int::Add(items),
        "*" => Int::Mul(items),
        "min" => Int::Min(items),
        _ => Int::Max(items),
    })
}

/// `+ * min max` of constants; `None` when the result overflows (or there is no value).
fn apply_many(head: &str, values: &[i64]) -> Option<i64> {
    match head {
        "+" => values.iter().try_fold(0i64, |a, &b| a.checked_add(b)),
        "*" => values.iter().try_fold(1i64, |a, &b| a.checked_mul(b)),
        "min" => values.iter().copied().min(),
        _ => values.iter().copied().max(),
    }
}

/// The value of constant arithmetic, or a diagnostic when it leaves the 64-bit range.
fn no_overflow(cx: &mut Context, node: &Node, value: Option<i64>) -> Option<i64> {
    if value.is_none() {
        cx.report(
            Diagnostic::error(codes::OVERFLOW, "this arithmetic overflows")
                .label(node.span, "the result is beyond ±9223372036854775807")
                .help("numbers are 64-bit whole numbers; use smaller values"),
        );
    }
    value
}

fn need(cx: &mut Context, node: &Node, allowed: bool, place: &str) -> Option<()> {
    if allowed {
        return Some(());
    }
    cx.report(
        Diagnostic::error(codes::WRONG_PLACE, format!("{} can only be used {place}", node.describe()))
            .label(node.span, "not meaningful here"),
    );
    None
}

/// A condition.
pub fn boolean(cx: &mut Context, scope: &mut Scope<'_>, node: &Node, ctx: Ctx) -> Option<Bool> {
    match node.symbol() {
        Some("true") => return Some(Bool::Const(true)),
        Some("false") => return Some(Bool::Const(false)),
        _ => {}
    }
    let Some(head) = node.head() else {
        unexpected(cx, node, Category::Condition);
        return None;
    };
    let mut args = Args::new(node);
    let value = match head {
        "and" | "or" => {
            let items = each(cx, &mut args, 1, "a condition", |cx, n| boolean(cx, scope, n, ctx))?;
            let is_and = head == "and";
            if items.contains(&Bool::Const(!is_and)) {
                Bool::Const(!is_and)
            } else {
                let rest: Vec<Bool> = items.into_iter().filter(|b| *b != Bool::Const(is_and)).collect();
                match rest.len() {
                    0 => Bool::Const(is_and),
                    1 => rest.into_iter().next()?,
                    _ if is_and => Bool::And(rest),
                    _ => Bool::Or(rest),
                }
            }
        }
        "describe" => {
            // The condition itself: the words are for messages (see `said`).
            let words = args.string(cx, "the description");
            let inner = args.required(cx, "the condition described").and_then(|n| boolean(cx, scope, n, ctx));
            args.finish(cx);
            if let Some((_, span)) = words.as_ref().filter(|(w, _)| w.trim().is_empty()) {
                cx.report(
                    Diagnostic::error(codes::WRONG_TYPE, "an empty description says nothing")
                        .label(*span, "empty")
                        .help("say what the condition means to a player: `(describe \"must flank at least one disc\" ...)`"),
                );
                return None;
            }
            inner?
        }
        "not" => {
            let inner = args.required(cx, "a condition").and_then(|n| boolean(cx, scope, n, ctx));
            args.finish(cx);
            match inner? {
                Bool::Const(b) => Bool::Const(!b),
                b => Bool::Not(Box::new(b)),
            }
        }
        "<" | "<=" | ">" | ">=" | "=" | "!=" => {
            let op = match head {
                "<" => CmpOp::Lt,
                "<=" => CmpOp::Le,
                ">" => CmpOp::Gt,
                ">=" => CmpOp::Ge,
                "=" => CmpOp::Eq,
                _ => CmpOp::Ne,
            };
            let a = args.required(cx, "a number").and_then(|n| int(cx, scope, n, ctx));
            let b = args.required(cx, "a second number").and_then(|n| int(cx, scope, n, ctx));
            args.finish(cx);
            match (a?, b?) {
                (Int::Const(a), Int::Const(b)) => Bool::Const(op.apply(a, b)),
                (a, b) => Bool::Cmp(op, a, b),
            }
        }
        "is" if ludii_hint(node).is_some() => {
            // Ludii's `(is Line 5)`, `(is Empty ...)`: its own ludemes, not a filter.
            unexpected(cx, node, Category::Condition);
            return None;
        }
        "is" => {
            let f = args.required(cx, "a filter such as `empty`").and_then(|n| piece_filter(cx, scope, n));
            let at = args.required(cx, "the site: `to`, `from`, `site`, or one worked out such as `(step to N)`");
            let at = at.and_then(|n| site_or_step(cx, scope, n, ctx));
            args.finish(cx);
            match at? {
                Either::Var(v) => Bool::Is(f?, v),
                Either::Worked(s) => Bool::IsAt(f?, s),
            }
        }
        "first-turn" => {
            args.finish(cx);
            Bool::FirstTurn
        }
        "grew" => {
            let value = args.required(cx, "the number to watch").and_then(|n| int(cx, scope, n, ctx));
            args.finish(cx);
            need(
                cx,
                node,
                ctx.play && !ctx.until,
                "inside a turn (it compares with the value when the turn began; in `until`, the turn has not begun)",
            )?;
            Bool::Grew(scope.snapshot(value?))
        }
        "was" => {
            let condition = args.required(cx, "the condition as it held when the turn began");
            // Asked as the turn begins: no move has bound a site, the player to move is not yet
            // known to have a move (`no-moves`), no action is judged (`no-reply`), and nothing
            // has been compared with the turn's beginning (`grew`, `was`), as in a phase's `until`.
            let inner =
                Ctx { to: false, from: false, site: false, after: false, end: false, play: true, until: true, ..ctx };
            let condition = condition.and_then(|n| boolean(cx, scope, n, inner));
            args.finish(cx);
            need(
                cx,
                node,
                (ctx.play || ctx.end) && !ctx.until,
                "inside a turn or an end rule's `when` (it reads the position when the turn began; in `until`, the turn has not begun)",
            )?;
            let value = Int::If(Box::new(condition?), Box::new(Int::Const(1)), Box::new(Int::Const(0)));
            Bool::Was(scope.snapshot(value))
        }
        "no-reply" => {
            args.finish(cx);
            need(cx, node, ctx.after, "in a move's `(after ...)`, which judges the position the action leaves")?;
            Bool::NoReply
        }
        "hand-empty" => {
            args.finish(cx);
            need(cx, node, ctx.play, "inside a turn or a phase's `until`")?;
            Bool::HandEmpty
        }
        "board-full" => {
            args.finish(cx);
            Bool::BoardFull
        }
        "filled" => {
            let region = args
                .required(cx, "the region whose parts are looked at, such as `fives`")
                .and_then(|n| scope.region(n).map_err(|d| d.map(|d| cx.report(d))).ok());
            let f = args.required(cx, "what fills a part, such as `friend`").and_then(|n| piece_filter(cx, scope, n));
            args.finish(cx);
            Bool::Filled(region?, f?)
        }
        "every" => {
            let set = args.required(cx, "the sites to look at, such as `enemy`").and_then(|n| sites(cx, scope, n, ctx));
            // The condition is asked of each site in turn, bound as `site`.
            let inner = Ctx { site: true, ..ctx };
            let condition = args
                .required(cx, "the condition each site must pass, about `site`")
                .and_then(|n| boolean(cx, scope, n, inner));
            args.finish(cx);
            Bool::Every(set?, Box::new(condition?))
        }
        "no-moves" => {
            args.finish(cx);
            need(cx, node, ctx.end, "in an end rule `(when (no-moves) ...)`")?;
            Bool::NoMoves
        }
        "nobody-can-move" => {
            args.finish(cx);
            need(cx, node, ctx.end, "in an end rule `(when (nobody-can-move) ...)`")?;
            Bool::NobodyCanMove
        }
        "connects" => super::connection::connects(cx, scope, node, &mut args, ctx)?,
        "reachable" => {
            let b = super::connection::reachable(cx, scope, &mut args);
            args.finish(cx);
            b?
        }
        "encloses" => {
            let b = super::connection::encloses(cx, scope, &mut args, ctx);
            args.finish(cx);
            b?
        }
        "all-passed" => {
            args.finish(cx);
            Bool::AllPassed
        }
        "repeated" => {
            args.finish(cx);
            Bool::Repeated
        }
        "line" => return super::lines::line(cx, scope, node, ctx),
        "in" => return super::lines::membership(cx, scope, node, ctx),
        "unmoved" | "attacked" => {
            let set = args
                .required(cx, "the sites, such as `from` or `(friend king)`")
                .and_then(|n| sites(cx, scope, n, ctx));
            args.finish(cx);
            match head {
                "unmoved" => Bool::Unmoved(set?),
                _ => Bool::Attacked(set?),
            }
        }
        _ => {
            unexpected(cx, node, Category::Condition);
            return None;
        }
    };
    Some(value)
}

/// A bound site, or a single site worked out from one.
pub(crate) enum Either {
    Var(SiteVar),
    Worked(Sites),
}

/// The site that `is` and `in` look at: a bound site (`to`), or one worked out from a bound site
/// by `(step ...)`, `(transpose ...)` or `(quarter-turn ...)`, which stand for one site at most.
pub(crate) fn site_or_step(cx: &mut Context, scope: &mut Scope<'_>, node: &Node, ctx: Ctx) -> Option<Either> {
    match node.head() {
        Some("step" | "transpose" | "quarter-turn") => sites(cx, scope, node, ctx).map(Either::Worked),
        Some(_) => {
            cx.report(
                wrong_kind(
                    node,
                    "the site",
                    "a bound site such as `to`, or `(step ...)`, `(transpose ...)` or `(quarter-turn ...)` of one",
                )
                .help("this stands for a set of sites: ask how many of them match with `(count FILTER SITES)`"),
            );
            None
        }
        None => site_var(cx, node, ctx).map(Either::Var),
    }
}

/// A filter, or one for a kind of piece: `(friend pawn)`.
pub(crate) fn piece_filter(cx: &mut Context, scope: &Scope<'_>, node: &Node) -> Option<Filter> {
    match node.head() {
        Some("friend" | "enemy" | "occupied") => super::pieces::filter(cx, scope, node),
        // `(is pawn to)`: a kind where a filter is meant, shown the filters that name it.
        _ => match node.symbol().and_then(|word| bare_kind(node, word, scope, "a filter")) {
            Some(d) => {
                cx.report(d);
                None
            }
            None => filter(cx, node),
        },
    }
}

/// `empty`, `occupied`, `friend`, `enemy`, `any`.
pub fn filter(cx: &mut Context, node: &Node) -> Option<Filter> {
    let f = match node.symbol() {
        Some("empty") => Filter::Empty,
        Some("occupied") => Filter::Occupied,
        Some("friend") => Filter::Friend,
        Some("enemy") => Filter::Enemy,
        Some("any") => Filter::Any,
        Some(POISON) => return None,
        Some(other) => {
            let mut d = unknown(node, other, "filter", codes::UNKNOWN_NAME, atoms(Category::Sites).iter().copied());
            if matches!(other, "Mover" | "P1" | "P2" | "Next" | "Shared") {
                d = d.help("Ludii's player names are filters in Tabula: `friend` (the mover's side) or `enemy`");
            }
            cx.report(d);
            return None;
        }
        None => {
            if let Some(h) = ludii_hint(node) {
                cx.report(
                    Diagnostic::error(codes::LUDII_SYNTAX, format!("{} is Ludii", node.describe()))
                        .label(node.span, "expected a filter")
                        .help(h),
                );
            } else if !matches!(node.kind, NodeKind::Braces(_) | NodeKind::Named(..)) {
                cx.report(wrong_kind(node, "a filter", "one of `empty`, `occupied`, `friend`, `enemy`, `any`"));
            }
            return None;
        }
    };
    Some(f)
}

/// The words of the bound sites (see [`site_var`]).
const SITE_VARS: [&str; 6] = ["to", "from", "site", "last", "previous-from", "previous-to"];

/// `to`, `from` or `site`, if bound here.
pub fn site_var(cx: &mut Context, node: &Node, ctx: Ctx) -> Option<SiteVar> {
    let (var, bound) = match node.symbol() {
        Some("to") => (SiteVar::To, ctx.to),
        Some("from") => (SiteVar::From, ctx.from),
        Some("site") => (SiteVar::Site, ctx.site),
        Some("last") => (SiteVar::Last, true),
        Some("previous-from") => (SiteVar::PreviousFrom, true),
        Some("previous-to") => (SiteVar::PreviousTo, true),
        Some(POISON) => return None,
        Some("visited") => {
            cx.report(
                wrong_kind(node, "a site", "`to`, `from`, `site`, `last`, `previous-from` or `previous-to`")
                    .help("`visited` is a set of sites, the ones this turn has moved pieces from or onto: ask `(in SITE visited)`"),
            );
            return None;
        }
        _ => {
            let guess = node.symbol().and_then(|word| crate::similar::did_you_mean(word, SITE_VARS.iter().copied()));
            cx.report(
                wrong_kind(node, "a site", "`to`, `from`, `site`, `last`, `previous-from` or `previous-to`").help(
                    guess.unwrap_or_else(|| "`to` is where a move goes, `from` where it starts, `site` the site examined by `remove`, `last` where the last stone arrived, `previous-from` and `previous-to` where the previous turn's last move started and ended".into()),
                ),
            );
            return None;
        }
    };
    if !bound {
        cx.report(unbound(node, var, ctx));
        return None;
    }
    Some(var)
}

/// A bound site used where nothing binds it. A placement is a move, yet has no origin, so its
/// `from` gets its own message rather than the general one that sends the author to a move.
fn unbound(node: &Node, var: SiteVar, ctx: Ctx) -> Diagnostic {
    if ctx.placement && matches!(var, SiteVar::From) {
        return Diagnostic::error(codes::WRONG_PLACE, "a placement has no `from`")
            .label(node.span, "a placed piece starts from no site")
            .help(
                "the piece comes from the hand or the supply, not from the board: test `to`, the site it is placed on",
            );
    }
    let s = node.symbol().unwrap_or_default();
    let help = if ctx.end {
        "in an end rule, `last` is the site where the last stone arrived (the stone just played); `to` and `from` exist only in a move and its effects"
    } else {
        "`to` and `from` exist in a move and its effects; `site` inside `(remove ... (where ...))`; `last` everywhere"
    };
    Diagnostic::error(codes::WRONG_PLACE, format!("`{s}` has no meaning here"))
        .label(node.span, "not bound here")
        .help(help)
}

/// A set of sites: a filter, a region name, or `(neighbors VAR RELATION)`.
pub fn sites(cx: &mut Context, scope: &mut Scope<'_>, node: &Node, ctx: Ctx) -> Option<Sites> {
    if let Some(word) = node.symbol() {
        if atoms(Category::Sites).contains(&word) {
            return filter(cx, node).map(Sites::Filter);
        }
        if word == POISON {
            return None;
        }
        if SITE_VARS.contains(&word) {
            return site_var(cx, node, ctx).map(Sites::At);
        }
        if word == "visited" {
            scope.reads_visited = true;
            return Some(Sites::Visited);
        }
        if scope.setup.broken_regions.iter().any(|r| r == word) {
            return None;
        }
        if scope.setup.regions.iter().any(|r| r.name == word) {
            return scope.region(node).map_err(|d| d.map(|d| cx.report(d))).ok().map(Sites::Region);
        }
        if let Some(d) = super::compass::unknown_side(node, word, &scope.setup.board) {
            cx.report(d);
            return None;
        }
        if let Some(d) = bare_kind(node, word, scope, "a set of sites") {
            cx.report(d);
            return None;
        }
        // An owned region, declared once per team, is listed once by `unknown`.
        let known = atoms(Category::Sites).iter().copied().chain(scope.setup.regions.iter().map(|r| r.name.as_str()));
        let mut d = unknown(node, word, "set of sites", codes::UNKNOWN_REGION, known);
        if scope.setup.board.site(word).is_some() {
            // Rules name places by regions and bound sites, so that a rule reads the same on any
            // size of board.
            d = d.help(format!(
                "`{word}` is a site of the board, not a set: declare a region `(region NAME (sites {word}))`, or name it from a bound site, such as `(step to E)`"
            ));
        }
        if d.help.is_none() {
            d = d.help(format!("sites are a filter ({}) or a region", atoms(Category::Sites).join(", ")));
        }
        cx.report(d);
        return None;
    }
    match node.head() {
        Some("friend" | "enemy" | "occupied") => super::pieces::filter(cx, scope, node).map(Sites::Filter),
        Some("visited") => {
            cx.report(
                Diagnostic::error(codes::WRONG_TYPE, "`visited` is a word, not a form")
                    .label(node.span, "written as a list")
                    .help("write it bare, as `empty` or `last` are: `(in to visited)`"),
            );
            None
        }
        Some("transpose" | "quarter-turn") => super::connection::image(cx, scope, node, ctx),
        Some("select") => super::select::select(cx, scope, node, ctx),
        Some("between") => {
            let mut args = Args::new(node);
            let a = args.required(cx, "the first site, such as `from`").and_then(|n| site_var(cx, n, ctx));
            let b = args.required(cx, "the second site, such as `to`").and_then(|n| site_var(cx, n, ctx));
            args.finish(cx);
            if scope.setup.board.directions.is_empty() {
                cx.report(
                    Diagnostic::error(codes::NO_DIRECTIONS, "this board has no lines to be between sites on")
                        .label(node.span, "needs a board with directions")
                        .help("square, hexagonal, rhombus and triangle boards have directions; a tiling has none"),
                );
                return None;
            }
            Some(Sites::Between(a?, b?))
        }
        Some("part") => part(cx, scope, node, ctx),
        Some("neighbors") => {
            let mut args = Args::new(node);
            let v = args.required(cx, "the site: `to`, `from` or `site`").and_then(|n| site_var(cx, n, ctx));
            let r = args.required(cx, "a relation").and_then(|n| relation(cx, scope, n));
            args.finish(cx);
            Some(Sites::Neighbors(v?, r?))
        }
        Some(head @ ("ray" | "flanks")) => super::rays::sites(cx, scope, node, ctx, head == "flanks"),
        Some("sight") => super::rays::sight(cx, scope, node, ctx),
        Some("step") => super::pieces::step(cx, scope, node, ctx),
        Some("run") => super::sowing::run(cx, scope, node, ctx),
        _ => {
            unexpected(cx, node, Category::Sites);
            None
        }
    }
}

/// A kind of piece written where a set of sites or a filter (`what`) is expected
/// (`(attacked king)`, `(is pawn to)`): the sites that hold a kind are a filter naming whose
/// pieces they are, so the diagnostic shows that form rather than calling a declared name
/// unknown. `None` when `word` is no kind.
fn bare_kind(node: &Node, word: &str, scope: &Scope<'_>, what: &str) -> Option<Diagnostic> {
    let kind = scope.setup.pieces.iter().find(|k| k.name == word)?;
    let help = match kind.neutral {
        // A filter for a team's pieces never matches a neutral kind.
        true => format!("`(occupied {word})` is the set of sites holding a `{word}`, which belongs to nobody"),
        false => format!(
            "a set of sites holding pieces of a kind names whose they are: `(friend {word})` for the mover's, `(enemy {word})` for the opponent's, `(occupied {word})` for anyone's"
        ),
    };
    Some(
        Diagnostic::error(codes::WRONG_TYPE, format!("`{word}` is a kind of piece, not {what}"))
            .label(node.span, "a kind of piece")
            .help(help),
    )
}

/// The words of `(describe "WORDS" CONDITION)`, for what players read; `None` for any other
/// condition.
pub fn described(node: &Node) -> Option<&str> {
    match (node.head(), node.args()) {
        (Some("describe"), [words, ..]) => match &words.kind {
            crate::syntax::NodeKind::Str(w) => Some(w.as_str()),
            _ => None,
        },
        _ => None,
    }
}

/// What an illegal action breaking condition `node` is said to do, after the action or site
/// it is about: its description (`d3` "must flank at least one disc"), else "fails the
/// condition" and its source text.
pub fn failure(node: &Node) -> String {
    match described(node) {
        Some(words) => words.to_string(),
        None => format!("fails the condition {node}"),
    }
}

/// `(part REGION SITE [BY])`: the part of REGION that holds SITE or, with BY, the part of
/// REGION numbered as the part of BY that holds it. BY must have as many parts as REGION, for
/// every team's version of both.
fn part(cx: &mut Context, scope: &mut Scope<'_>, node: &Node, ctx: Ctx) -> Option<Sites> {
    let mut args = Args::new(node);
    let region = |cx: &mut Context, n: &Node| {
        if let Some(filter) = n.symbol().filter(|w| atoms(Category::Sites).contains(w)) {
            cx.report(
                Diagnostic::error(
                    codes::UNKNOWN_REGION,
                    format!("`{filter}` is a filter, not a region: it has no parts"),
                )
                .label(n.span, "a filter")
                .help("`part` chooses among the parts of a declared region: `(region NAME PART...)`"),
            );
            return None;
        }
        scope.region(n).map_err(|d| d.map(|d| cx.report(d))).ok()
    };
    let whole_node = args.required(cx, "the region whose part is meant, such as `small-boards`");
    let whole = whole_node.and_then(|n| region(cx, n));
    let site = args.required(cx, "the site the part holds: `to`, `from`, `site` or `last`");
    let site = site.and_then(|n| site_var(cx, n, ctx));
    let by_node = args.next();
    let by = by_node.map(|n| region(cx, n));
    args.finish(cx);
    let (whole, whole_node) = (whole?, whole_node?);
    if let (Some(Some(by)), Some(by_node)) = (&by, by_node) {
        let regions = &scope.setup.regions;
        let parts = |r: u16| regions[r as usize].parts.len();
        let counts = whole.by_team.iter().zip(&by.by_team).map(|(&a, &b)| (parts(a), parts(b)));
        if let Some((a, b)) = counts.into_iter().find(|(a, b)| a != b) {
            let (whole_name, by_name) = (whole_node.symbol().unwrap_or(""), by_node.symbol().unwrap_or(""));
            cx.report(
                Diagnostic::error(
                    codes::UNEQUAL_PARTS,
                    format!("`{by_name}` has {b} parts and `{whole_name}` {a}: they cannot be matched by number"),
                )
                .label(by_node.span, format!("{b} parts"))
                .label(whole_node.span, format!("{a} parts"))
                .help(format!(
                    "`(part {whole_name} SITE {by_name})` is the part of `{whole_name}` numbered as the part of `{by_name}` that holds SITE, so both need as many parts"
                )),
            );
            return None;
        }
    }
    let by = match by {
        Some(by) => Some(by?),
        None => None,
    };
    Some(Sites::Part(whole, site?, by))
}

pub fn relation(cx: &mut Context, scope: &Scope<'_>, node: &Node) -> Option<crate::game::RelId> {
    scope.relation(node).map_err(|d| d.map(|d| cx.report(d))).ok()
}

/// A relation that groups and paths follow: it must be symmetric, so a direction (one way
/// only) is refused.
pub fn symmetric_relation(cx: &mut Context, scope: &Scope<'_>, node: &Node) -> Option<crate::game::RelId> {
    let rel = relation(cx, scope, node)?;
    let r = &scope.setup.board.relations[rel as usize];
    if r.direction {
        cx.report(
            Diagnostic::error(codes::ONE_WAY_RELATION, format!("the direction `{}` leads one way only", r.name))
                .label(node.span, "a direction, not a symmetric relation")
                .help(format!("groups and paths follow a symmetric relation: {}", symmetric_names(scope))),
        );
        return None;
    }
    // A declared relation: every team's version must lead both ways.
    let teams = scope.relation_teams(rel);
    if let Some(team) = teams.iter().position(|&v| scope.setup.board.relations[v as usize].one_way) {
        let owner = match teams.iter().all(|&v| v == teams[0]) {
            true => String::new(),
            false => format!(" for team \"{}\"", scope.setup.teams[team]),
        };
        cx.report(
            Diagnostic::error(codes::ONE_WAY_RELATION, format!("the relation `{}` leads one way only{owner}", r.name))
                .label(node.span, "not a symmetric relation")
                .help(format!(
                    "groups and paths follow a symmetric relation: add the opposite directions to `{}`, or use `orthogonal`, `all` or `adjacent`",
                    r.name
                )),
        );
        return None;
    }
    Some(rel)
}

/// The board's relations that lead both ways (its built-in ones and those declared), to name
/// in a help.
fn symmetric_names(scope: &Scope<'_>) -> String {
    let names: Vec<String> = scope
        .setup
        .board
        .relations
        .iter()
        .filter(|r| !r.direction && !r.one_way)
        .map(|r| format!("`{}`", r.name))
        .collect();
    match names.as_slice() {
        [] => "this board has none".to_string(),
        [one] => format!("this board's is {one}"),
        [rest @ .., last] => format!("this board's are {} and {last}", rest.join(", ")),
    }
}

/// `(group-sizes RELATION)`: the sizes of the subject team's groups.
pub fn multiset(cx: &mut Context, scope: &mut Scope<'_>, node: &Node) -> Option<Multiset> {
    if node.head() != Some("group-sizes") {
        unexpected(cx, node, Category::Sizes);
        return None;
    }
    let mut args = Args::new(node);
    let rel = args.required(cx, "the relation that connects a group").and_then(|n| symmetric_relation(cx, scope, n));
    args.finish(cx);
    Some(Multiset { rel: rel?, filter: Filter::Friend })
}

/// A number known without playing: literals, option values and arithmetic on them.
pub fn constant(cx: &mut Context, node: &Node) -> Option<i64> {
    match &node.kind {
        NodeKind::Int(v) => Some(*v),
        NodeKind::Symbol(s) if s == POISON => None,
        NodeKind::List(_) => {
            let head = node.head()?;
            let mut args = Args::new(node);
            match head {
                "+" | "*" | "min" | "max" => {
                    let values = each(cx, &mut args, 1, "a number", constant)?;
                    no_overflow(cx, node, apply_many(head, &values))
                }
                "-" => {
                    let a = args.required(cx, "a number").and_then(|n| constant(cx, n));
                    let b = args.required(cx, "the number to subtract").and_then(|n| constant(cx, n));
                    args.finish(cx);
                    no_overflow(cx, node, a?.checked_sub(b?))
                }
                _ => {
                    cx.report(not_constant(node));
                    None
                }
            }
        }
        _ => {
            cx.report(wrong_kind(node, "this", "a whole number"));
            None
        }
    }
}

/// A condition known without playing: `true`, `false`, comparisons of fixed numbers, and
/// `and`, `or`, `not` of those (a region that depends on an option).
pub fn constant_condition(cx: &mut Context, node: &Node) -> Option<bool> {
    match (&node.kind, node.head()) {
        (NodeKind::Symbol(s), _) if s == "true" => Some(true),
        (NodeKind::Symbol(s), _) if s == "false" => Some(false),
        (NodeKind::Symbol(s), _) if s == POISON => None,
        (NodeKind::Symbol(word), _) => {
            cx.report(
                Diagnostic::error(codes::UNKNOWN_NAME, format!("`{word}` is no option or define"))
                    .label(node.span, "unknown here")
                    .help("a condition fixed before play reads options: declare `(option NAME boolean ...)`"),
            );
            None
        }
        (_, Some(head @ ("and" | "or"))) => {
            let mut args = Args::new(node);
            let values = each(cx, &mut args, 1, "a condition", constant_condition)?;
            Some(if head == "and" { values.iter().all(|&v| v) } else { values.iter().any(|&v| v) })
        }
        (_, Some("not")) => {
            let mut args = Args::new(node);
            let v = args.required(cx, "a condition").and_then(|n| constant_condition(cx, n));
            args.finish(cx);
            v.map(|v| !v)
        }
        (_, Some(op @ ("=" | "!=" | "<" | "<=" | ">" | ">="))) => {
            let mut args = Args::new(node);
            let a = args.required(cx, "a number").and_then(|n| constant(cx, n));
            let b = args.required(cx, "a number to compare it with").and_then(|n| constant(cx, n));
            args.finish(cx);
            let (a, b) = (a?, b?);
            Some(match op {
                "=" => a == b,
                "!=" => a != b,
                "<" => a < b,
                "<=" => a <= b,
                ">" => a > b,
                _ => a >= b,
            })
        }
        _ => {
            cx.report(
                Diagnostic::error(codes::NOT_CONSTANT, format!("{} is not a fixed condition", node.describe()))
                    .label(node.span, "must be known before play starts")
                    .help("use `true`, `false`, a boolean option, or a comparison of numbers and options"),
            );
            None
        }
    }
}

fn not_constant(node: &Node) -> Diagnostic {
    Diagnostic::error(codes::NOT_CONSTANT, format!("{} is not a fixed number", node.describe()))
        .label(node.span, "must be known before play starts")
        .help("use a number, an option, or `+ - * min max` of those")
}
