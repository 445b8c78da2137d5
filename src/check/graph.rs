//! `(board (graph W H (sites LABEL...) (edges (LABEL LABEL...)...)))`: the points of a W×H
//! grid that are sites, and the paths of edges that join them ([`crate::board::graph`]).

use std::collections::HashMap;

use super::Context;
use super::args::{Args, wrong_kind};
use super::expr::constant;
use super::similar;
use crate::board::{Topology, graph, square};
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::syntax::{Node, Span};

const USAGE: &str = "write `(graph 7 7 (sites a1 d1 g1 ...) (edges (a1 d1 g1) ...))`: the grid, its points that are \
                     sites, and paths of edges between them";

/// The board of `(graph ...)`, the generator's arguments in `g`.
pub fn build(cx: &mut Context, generator: &Node, g: &mut Args<'_>) -> Option<Topology> {
    let width = dimension(cx, g, "the width (columns)");
    let height = dimension(cx, g, "the height (rows)");
    let sites = g.required(cx, "the sites, `(sites a1 d1 ...)`");
    if let Some(edges) = sites.filter(|n| n.head() == Some("edges")) {
        cx.report(
            Diagnostic::error(codes::MISSING_ARGUMENT, "the graph's sites are missing")
                .label(edges.span.first_char(), "expected `(sites ...)` before the edges")
                .help(USAGE),
        );
        return None;
    }
    let edges = g.required(cx, "the edges, `(edges (a1 d1 g1) ...)`");
    let (width, height, sites, edges) = (width?, height?, sites?, edges?);
    let points = points(cx, sites, width, height)?;
    let (pairs, pair_spans) = paths(cx, edges, &points)?;
    if points.len() < 2 {
        cx.report(
            Diagnostic::error(codes::BAD_BOARD, "a graph needs at least 2 sites")
                .label(sites.span, "too few sites")
                .help(USAGE),
        );
        return None;
    }
    let coordinates: Vec<(usize, usize)> = points.iter().map(|(_, at)| *at).collect();
    match graph::build(width, height, &coordinates, &pairs) {
        Ok(board) => Some(board),
        Err(graph::GraphError::TwoWays { edge, first, direction }) => {
            let from = label_from(&points, pairs[edge], pairs[first]);
            cx.report(
                Diagnostic::error(codes::BAD_BOARD, format!("two edges leave `{from}` towards {direction}"))
                    .label(pair_spans[edge], format!("runs {direction} from `{from}`"))
                    .label(pair_spans[first], "and so does this edge")
                    .label(generator.span.first_char(), "in this graph")
                    .help(format!(
                        "a site has at most one neighbour each way, so that lines and rays are well defined: \
                         join `{from}` to the nearer site, and that site to the farther"
                    )),
            );
            None
        }
    }
}

/// The site two edges share.
fn label_from(points: &[(String, (usize, usize))], a: (usize, usize), b: (usize, usize)) -> String {
    let shared = if a.0 == b.0 || a.0 == b.1 { a.0 } else { a.1 };
    points[shared].0.clone()
}

fn dimension(cx: &mut Context, g: &mut Args<'_>, what: &str) -> Option<usize> {
    let node = g.required(cx, what)?;
    let n = constant(cx, node)?;
    if !(1..=square::MAX_SIZE as i64).contains(&n) {
        cx.report(
            Diagnostic::error(codes::OUT_OF_RANGE, format!("board size {n} is out of range"))
                .label(node.span, format!("`graph` takes 1 to {}", square::MAX_SIZE)),
        );
        return None;
    }
    Some(n as usize)
}

/// The column and row of a grid label (`c3` → (2, 2)).
fn grid_point(label: &str) -> Option<(usize, usize)> {
    let split = label.find(|c: char| !c.is_ascii_lowercase())?;
    let (letters, digits) = label.split_at(split);
    if letters.is_empty() || digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let column = letters.bytes().try_fold(0usize, |n, b| n.checked_mul(26)?.checked_add(usize::from(b - b'a') + 1))?;
    let row: usize = digits.parse().ok()?;
    Some((column - 1, row - 1))
}

type Points = Vec<(String, (usize, usize))>;

/// The edges, as pairs of indices into the points, with where each is written.
type Edges = (Vec<(usize, usize)>, Vec<Span>);

/// `(sites LABEL...)`: each a point of the grid, listed once.
fn points(cx: &mut Context, form: &Node, width: usize, height: usize) -> Option<Points> {
    if form.head() != Some("sites") {
        cx.report(wrong_kind(form, "the sites of a graph", "`(sites a1 d1 ...)`").help(USAGE));
        return None;
    }
    let mut args = Args::new(form);
    let (mut out, mut spans): (Points, Vec<Span>) = (Vec::new(), Vec::new());
    // Where each label was first listed: a large graph is checked in one pass.
    let mut listed: HashMap<String, usize> = HashMap::new();
    let mut ok = true;
    for item in args.rest() {
        let Some(label) = item.symbol() else {
            cx.report(wrong_kind(item, "a site of a graph", "a label of its grid, such as `a1`"));
            ok = false;
            continue;
        };
        let Some(at) = grid_point(label).filter(|&(c, r)| c < width && r < height) else {
            let last = format!("{}{height}", square::column_letters(width - 1));
            cx.report(
                Diagnostic::error(codes::BAD_BOARD, format!("`{label}` is not a point of the {width}×{height} grid"))
                    .label(item.span, "not on the grid")
                    .help(format!("a site is named as on a square board, from `a1` at the bottom left to `{last}`")),
            );
            ok = false;
            continue;
        };
        if let Some(&first) = listed.get(label) {
            cx.report(
                Diagnostic::error(codes::DUPLICATE, format!("site `{label}` is listed twice"))
                    .label(item.span, "listed again here")
                    .label(spans[first], "first listed here"),
            );
            ok = false;
            continue;
        }
        listed.insert(label.to_string(), out.len());
        out.push((label.to_string(), at));
        spans.push(item.span);
    }
    ok.then_some(out)
}

/// `(edges PATH...)`: each path a list of two or more sites, each joined to the next.
fn paths(cx: &mut Context, form: &Node, points: &Points) -> Option<Edges> {
    if form.head() != Some("edges") {
        cx.report(wrong_kind(form, "the edges of a graph", "`(edges (a1 d1 g1) ...)`").help(USAGE));
        return None;
    }
    let index: HashMap<&str, usize> = points.iter().enumerate().map(|(i, (l, _))| (l.as_str(), i)).collect();
    let mut args = Args::new(form);
    let (mut pairs, mut pair_spans): (Vec<(usize, usize)>, Vec<Span>) = (Vec::new(), Vec::new());
    // Each edge, its ends in order, and where it was first listed.
    let mut joined: HashMap<(usize, usize), usize> = HashMap::new();
    let mut ok = true;
    for path in args.rest() {
        let Some(items) = path.list().filter(|items| items.len() >= 2) else {
            cx.report(
                wrong_kind(path, "a path of edges", "a list of two or more sites, such as `(a1 d1 g1)`")
                    .help("each site of a path is joined to the next"),
            );
            ok = false;
            continue;
        };
        let mut previous: Option<(usize, Span)> = None;
        for item in items {
            let site = match item.symbol().and_then(|l| index.get(l)) {
                Some(&i) => i,
                None => {
                    let mut d =
                        Diagnostic::error(codes::BAD_BOARD, format!("{} is not a site of this graph", item.describe()))
                            .label(item.span, "not among the sites");
                    if let Some(hint) =
                        item.symbol().and_then(|l| similar::did_you_mean(l, points.iter().map(|(p, _)| p.as_str())))
                    {
                        d = d.help(hint);
                    } else {
                        d = d.help("an edge joins two of the sites listed in `(sites ...)`");
                    }
                    cx.report(d);
                    ok = false;
                    previous = None;
                    continue;
                }
            };
            if let Some((before, at)) = previous {
                // From the first site's label to the second's, when both are written in order
                // in one place (not brought in by a define).
                let span = if at.source == item.span.source && at.start <= item.span.start {
                    Span::new(at.source, at.start as usize, item.span.end as usize)
                } else {
                    item.span
                };
                let pair = (before.min(site), before.max(site));
                if before == site {
                    cx.report(
                        Diagnostic::error(codes::BAD_BOARD, format!("an edge joins `{}` to itself", points[site].0))
                            .label(span, "the same site twice"),
                    );
                    ok = false;
                } else if let Some(&first) = joined.get(&pair) {
                    cx.report(
                        Diagnostic::error(
                            codes::DUPLICATE,
                            format!("the edge `{}`–`{}` is listed twice", points[before].0, points[site].0),
                        )
                        .label(span, "listed again here")
                        .label(pair_spans[first], "first listed here"),
                    );
                    ok = false;
                } else {
                    joined.insert(pair, pairs.len());
                    pairs.push((before, site));
                    pair_spans.push(span);
                }
            }
            previous = Some((site, item.span));
        }
    }
    ok.then_some((pairs, pair_spans))
}
