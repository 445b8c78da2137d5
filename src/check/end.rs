//! Pass 5b: the end of the game and how results are decided.

use super::Context;
use super::args::{Args, wrong_kind};
use super::expr::{Ctx, boolean, int, multiset, unexpected};
use super::scope::{Category, POISON, Scope};
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::game::{Criterion, EndRule, Ignored, Int, Outcome, Prefer, Who};
use crate::syntax::{Node, Span};

/// `game` is where to report a missing section, or `None` when the section may just be
/// misspelt (already reported as unknown).
pub fn rules(cx: &mut Context, scope: &mut Scope<'_>, end: Option<&Node>, game: Option<Span>) -> Option<Vec<EndRule>> {
    let Some(end) = end else {
        cx.report(super::setup::missing_section(
            game?,
            "end",
            "(end (when (board-full) (compare (higher (counter score)))))",
        ));
        return None;
    };
    if end.args().is_empty() {
        cx.report(Args::new(end).missing("an end rule such as `(when (board-full) ...)`"));
        return None;
    }
    let out: Vec<Option<EndRule>> = end.args().iter().map(|r| rule(cx, scope, r)).collect();
    out.into_iter().collect()
}

fn rule(cx: &mut Context, scope: &mut Scope<'_>, node: &Node) -> Option<EndRule> {
    let mut args = Args::new(node);
    match node.head() {
        Some("when") => {
            let ctx = Ctx { end: true, ..Ctx::default() };
            let c = args.required(cx, "a condition").and_then(|n| boolean(cx, scope, n, ctx));
            let o = args.required(cx, "the outcome").and_then(|n| outcome(cx, scope, n));
            args.finish(cx);
            Some(EndRule::When { condition: c?, outcome: o?, span: node.span })
        }
        Some(head @ ("repetition" | "turn-limit")) => {
            let what = if head == "repetition" {
                "how many occurrences draw (0: never)"
            } else {
                "the number of turns (0: no limit)"
            };
            let n = args.required(cx, what).and_then(|n| {
                let v = match int(cx, scope, n, Ctx::default())? {
                    Int::Const(v) => v,
                    _ => {
                        cx.report(
                            Diagnostic::error(codes::NOT_CONSTANT, format!("{} is not a fixed number", n.describe()))
                                .label(n.span, "must be known before play starts"),
                        );
                        return None;
                    }
                };
                if !(0..=u32::MAX as i64).contains(&v) {
                    cx.report(
                        Diagnostic::error(codes::OUT_OF_RANGE, format!("{v} is not a count"))
                            .label(n.span, "expected 0 or more"),
                    );
                    return None;
                }
                Some(v as u32)
            });
            let ignoring =
                |args: &Args<'_>| head == "repetition" && args.peek().is_some_and(|n| n.head() == Some("ignore"));
            let o = match args.peek() {
                Some(_) if ignoring(&args) => Some(Outcome::Draw),
                Some(_) => args.next().and_then(|n| outcome(cx, scope, n)),
                None => Some(Outcome::Draw),
            };
            let ignore = match ignoring(&args) {
                true => args.next().and_then(|n| ignore(cx, scope, n)),
                false => Some(Vec::new()),
            };
            args.finish(cx);
            let (n, o, ignore) = (n?, o?, ignore?);
            Some(if head == "repetition" {
                EndRule::Repetition { count: n, outcome: o, ignore }
            } else {
                EndRule::TurnLimit { turns: n, outcome: o }
            })
        }
        _ => {
            unexpected(cx, node, Category::EndRule);
            None
        }
    }
}

/// `(ignore NAME...)` of a `repetition` rule: allowances and counters left out of the position.
/// A name is an allowance when an allowance has it, else a counter; one declared as neither
/// is reported as an unknown allowance.
fn ignore(cx: &mut Context, scope: &mut Scope<'_>, node: &Node) -> Option<Vec<Ignored>> {
    let names = node.args();
    if names.is_empty() {
        cx.report(Args::new(node).missing("an allowance or a counter"));
        return None;
    }
    let mut out: Vec<Ignored> = Vec::new();
    let mut ok = true;
    for (i, name) in names.iter().enumerate() {
        if name.symbol().is_none() {
            // `(ignore (counter checked))`: the count's name is wanted, not the count.
            let mut d = wrong_kind(name, "what `ignore` leaves out", "the name of an allowance or a counter");
            if matches!(name.head(), Some("counter" | "allowance"))
                && let [inner] = name.args()
                && let Some(inner) = inner.symbol()
            {
                d = d.help(format!("name it alone: `{inner}`"));
            }
            cx.report(d);
            ok = false;
            continue;
        }
        let found = match name.symbol() {
            Some(n)
                if scope.setup.counters.iter().any(|c| c == n) && !scope.setup.allowances.iter().any(|a| a == n) =>
            {
                scope.counter(name).map(Ignored::Counter)
            }
            _ => scope.allowance(name).map(Ignored::Allowance),
        };
        match found {
            Ok(a) if out.contains(&a) => {
                let first = names[..i].iter().find(|n| n.symbol() == name.symbol()).map_or(name.span, |n| n.span);
                cx.report(
                    Diagnostic::error(codes::DUPLICATE, format!("{} is ignored twice", name.describe()))
                        .label(name.span, "said again here")
                        .label(first, "first here"),
                );
                ok = false;
            }
            Ok(a) => out.push(a),
            Err(d) => {
                if let Some(d) = d {
                    cx.report(d);
                }
                ok = false;
            }
        }
    }
    ok.then_some(out)
}

fn outcome(cx: &mut Context, scope: &mut Scope<'_>, node: &Node) -> Option<Outcome> {
    if node.symbol() == Some("draw") {
        return Some(Outcome::Draw);
    }
    let mut args = Args::new(node);
    match node.head() {
        Some("draw") => {
            args.finish(cx);
            Some(Outcome::Draw)
        }
        Some("win") => {
            let w = args.required(cx, "the winner: `mover` or `next`")?;
            args.finish(cx);
            match w.symbol() {
                Some("mover") => Some(Outcome::Win(Who::Mover)),
                Some("next") => Some(Outcome::Win(Who::Next)),
                Some(POISON) => None,
                _ => {
                    cx.report(wrong_kind(w, "the winner", "`mover` or `next`"));
                    None
                }
            }
        }
        Some("compare") => {
            let items = args.rest();
            if items.is_empty() {
                cx.report(args.missing("a criterion such as `(higher NUMBER)`"));
                return None;
            }
            let out: Vec<Option<Criterion>> = items.iter().map(|c| criterion(cx, scope, c)).collect();
            Some(Outcome::Compare(out.into_iter().collect::<Option<Vec<_>>>()?))
        }
        _ => {
            unexpected(cx, node, Category::Outcome);
            None
        }
    }
}

fn criterion(cx: &mut Context, scope: &mut Scope<'_>, node: &Node) -> Option<Criterion> {
    let mut args = Args::new(node);
    let ctx = Ctx::default();
    match node.head() {
        Some(h @ ("higher" | "lower")) => {
            let v = args.required(cx, "the number to compare").and_then(|n| int(cx, scope, n, ctx));
            args.finish(cx);
            Some(Criterion::Value(v?, if h == "higher" { Prefer::Larger } else { Prefer::Smaller }))
        }
        Some(h @ ("cascade" | "unpaired")) => {
            let m = args.required(cx, "group sizes, `(group-sizes RELATION)`").and_then(|n| multiset(cx, scope, n));
            let p = args.required(cx, "which wins: `larger` or `smaller`").and_then(|n| match n.symbol() {
                Some("larger") => Some(Prefer::Larger),
                Some("smaller") => Some(Prefer::Smaller),
                _ => {
                    cx.report(wrong_kind(n, "which wins", "`larger` or `smaller`"));
                    None
                }
            });
            args.finish(cx);
            if h == "unpaired" && scope.setup.teams.len() != 2 {
                cx.report(
                    Diagnostic::error(codes::WRONG_PLACE, "`unpaired` compares exactly two teams")
                        .label(node.span, format!("this game has {} teams", scope.setup.teams.len())),
                );
                return None;
            }
            let (m, p) = (m?, p?);
            Some(if h == "cascade" { Criterion::Cascade(m, p) } else { Criterion::Unpaired(m, p) })
        }
        Some("last-mover") => {
            args.finish(cx);
            Some(Criterion::LastMover)
        }
        _ => {
            unexpected(cx, node, Category::Criterion);
            None
        }
    }
}
