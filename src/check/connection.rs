//! `(connects SITE RELATION REGION REGION...)`: whether the group of the subject's stones at a
//! site reaches every one of some regions — Hex's two sides, Y's three — and `(reachable ...)`,
//! whether pieces still have a way to their goals, checked and resolved.

use super::Context;
use super::args::Args;
use super::expr::{Ctx, int, piece_filter, site_var, symmetric_relation};
use super::scope::Scope;
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::game::{Bool, Filter, Int, RegionRef};
use crate::syntax::{Node, NodeKind, Span};

/// The arguments of `(connects ...)` after its head. A connection joins at least two regions:
/// with one, "the group touches R" would read as a connection and hide a forgotten region. A
/// number before one region counts its parts instead: `(connects last adjacent 2 corners)`.
pub fn connects(cx: &mut Context, scope: &mut Scope<'_>, node: &Node, args: &mut Args<'_>, ctx: Ctx) -> Option<Bool> {
    let site = args
        .required(cx, "the site whose group is meant: `to`, `from`, `site` or `last`")
        .and_then(|n| site_var(cx, n, ctx));
    let rel = args.required(cx, "the relation that connects a group").and_then(|n| symmetric_relation(cx, scope, n));
    if args.peek().is_some_and(is_number) {
        let (least, region) = counted(cx, scope, args, ctx)?;
        return Some(Bool::Connects { site: site?, rel: rel?, regions: vec![region], least: Some(least) });
    }
    let items = args.rest();
    let regions: Vec<Option<RegionRef>> =
        items.iter().map(|n| scope.region(n).map_err(|d| d.map(|d| cx.report(d))).ok()).collect();
    if items.len() < 2 && site.is_some() && rel.is_some() {
        let what = if items.is_empty() { "the regions to connect" } else { "a second region" };
        cx.report(
            Args::new(node)
                .missing(what)
                .help("a connection joins two or more regions, such as a player's two sides: `(connects last adjacent side-N side-S)`, or a number of one region's parts: `(connects last adjacent 2 corners)`"),
        );
        return None;
    }
    let regions: Option<Vec<RegionRef>> = regions.into_iter().collect();
    Some(Bool::Connects { site: site?, rel: rel?, regions: regions?, least: None })
}

/// `(encloses SITE RELATION)`: the relation must lead both ways and be made of directions,
/// which tell where the edge of the board is (a site that some direction leads off).
pub fn encloses(cx: &mut Context, scope: &mut Scope<'_>, args: &mut Args<'_>, ctx: Ctx) -> Option<Bool> {
    let site = args
        .required(cx, "the site whose group is meant: `to`, `from`, `site` or `last`")
        .and_then(|n| site_var(cx, n, ctx));
    let rel_node = args.required(cx, "the relation that connects a group");
    let rel = rel_node.and_then(|n| symmetric_relation(cx, scope, n));
    if let (Some(rel), Some(node)) = (rel, rel_node) {
        let board = &scope.setup.board;
        if scope.relation_teams(rel).iter().any(|&v| board.axes(v as usize).is_none()) {
            cx.report(
                Diagnostic::error(
                    codes::NO_DIRECTIONS,
                    format!("the relation `{}` is not made of directions", board.relations[rel as usize].name),
                )
                .label(node.span, "the edge of the board cannot be told along it")
                .help("an enclosure is cut off from the edge, where some direction of the relation leads off the board: use a relation made of directions, such as `adjacent` or `orthogonal`"),
            );
            return None;
        }
    }
    Some(Bool::Encloses { site: site?, rel: rel? })
}

/// `(reachable PIECES REGION RELATION [(avoiding FILTER)])`: the pieces must be pieces (not
/// `empty` or `any`, whose sites have no owner to read a goal for), and the relation must
/// lead both ways, as a path does.
pub fn reachable(cx: &mut Context, scope: &mut Scope<'_>, args: &mut Args<'_>) -> Option<Bool> {
    let pieces_node = args.required(cx, "the pieces that must reach, such as `(occupied pawn)`");
    let pieces = pieces_node.and_then(|n| piece_filter(cx, scope, n));
    let region = args
        .required(cx, "the region each piece must be able to reach (its owner's version)")
        .and_then(|n| scope.region(n).map_err(|d| d.map(|d| cx.report(d))).ok());
    let rel = args.required(cx, "the relation paths follow").and_then(|n| symmetric_relation(cx, scope, n));
    let mut avoid = None;
    if let Some(clause) = args.peek().filter(|n| n.head() == Some("avoiding")) {
        args.next();
        let mut inner = Args::new(clause);
        let filter = inner.required(cx, "what a path may not pass through, such as `(occupied wall)`");
        avoid = Some(filter.and_then(|n| piece_filter(cx, scope, n))?);
        inner.finish(cx);
    }
    if let (Some(Filter::Empty | Filter::Any), Some(node)) = (pieces, pieces_node) {
        cx.report(
            Diagnostic::error(codes::WRONG_TYPE, "only a piece can be asked to reach a region")
                .label(node.span, "picks sites that may hold no piece")
                .help("name the pieces whose owners' goals are meant: `(reachable (occupied pawn) goal orthogonal)`"),
        );
        return None;
    }
    Some(Bool::Reachable { pieces: pieces?, region: region?, rel: rel?, avoid })
}

/// A number written where a region could be: a literal or any list (a region is named by a
/// word, so a list there can only be a number, which `int` then checks: `(count ...)` is
/// reported as not fixed, not as a region that is not one).
fn is_number(node: &Node) -> bool {
    matches!(node.kind, NodeKind::Int(_)) || node.head().is_some()
}

/// `N REGION` of a counted connection: N a fixed number from 1 to the region's parts (for
/// every team's version of an owned region).
fn counted(cx: &mut Context, scope: &mut Scope<'_>, args: &mut Args<'_>, ctx: Ctx) -> Option<(u32, RegionRef)> {
    let count_node = args.next()?;
    let count = int(cx, scope, count_node, ctx);
    let region_node = args.required(cx, "the region whose parts are counted");
    let region = region_node.and_then(|n| scope.region(n).map_err(|d| d.map(|d| cx.report(d))).ok());
    let extra = args.rest();
    if let Some(first) = extra.first() {
        let span = Span { end: extra.last().unwrap_or(first).span.end, ..first.span };
        cx.report(
            Diagnostic::error(codes::EXTRA_ARGUMENT, "a counted connection names one region")
                .label(span, "not expected here")
                .help("with a number, `connects` counts the parts of one region: `(connects last adjacent 3 sides)`; without one, it joins every region listed"),
        );
    }
    let least = match count? {
        Int::Const(v) => v,
        _ => {
            cx.report(
                Diagnostic::error(codes::NOT_CONSTANT, "the number of parts must be fixed")
                    .label(count_node.span, "changes during the game")
                    .help("write a number, or an option's name"),
            );
            return None;
        }
    };
    let region = region?;
    let parts = region.by_team.iter().map(|&i| scope.setup.regions[i as usize].parts.len()).min().unwrap_or(0);
    let name = region_node.and_then(Node::symbol).unwrap_or("the region");
    if least < 1 {
        cx.report(
            Diagnostic::error(codes::OUT_OF_RANGE, format!("touching {least} parts of `{name}` is always true"))
                .label(count_node.span, "must be at least 1")
                .help("a counted connection asks for some parts of the region: `(connects last adjacent 2 corners)`"),
        );
        return None;
    }
    if least > parts as i64 {
        let plural = if parts == 1 { "" } else { "s" };
        cx.report(
            Diagnostic::error(
                codes::OUT_OF_RANGE,
                format!("`{name}` has {parts} part{plural}: no group touches {least} of them"),
            )
            .label(count_node.span, format!("must be from 1 to {parts}"))
            .help("count the parts of a region declared with several, one per corner or side: `(region corners corner-N corner-S ...)`"),
        );
        return None;
    }
    (extra.is_empty()).then_some((least as u32, region))
}

/// `(transpose SITE)`, the site's mirror image with column and row exchanged, and
/// `(quarter-turn SITE)`, where it comes to when the board is turned a quarter clockwise. Only
/// boards that are N×N with `row × N + column` numbering have these symmetries (a rhombus the
/// first only); elsewhere they are refused rather than given a meaning nobody could guess.
pub fn image(cx: &mut Context, scope: &mut Scope<'_>, node: &Node, ctx: Ctx) -> Option<crate::game::Sites> {
    use crate::game::Symmetry;
    let symmetry = if node.head() == Some("quarter-turn") { Symmetry::QuarterTurn } else { Symmetry::Transpose };
    let mut args = Args::new(node);
    let what = match symmetry {
        Symmetry::Transpose => "the site to reflect: `to`, `from`, `site` or `last`",
        Symmetry::QuarterTurn => "the site to turn: `to`, `from`, `site` or `last`",
    };
    let var = args.required(cx, what).and_then(|n| site_var(cx, n, ctx));
    args.finish(cx);
    let shape = &scope.setup.board.shape;
    let (has, message, label, help) = match symmetry {
        Symmetry::Transpose => (
            shape.transposable().is_some(),
            "cannot exchange columns and rows",
            "no such mirror image on this board",
            "`transpose` reflects across the diagonal from `a1` of a square, a rhombus or a rectangle as high as wide",
        ),
        Symmetry::QuarterTurn => (
            shape.turnable().is_some(),
            "cannot be turned a quarter onto itself",
            "no such turned image on this board",
            "`quarter-turn` turns a square, or a rectangle as high as wide",
        ),
    };
    if !has {
        cx.report(
            crate::diagnostic::Diagnostic::error(
                crate::codes::NO_SYMMETRY,
                format!("the board {} {message}", shape.form()),
            )
            .label(node.span, label)
            .help(help),
        );
        return None;
    }
    Some(crate::game::Sites::Image(symmetry, var?))
}
