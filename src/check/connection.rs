//! `(connects SITE RELATION REGION REGION...)`: whether the group of the subject's stones at a
//! site reaches every one of some regions — Hex's two sides, Y's three — checked and resolved.

use super::Context;
use super::args::Args;
use super::expr::{Ctx, site_var, symmetric_relation};
use super::scope::Scope;
use crate::game::{Bool, RegionRef};
use crate::syntax::Node;

/// The arguments of `(connects ...)` after its head. A connection joins at least two regions:
/// with one, "the group touches R" would read as a connection and hide a forgotten region.
pub fn connects(cx: &mut Context, scope: &mut Scope<'_>, node: &Node, args: &mut Args<'_>, ctx: Ctx) -> Option<Bool> {
    let site = args
        .required(cx, "the site whose group is meant: `to`, `from`, `site` or `last`")
        .and_then(|n| site_var(cx, n, ctx));
    let rel = args.required(cx, "the relation that connects a group").and_then(|n| symmetric_relation(cx, scope, n));
    let items = args.rest();
    let regions: Vec<Option<RegionRef>> =
        items.iter().map(|n| scope.region(n).map_err(|d| d.map(|d| cx.report(d))).ok()).collect();
    if items.len() < 2 && site.is_some() && rel.is_some() {
        let what = if items.is_empty() { "the regions to connect" } else { "a second region" };
        cx.report(
            Args::new(node)
                .missing(what)
                .help("a connection joins two or more regions, such as a player's two sides: `(connects last adjacent side-N side-S)`"),
        );
        return None;
    }
    let regions: Option<Vec<RegionRef>> = regions.into_iter().collect();
    Some(Bool::Connects { site: site?, rel: rel?, regions: regions? })
}

/// `(transpose SITE)`: the site's mirror image with column and row exchanged. Only boards
/// that are N×N with `row × N + column` numbering have this symmetry; elsewhere it is refused
/// rather than given a meaning nobody could guess.
pub fn transpose(cx: &mut Context, scope: &mut Scope<'_>, node: &Node, ctx: Ctx) -> Option<crate::game::Sites> {
    let mut args = Args::new(node);
    let var =
        args.required(cx, "the site to reflect: `to`, `from`, `site` or `last`").and_then(|n| site_var(cx, n, ctx));
    args.finish(cx);
    let shape = &scope.setup.board.shape;
    if shape.transposable().is_none() {
        cx.report(
            crate::diagnostic::Diagnostic::error(
                crate::codes::NO_SYMMETRY,
                format!("the board {} cannot exchange columns and rows", shape.form()),
            )
            .label(node.span, "no such mirror image on this board")
            .help("`transpose` reflects across the diagonal from `a1` of a square, a rhombus or a rectangle as high as wide"),
        );
        return None;
    }
    Some(crate::game::Sites::Transpose(var?))
}
