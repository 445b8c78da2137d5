//! `(priority MOVE...)` among a stage's moves: moves that, whenever one of them can be made,
//! are the only ones offered. This is "if a capture is possible, a capture must be made",
//! stated once beside the moves it takes precedence over instead of as extra stages.

use super::Context;
use super::args::Args;
use super::rules::move_;
use super::scope::Scope;
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::game::Move;
use crate::syntax::{Node, Span};

/// The span of a form's head word (`priority` in `(priority ...)`).
fn head_span(node: &Node) -> Span {
    node.list().and_then(|items| items.first()).map_or(node.span, |head| head.span)
}

/// The moves of `(actions ...)`, the preferred ones first, and how many are preferred.
pub(super) fn stage_moves(cx: &mut Context, scope: &mut Scope<'_>, items: &[Node]) -> (Option<Vec<Move>>, usize) {
    let mut preferred: Vec<Option<Move>> = Vec::new();
    let mut others: Vec<Option<Move>> = Vec::new();
    let mut first: Option<&Node> = None;
    let mut ok = true;
    for item in items {
        if item.head() != Some("priority") {
            others.push(move_(cx, scope, item));
            continue;
        }
        if let Some(earlier) = first {
            cx.report(
                Diagnostic::error(codes::DUPLICATE, "two `priority` forms in one stage")
                    .label(head_span(item), "second one")
                    .label(head_span(earlier), "first one")
                    .help("put every move that takes precedence in one `(priority ...)`"),
            );
            ok = false;
            continue;
        }
        first = Some(item);
        let mut args = Args::new(item);
        let moves = args.rest();
        if moves.is_empty() {
            cx.report(args.missing("at least one move, such as `(hop ...)`"));
            ok = false;
        }
        for m in moves {
            if m.head() == Some("priority") {
                cx.report(
                    Diagnostic::error(codes::WRONG_PLACE, "`priority` inside `priority`")
                        .label(head_span(m), "nested")
                        .help("a stage has one level of precedence: the moves in `(priority ...)` before the others"),
                );
                ok = false;
                continue;
            }
            preferred.push(move_(cx, scope, m));
        }
    }
    if let Some(form) = first {
        if others.is_empty() && ok {
            cx.report(
                Diagnostic::error(codes::WRONG_PLACE, "`priority` over nothing")
                    .label(head_span(form), "every move of the stage is in it")
                    .help("write the moves it takes precedence over beside it in the stage: `(actions 1 (priority (hop ...)) (slide ...))`"),
            );
            ok = false;
        }
    }
    let count = preferred.len();
    let moves: Option<Vec<Move>> = preferred.into_iter().chain(others).collect();
    (moves.filter(|_| ok), count)
}

/// `(priority ...)` written where a stage is expected, not inside `(actions ...)`.
pub(super) fn outside_actions(cx: &mut Context, node: &Node) {
    cx.report(
        Diagnostic::error(codes::WRONG_PLACE, "`priority` must be inside `(actions ...)`")
            .label(head_span(node), "a stage of its own")
            .help("write it beside the moves it takes precedence over: `(actions 1 (priority (hop ...)) (slide ...))`"),
    );
}
