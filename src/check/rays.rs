//! Rays and flanks: `(ray SITE RELATION)` and `(flanks SITE RELATION)` follow the board's
//! directions one line at a time, so their relation must be made of directions.

use super::Context;
use super::args::Args;
use super::expr::{Ctx, relation, site_var};
use super::scope::Scope;
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::game::{RelId, Sites};
use crate::syntax::Node;

/// `(ray SITE RELATION)` or `(flanks SITE RELATION)`.
pub fn sites(cx: &mut Context, scope: &mut Scope<'_>, node: &Node, ctx: Ctx, flanks: bool) -> Option<Sites> {
    let mut args = Args::new(node);
    let v = args.required(cx, "the site: `to`, `from`, `site` or `last`").and_then(|n| site_var(cx, n, ctx));
    let what = if flanks { "a flank" } else { "a ray" };
    let r = args.required(cx, "a relation or direction to follow").and_then(|n| directed(cx, scope, n, what));
    args.finish(cx);
    let (v, r) = (v?, r?);
    Some(if flanks { Sites::Flanks(v, r) } else { Sites::Ray(v, r) })
}

/// `(sight SITE RELATION)`: the empty sites seen from the site along each direction. It
/// follows straight lines as a ray does, so it takes the same arguments and diagnostics.
pub fn sight(cx: &mut Context, scope: &mut Scope<'_>, node: &Node, ctx: Ctx) -> Option<Sites> {
    let mut args = Args::new(node);
    let v = args.required(cx, "the site: `to`, `from`, `site` or `last`").and_then(|n| site_var(cx, n, ctx));
    let r =
        args.required(cx, "a relation or direction to look along").and_then(|n| directed(cx, scope, n, "a sight line"));
    args.finish(cx);
    Some(Sites::Sight(v?, r?))
}

/// A relation made of at least one of the board's directions.
fn directed(cx: &mut Context, scope: &Scope<'_>, node: &Node, what: &str) -> Option<RelId> {
    let rel = relation(cx, scope, node)?;
    let board = &scope.setup.board;
    // Every team's version of an owned relation.
    if scope.relation_teams(rel).iter().any(|&v| board.directions_within(v as usize).is_empty()) {
        cx.report(no_directions(node, &board.relations[rel as usize].name, scope, what));
        return None;
    }
    Some(rel)
}

/// "the relation `edges` is not made of directions": rays, flanks and lines follow straight
/// lines, which only directions give. `what` names the ludeme's line (`a line`, `a ray`).
pub(super) fn no_directions(node: &Node, name: &str, scope: &Scope<'_>, what: &str) -> Diagnostic {
    let board = &scope.setup.board;
    let usable: Vec<&str> = board
        .relations
        .iter()
        .enumerate()
        .filter(|(i, _)| board.axes(*i).is_some())
        .map(|(_, r)| r.name.as_str())
        .collect();
    let help = if board.directions.is_empty() {
        "this board has no directions (a tiling has none), so no straight lines: they need a square or hexagonal board"
            .to_string()
    } else {
        let named: Vec<&str> = board.directions.iter().map(|d| d.name).collect();
        let mut relations = usable.join(", ");
        if !relations.is_empty() {
            relations.push_str(", ");
        }
        format!("{what} runs along directions; use one of {relations}or a direction ({})", named.join(" "))
    };
    Diagnostic::error(codes::NO_DIRECTIONS, format!("the relation `{name}` is not made of directions"))
        .label(node.span, format!("{what} cannot run along it"))
        .help(help)
}
