//! `(links BOARD STEP...)`: a board with a site for each link that may join two of its sites
//! a STEP apart (TwixT's pegs a knight's move apart). See [`crate::board::links`].

use super::Context;
use crate::board::{Shape, Topology, links};
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::syntax::Node;

/// Checks the base board and the steps, and builds the board with its link sites.
pub fn links(cx: &mut Context, generator: &Node, base: &Node, steps: &[Node]) -> Option<Topology> {
    if base.head() == Some("links") {
        cx.report(
            Diagnostic::error(codes::BAD_BOARD, "a board has one set of links")
                .label(base.span, "links of links")
                .help("list every step in one `(links BOARD STEP...)`"),
        );
        return None;
    }
    let board = super::setup::generate(cx, base)?;
    // The terminal and the picture draw link sites on a grid of points only.
    if !matches!(board.shape, Shape::Square { .. } | Shape::Rectangle { .. }) {
        cx.report(
            Diagnostic::error(
                codes::BAD_BOARD,
                format!("links join the points of a square or a rectangle, not of {}", board.shape.form()),
            )
            .label(base.span, "not a grid of points")
            .help("TwixT's board is `(links (square 24) (N N E) (N N W) (E E N) (E E S))`"),
        );
        return None;
    }
    if steps.is_empty() {
        cx.report(
            Diagnostic::error(codes::MISSING_ARGUMENT, "`links` needs the steps between the sites it joins")
                .label(generator.span.last_char(), "expected a step such as `(N N E)` before this `)`")
                .help("TwixT links holes a knight's move apart: `(links (square 24) (N N E) (N N W) (E E N) (E E S))`"),
        );
        return None;
    }
    let mut pairs = Vec::new();
    for step in steps {
        let joined = links::pairs(&board, &path(cx, step, &board)?);
        if joined.is_empty() {
            cx.report(
                Diagnostic::error(codes::BAD_BOARD, format!("the step `{}` joins no two sites", written(step)))
                    .label(step.span, "leads off the board, or back where it starts, from every site")
                    .help("a step is the directions from one end of a link to the other, such as `(N N E)`"),
            );
            return None;
        }
        pairs.extend(joined);
    }
    links::build(board, pairs)
        .map_err(|n| {
            cx.report(
                Diagnostic::error(codes::OUT_OF_RANGE, format!("the board with its links has {n} sites"))
                    .label(generator.span, "too many sites")
                    .help("a board has at most 65535 sites, links included: make it smaller"),
            )
        })
        .ok()
}

/// One step: a list of the board's directions, `(N N E)`, as direction indices.
fn path(cx: &mut Context, step: &Node, board: &Topology) -> Option<Vec<usize>> {
    let items = match step.list() {
        Some(items) if !items.is_empty() => items,
        _ => {
            cx.report(
                Diagnostic::error(
                    codes::WRONG_TYPE,
                    format!("a step is a list of directions, not {}", step.describe()),
                )
                .label(step.span, "expected a step such as `(N N E)`")
                .help("a step lists the directions from one end of a link to the other: `(N N E)` is a knight's move"),
            );
            return None;
        }
    };
    let mut path = Vec::with_capacity(items.len());
    for item in items {
        let Some(name) = item.symbol() else {
            cx.report(
                Diagnostic::error(codes::WRONG_TYPE, format!("a step's part is a direction, not {}", item.describe()))
                    .label(item.span, "expected a direction such as `N`"),
            );
            return None;
        };
        match board.directions.iter().position(|d| d.name == name) {
            Some(d) => path.push(d),
            None => {
                let names: Vec<&str> = board.directions.iter().map(|d| d.name).collect();
                let d = super::compass::unknown_direction(item, name, board).unwrap_or_else(|| {
                    Diagnostic::error(codes::UNKNOWN_DIRECTION, format!("`{name}` is not a direction of this board"))
                        .label(item.span, "not a direction")
                        .help(format!("its directions are {}", names.join(" ")))
                });
                cx.report(d);
                return None;
            }
        }
    }
    Some(path)
}

/// A step as the file writes it, `(N N E)`.
fn written(step: &Node) -> String {
    let names: Vec<&str> = step.list().unwrap_or_default().iter().filter_map(Node::symbol).collect();
    format!("({})", names.join(" "))
}
