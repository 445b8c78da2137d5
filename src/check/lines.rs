//! The ludemes about lines and membership: `(line N RELATION SITE [exact])` and
//! `(in SITE SITES)`. A line is checked against the board it is played on: its relation must
//! be made of directions (so that it has axes to run along) and a fixed length must be at
//! least 1.

use super::Context;
use super::args::{Args, wrong_kind};
use super::expr::{Ctx, int, relation, site_var, sites};
use super::scope::{POISON, Scope};
use super::similar;
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::game::{Bool, Filter, Int, Line};
use crate::syntax::{Node, NodeKind};

/// The words a line takes after its site: whose stone it is, and `exact`.
const EXACT: &str = "exact";
const OWNERS: [(&str, Filter); 3] =
    [("friend", Filter::Friend), ("enemy", Filter::Enemy), ("occupied", Filter::Occupied)];

/// `(line N RELATION SITE [friend|enemy|occupied] [exact])`.
pub fn line(cx: &mut Context, scope: &mut Scope<'_>, node: &Node, ctx: Ctx) -> Option<Bool> {
    let mut args = Args::new(node);
    let len = args.required(cx, "the length of the line").and_then(|n| length(cx, scope, n, ctx));
    let axes = args.required(cx, "a relation made of directions, such as `all`").and_then(|n| {
        let rel = relation(cx, scope, n)?;
        // The axes of every team's version of an owned relation.
        let owned: Option<Vec<Vec<_>>> =
            scope.relation_teams(rel).iter().map(|&v| scope.setup.board.axes(v as usize)).collect();
        if owned.is_none() {
            cx.report(super::rays::no_directions(n, &scope.setup.board.relations[rel as usize].name, scope, "a line"));
        }
        owned.map(|owned| match owned.iter().all(|a| *a == owned[0]) {
            true => (owned[0].clone(), Vec::new()),
            false => (owned[0].clone(), owned),
        })
    });
    let site = args.required(cx, "the site: `to`, `from`, `site` or `last`").and_then(|n| site_var(cx, n, ctx));
    let (mut of, mut exact) = (None, None);
    let mut words_ok = true;
    for n in args.rest() {
        match word(cx, n) {
            Some(Word::Exact) if exact.is_none() => exact = Some(true),
            Some(Word::Owner(f)) if of.is_none() => of = Some(f),
            Some(_) => {
                cx.report(
                    Diagnostic::error(codes::DUPLICATE, "a line says this twice").label(n.span, "said again").help(
                        "after the site: whose stone (`friend`, `enemy`, `occupied`), then `exact`, each at most once",
                    ),
                );
                words_ok = false;
            }
            None => words_ok = false,
        }
    }
    let (axes, owned) = axes?;
    words_ok.then_some(())?;
    let (of, exact) = (of.unwrap_or(Filter::Friend), exact.unwrap_or(false));
    Some(Bool::Line(Box::new(Line { len: len?, axes, owned, site: site?, exact, of })))
}

/// The length: any number; a fixed one must be at least 1.
fn length(cx: &mut Context, scope: &mut Scope<'_>, node: &Node, ctx: Ctx) -> Option<Int> {
    let len = int(cx, scope, node, ctx)?;
    if let Int::Const(v) = len {
        if v < 1 {
            cx.report(
                Diagnostic::error(codes::LINE_LENGTH, format!("a line of {v} stones is meaningless"))
                    .label(node.span, "must be at least 1")
                    .help("a line counts the stone on the site itself: `(line 5 all last)` is five in a row"),
            );
            return None;
        }
    }
    Some(len)
}

enum Word {
    Exact,
    Owner(Filter),
}

/// An optional word after the site: whose stone, or `exact`.
fn word(cx: &mut Context, node: &Node) -> Option<Word> {
    match &node.kind {
        NodeKind::Symbol(s) if s == EXACT => Some(Word::Exact),
        NodeKind::Symbol(s) if s == POISON => None,
        NodeKind::Symbol(s) if OWNERS.iter().any(|(w, _)| w == s) => {
            OWNERS.iter().find(|(w, _)| w == s).map(|&(_, f)| Word::Owner(f))
        }
        // Ludii's `exact:True` is reported with the other named arguments.
        NodeKind::Named(..) | NodeKind::Braces(_) => None,
        NodeKind::Symbol(s) => {
            let d = Diagnostic::error(codes::UNKNOWN_NAME, format!("unknown word `{s}` in a line"))
                .label(node.span, "expected `friend`, `enemy`, `occupied`, `exact` or nothing");
            let words = [EXACT, "friend", "enemy", "occupied"];
            let help = similar::did_you_mean(s, words).unwrap_or_else(|| {
                concat!(
                    "after the site a line takes whose stone it is (`friend`, the default, `enemy` or `occupied`) ",
                    "and `exact` (an exact length, no overlines)"
                )
                .into()
            });
            cx.report(d.help(help));
            None
        }
        _ => {
            cx.report(wrong_kind(node, "the last arguments of a line", "`friend`, `enemy`, `occupied` or `exact`"));
            None
        }
    }
}

/// `(in SITE SITES)`.
pub fn membership(cx: &mut Context, scope: &mut Scope<'_>, node: &Node, ctx: Ctx) -> Option<Bool> {
    let mut args = Args::new(node);
    let site = args.required(cx, "the site: `to`, `from`, `site`, `last`, or one worked out such as `(step to N)`");
    let site = site.and_then(|n| super::expr::site_or_step(cx, scope, n, ctx));
    let set = args.required(cx, "a region or another set of sites").and_then(|n| sites(cx, scope, n, ctx));
    args.finish(cx);
    Some(match site? {
        super::expr::Either::Var(v) => Bool::In(v, set?),
        super::expr::Either::Worked(at) => Bool::InAt(at, set?),
    })
}
