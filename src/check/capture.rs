//! The ludemes of capture by enclosure: `(liberties SITE RELATION)`, `(area RELATION)`, the
//! effect `(remove-groups SITES RELATION ...)` and the move clauses `(after CONDITION...)` and
//! `(no-repeat [superko|ko])`. Groups, liberties and territory only make sense along a
//! symmetric relation, so each relation here is checked to be one.

use super::Context;
use super::args::{Args, wrong_kind};
use super::expr::{Ctx, boolean, site_var, sites, symmetric_relation};
use super::scope::{POISON, Scope};
use super::similar;
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::game::{Bool, Effect, Int, Repeat};
use crate::syntax::{Node, NodeKind};

/// The words `(no-repeat ...)` takes: which earlier positions are banned.
const REPEATS: &[(&str, Repeat)] = &[("superko", Repeat::Any), ("ko", Repeat::Last)];

/// `(liberties SITE RELATION)`.
pub fn liberties(cx: &mut Context, scope: &mut Scope<'_>, node: &Node, ctx: Ctx) -> Option<Int> {
    let mut args = Args::new(node);
    let site = args.required(cx, "the site: `to`, `from`, `site` or `last`").and_then(|n| site_var(cx, n, ctx));
    let rel = args.required(cx, "the relation that connects a group").and_then(|n| symmetric_relation(cx, scope, n));
    args.finish(cx);
    Some(Int::Liberties(site?, rel?))
}

/// `(area RELATION)`.
pub fn area(cx: &mut Context, scope: &mut Scope<'_>, node: &Node) -> Option<Int> {
    let mut args = Args::new(node);
    let rel = args
        .required(cx, "the relation that connects stones and empty regions")
        .and_then(|n| symmetric_relation(cx, scope, n));
    args.finish(cx);
    Some(Int::Area(rel?))
}

/// `(remove-groups SITES RELATION [(where CONDITION...)] [(credit COUNTER mover|owner)])`.
pub fn remove_groups(cx: &mut Context, scope: &mut Scope<'_>, node: &Node, ctx: Ctx) -> Option<Effect> {
    let mut args = Args::new(node);
    let s = args.required(cx, "the sites whose groups are examined").and_then(|n| sites(cx, scope, n, ctx));
    let rel = args.required(cx, "the relation that connects a group").and_then(|n| symmetric_relation(cx, scope, n));
    let inner = Ctx { site: true, ..ctx };
    let (conditions, credit) = super::rules::removal_clauses(
        cx,
        scope,
        args.rest(),
        inner,
        "remove-groups",
        "usage: (remove-groups SITES RELATION [(where CONDITION...)] [(credit COUNTER mover|owner)])",
    )?;
    Some(Effect::RemoveGroups { sites: s?, rel: rel?, conditions, credit })
}

/// The conditions of `(after CONDITION...)`: on the position after the action and its
/// effects, with the move's sites bound as in its effects.
pub fn after(cx: &mut Context, scope: &mut Scope<'_>, args: &mut Args<'_>, ctx: Ctx) -> Option<Vec<Bool>> {
    let items = args.rest();
    if items.is_empty() {
        cx.report(args.missing("a condition on the position after the effects"));
        return None;
    }
    let ctx = Ctx { after: true, ..ctx };
    let out: Vec<Option<Bool>> = items.iter().map(|n| boolean(cx, scope, n, ctx)).collect();
    out.into_iter().collect()
}

/// `(no-repeat [superko|ko])`: superko when no word is given.
pub fn no_repeat(cx: &mut Context, mut args: Args<'_>) -> Option<Repeat> {
    let kind = match args.next() {
        None => Some(Repeat::Any),
        Some(n) => match &n.kind {
            NodeKind::Symbol(s) if s == POISON => None,
            NodeKind::Symbol(s) => match REPEATS.iter().find(|(w, _)| w == s) {
                Some((_, r)) => Some(*r),
                None => {
                    let names = REPEATS.iter().map(|(w, _)| *w);
                    cx.report(
                        Diagnostic::error(codes::UNKNOWN_REPEAT, format!("`{s}` is not a kind of repetition ban"))
                            .label(n.span, "expected `superko` or `ko`")
                            .help(similar::did_you_mean(s, names).unwrap_or_else(|| {
                                "`superko` (the default): no earlier position of the game; `ko`: not the position before the last action".into()
                            })),
                    );
                    None
                }
            },
            _ => {
                cx.report(wrong_kind(n, "a kind of repetition ban", "`superko` or `ko`"));
                None
            }
        },
    };
    args.finish(cx);
    kind
}
