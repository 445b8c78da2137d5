//! Conditions asked of each site of a set, with `site` bound to it: `(select SITES CONDITION)`
//! and a run's `(run SITE TRACK CONDITION)`. The engine walks them without its scratch space,
//! wherever the set is read, so they may ask only about the site and the position.

use super::Context;
use super::args::Args;
use super::expr::{Ctx, sites};
use super::scope::Scope;
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::game::{Bool, Int, SiteVar, Sites};
use crate::syntax::Node;

/// `(select SITES CONDITION)`: the sites of SITES that pass CONDITION, asked with `site` bound
/// to each. TwixT's new links: `(select (neighbors to link) linkable)`.
pub fn select(cx: &mut Context, scope: &mut Scope<'_>, node: &Node, ctx: Ctx) -> Option<Sites> {
    let mut args = Args::new(node);
    let from = args.required(cx, "the sites to choose from, such as `(neighbors to link)`");
    let from = from.and_then(|n| sites(cx, scope, n, ctx));
    let condition = args
        .required(cx, "the condition each chosen site passes, about `site`")
        .and_then(|n| site_condition(cx, scope, n, ctx, "a selection's", "asked of each site of the set"));
    args.finish(cx);
    Some(Sites::Select(Box::new(from?), Box::new(condition?)))
}

/// The condition of a `select` or a `run`, with `site` bound (`whose` names it in errors,
/// `asked` says of what it is asked). It may use `and`, `or`, `not`, `is`, `in`, and
/// comparisons of numbers made of constants, `+`, `-`, `(count ...)` and `(seeds ...)`; it may
/// not ask about `to`, `from` or the previous turn.
pub fn site_condition(
    cx: &mut Context,
    scope: &mut Scope<'_>,
    node: &Node,
    ctx: Ctx,
    whose: &str,
    asked: &str,
) -> Option<Bool> {
    let b = super::expr::boolean(cx, scope, node, Ctx { site: true, ..ctx })?;
    // The set is the same wherever it is read: its condition cannot depend on the action, nor
    // on the game's history (which the repetition rules would not know it reads).
    let reads_action = [SiteVar::To, SiteVar::From].iter().any(|&v| b.uses(v));
    let reads_history = [SiteVar::PreviousTo, SiteVar::PreviousFrom].iter().any(|&v| b.uses(v));
    let what = impure(&b)
        .or(reads_action.then_some("about `to` or `from`"))
        .or(reads_history.then_some("about the previous turn"));
    match what {
        None => Some(b),
        Some(what) => {
            cx.report(
                Diagnostic::error(codes::WRONG_PLACE, format!("{whose} condition cannot ask {what}"))
                    .label(node.span, asked)
                    .help("the condition asks about `site`: `and`, `or`, `not`, `is`, `in`, and comparisons of numbers, `(count ...)` and `(seeds ...)`"),
            );
            None
        }
    }
}

/// What a site's condition asks that needs more than the position, if anything.
fn impure(b: &Bool) -> Option<&'static str> {
    fn int(i: &Int) -> Option<&'static str> {
        match i {
            Int::Const(_) | Int::Seeds(_) | Int::Count(..) => None,
            Int::Add(items) => items.iter().find_map(int),
            Int::Sub(a, b) => int(a).or_else(|| int(b)),
            _ => Some("for a number other than a count or seeds"),
        }
    }
    match b {
        Bool::Const(_) | Bool::Is(..) | Bool::In(..) => None,
        Bool::And(items) | Bool::Or(items) => items.iter().find_map(impure),
        Bool::Not(b) => impure(b),
        Bool::Cmp(_, a, b) => int(a).or_else(|| int(b)),
        _ => Some("about more than the site"),
    }
}
