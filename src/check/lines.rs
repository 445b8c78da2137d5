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
use crate::game::{Bool, Int, Line};
use crate::syntax::{Node, NodeKind};

/// The only word a line takes after its site.
const EXACT: &str = "exact";

/// `(line N RELATION SITE [exact])`.
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
    let exact = match args.next() {
        None => Some(false),
        Some(n) => exact(cx, n),
    };
    args.finish(cx);
    let (axes, owned) = axes?;
    Some(Bool::Line(Box::new(Line { len: len?, axes, owned, site: site?, exact: exact? })))
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

/// The optional word after the site: `exact`.
fn exact(cx: &mut Context, node: &Node) -> Option<bool> {
    match &node.kind {
        NodeKind::Symbol(s) if s == EXACT => Some(true),
        NodeKind::Symbol(s) if s == POISON => None,
        // Ludii's `exact:True` is reported with the other named arguments.
        NodeKind::Named(..) | NodeKind::Braces(_) => None,
        NodeKind::Symbol(s) => {
            let d = Diagnostic::error(codes::UNKNOWN_NAME, format!("unknown word `{s}` in a line"))
                .label(node.span, "expected `exact` or nothing");
            let help = similar::did_you_mean(s, [EXACT])
                .unwrap_or_else(|| "after the site a line takes only `exact` (an exact length, no overlines)".into());
            cx.report(d.help(help));
            None
        }
        _ => {
            cx.report(wrong_kind(node, "the last argument of a line", "the word `exact`"));
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
