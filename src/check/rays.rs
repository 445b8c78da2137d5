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
    let r = args.required(cx, "a relation or direction to follow").and_then(|n| directed(cx, scope, n));
    args.finish(cx);
    let (v, r) = (v?, r?);
    Some(if flanks { Sites::Flanks(v, r) } else { Sites::Ray(v, r) })
}

/// A relation made of at least one of the board's directions.
fn directed(cx: &mut Context, scope: &Scope<'_>, node: &Node) -> Option<RelId> {
    let rel = relation(cx, scope, node)?;
    let board = &scope.setup.board;
    if board.directions_within(rel as usize).is_empty() {
        let name = &board.relations[rel as usize].name;
        let help = if board.directions.is_empty() {
            "this board has no directions (a tiling has none), so there is no straight line to follow".to_string()
        } else {
            let names: Vec<&str> = board.directions.iter().map(|d| d.name).collect();
            format!("use a relation made of directions, or a direction: {}", names.join(" "))
        };
        cx.report(
            Diagnostic::error(codes::NO_DIRECTIONS, format!("`{name}` holds no direction to follow in a line"))
                .label(node.span, "no straight lines along this relation")
                .help(help),
        );
        return None;
    }
    Some(rel)
}
