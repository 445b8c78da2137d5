//! Kinds of piece that belong to nobody (`(pieces queen (arrow neutral))`): where the rules may
//! name them and where they may not.
//!
//! A neutral piece is never a team's, so a filter for a team's pieces of that kind can never
//! match, a team cannot be given one in the setup, and a team's piece cannot become one: each
//! of these is an error here rather than a rule that silently does nothing in play.

use super::args::Args;
use super::scope::Scope;
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::syntax::Node;

/// `(friend K)` or `(enemy K)` with K neutral.
pub fn owned_filter(filter: &Node, name: &str) -> Diagnostic {
    let side = filter.head().unwrap_or("friend");
    Diagnostic::error(codes::NEUTRAL_PIECE, format!("`({side} {name})` can never match: `{name}` belongs to nobody"))
        .label(filter.span, format!("no {side}'s piece is of a kind declared `neutral`"))
        .help(format!("`(occupied {name})` finds the pieces of this kind, whoever moves them"))
}

/// `(promote SITE K)`, or a move's `(promote REGION K...)`, with K neutral.
pub fn promoted_into(kind: &Node, name: &str) -> Diagnostic {
    Diagnostic::error(
        codes::NEUTRAL_PIECE,
        format!("a piece cannot become of the kind `{name}`, which belongs to nobody"),
    )
    .label(kind.span, format!("`{name}` is declared `neutral`"))
    .help(format!(
        "to leave a piece of nobody's in its place, remove it and place one: `(place (to ...) (piece {name}))`"
    ))
}

/// `(place "TEAM" K SITES...)` in the setup with K neutral.
pub fn team_for_neutral(place: &Node, kind: &Node, name: &str) -> Diagnostic {
    let sites = Args::new(place).rest().iter().skip(2).map(ToString::to_string).collect::<Vec<_>>().join(" ");
    Diagnostic::error(codes::NEUTRAL_PIECE, format!("pieces of the kind `{name}` belong to no team"))
        .label(kind.span, format!("`{name}` is declared `neutral`"))
        .help(format!("set it up without a team: `(place {name} {sites})`"))
}

/// `(place "TEAM" SITES...)` in the setup, naming no kind, in a game whose first kind (the one
/// such an entry puts) is neutral: the team would get pieces that belong to nobody, which is
/// never what the author meant.
pub fn default_neutral(place: &Node, name: &str, kinds: &[crate::game::PieceKind]) -> Diagnostic {
    let d = Diagnostic::error(
        codes::NEUTRAL_PIECE,
        format!("this puts pieces of the first kind, `{name}`, which belongs to nobody"),
    )
    .label(place.span, "a team's pieces of a kind that is nobody's");
    let Some(kind) = kinds.iter().find(|k| !k.neutral) else {
        return d.help("declare a team's kind in `(pieces ...)`, and name it here");
    };
    let rest = Args::new(place).rest();
    let team = rest.first().map(ToString::to_string).unwrap_or_default();
    let sites = rest.iter().skip(1).map(ToString::to_string).collect::<Vec<_>>().join(" ");
    d.help(format!(
        "a `place` that names no kind puts the first kind in `(pieces ...)`: name the kind, `(place {team} {} {sites})`",
        kind.name
    ))
}

/// A setup entry that begins with a neutral kind (`(place arrow c3)`): that kind, read.
pub fn setup_kind(scope: &Scope<'_>, args: &mut Args<'_>) -> Option<u8> {
    let word = args.peek()?.symbol()?;
    let k = scope.setup.pieces.iter().position(|k| k.name == word && k.neutral)?;
    args.next();
    Some(k as u8)
}

/// `(put SITES)` in a game whose first kind, the one `put` puts, is neutral.
pub fn put_of_neutral(put: &Node, name: &str) -> Diagnostic {
    Diagnostic::error(
        codes::NEUTRAL_PIECE,
        format!("`put` puts the mover's pieces of the first kind, `{name}`, which belongs to nobody"),
    )
    .label(put.span, "these would be a team's pieces of a kind that is nobody's")
    .help(format!(
        "to put pieces of nobody's, name the kind: `(put SITES (piece {name}))`; for a team's pieces, declare a team's kind first in `(pieces ...)`, the neutral kinds after it"
    ))
}

/// `(hand-size K)` with K neutral: a captured piece joins a hand only if it was a team's.
pub fn held(kind: &Node, name: &str) -> Diagnostic {
    Diagnostic::error(codes::NEUTRAL_PIECE, format!("no hand ever holds a `{name}`, which belongs to nobody"))
        .label(
            kind.span,
            format!("`{name}` is declared `neutral`, and a piece of nobody's is never captured into a hand"),
        )
        .help(format!("`(count (occupied {name}) any)` counts them on the board"))
}
