//! `(pass [NAME] [(where ...)] [(then ...)])`: a turn given up by choice, as a move beside the
//! others of a stage. A named pass (`(pass swap ...)`) is the same kind of move with an action
//! text of its own, so that a game can offer a stoneless decision such as Hex's swap.

use super::Context;
use super::args::wrong_kind;
use super::expr::{Ctx, boolean};
use super::rules::effects;
use super::scope::{KEYWORDS, POISON, Scope};
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::game::{Filter, Move, MoveKind, Sites};
use crate::syntax::{Node, NodeKind, Span};

/// A checked `(pass ...)` move.
pub fn pass_move(cx: &mut Context, scope: &mut Scope<'_>, node: &Node) -> Option<Move> {
    // Nothing is bound: a pass has no destination and no origin; `last` is bound everywhere.
    let ctx = Ctx { play: true, ..Ctx::default() };
    let mut name = 0u16;
    let mut conditions = Vec::new();
    let mut condition_text = Vec::new();
    let mut then = Vec::new();
    let mut ok = true;
    let mut seen: Vec<(&str, Span)> = Vec::new();
    for (i, clause) in node.args().iter().enumerate() {
        let Some(head) = clause.head() else {
            match clause.symbol() {
                Some(word) if i == 0 && word != POISON => match action_name(clause, word, scope) {
                    Ok(n) => name = n,
                    Err(d) => {
                        cx.report(d);
                        ok = false;
                    }
                },
                Some(POISON) => ok = false,
                _ if matches!(clause.kind, NodeKind::Braces(_) | NodeKind::Named(..)) => ok = false,
                _ => {
                    cx.report(
                        wrong_kind(clause, "a clause of `pass`", "`(where ...)` or `(then ...)`").help(
                            "usage: (pass [NAME] [(where CONDITION...)] [(then EFFECT...)]); the name comes first",
                        ),
                    );
                    ok = false;
                }
            }
            continue;
        };
        if let Some((_, first)) = seen.iter().find(|(s, _)| *s == head) {
            cx.report(super::rules::clause_twice(head, "pass", clause, *first));
            ok = false;
            continue;
        }
        seen.push((head, clause.span.first_char()));
        match head {
            "where" => {
                let items = clause.args();
                if items.is_empty() {
                    cx.report(super::args::Args::new(clause).missing("a condition"));
                    ok = false;
                }
                condition_text = items.iter().map(super::expr::failure).collect();
                let checked: Vec<Option<_>> = items.iter().map(|n| boolean(cx, scope, n, ctx)).collect();
                match checked.into_iter().collect::<Option<Vec<_>>>() {
                    Some(c) => conditions = c,
                    None => ok = false,
                }
            }
            "then" => match effects(cx, scope, clause.args(), ctx) {
                Some(e) => then = e,
                None => ok = false,
            },
            _ => {
                let why = match head {
                    "to" | "from" | "along" => " (a pass moves no stone)",
                    "require" => " (a pass changes no stone to constrain)",
                    _ => "",
                };
                cx.report(
                    Diagnostic::error(codes::WRONG_PLACE, format!("`pass` has no `({head} ...)` clause{why}"))
                        .label(clause.span.first_char(), "not a clause of this move")
                        .help(super::rules::clause_help(head, "where, then")),
                );
                ok = false;
            }
        }
    }
    if !ok {
        return None;
    }
    Some(Move {
        kind: MoveKind::Pass { name },
        from: Sites::Filter(Filter::Empty),
        to: Sites::Filter(Filter::Empty),
        conditions,
        require: Vec::new(),
        then,
        condition_text,
        require_text: Vec::new(),
        span: node.span,
        capture: None,
        range: Some(1),
        piece: 0,
        after: Vec::new(),
        after_text: Vec::new(),
        after_words: Vec::new(),
        no_repeat: None,
        promote: None,
        drops: Vec::new(),
    })
}

/// The index of a pass's name (0 for `pass`), registering a new one. The name is the action's
/// text, so it must read as nothing else: not `end`, not a site's label, and only letters (a
/// `-` or `>` would read as a slide or a relocation).
fn action_name(node: &Node, word: &str, scope: &mut Scope<'_>) -> Result<u16, Diagnostic> {
    if word == "pass" {
        return Ok(0);
    }
    let bad = |why: &str| {
        Diagnostic::error(codes::WRONG_TYPE, format!("`{word}` cannot name a pass: {why}"))
            .label(node.span, "the name of this pass is its action's text")
            .help("name it with lowercase letters, such as `swap`, or write `(pass)` for the action `pass`")
    };
    if !word.chars().all(|c| c.is_ascii_lowercase()) {
        return Err(bad("a name is lowercase letters only"));
    }
    if word == "end" || KEYWORDS.contains(&word) {
        return Err(bad("it is a word with a meaning of its own"));
    }
    if scope.setup.board.site(word).is_some() {
        return Err(bad("it is the label of a site"));
    }
    Ok(scope.pass_name(word))
}
