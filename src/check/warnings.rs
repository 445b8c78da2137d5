//! Warnings: rules that are valid but probably not what the author meant — something declared
//! and never used, a variant that changes nothing, an `until` with no phase after it.

use super::document::Document;
use super::{Context, Declared, Usage};
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::game::Game;

/// Everything declared that no variant's rules use.
pub fn unused(declared: &[Declared], used: &Usage) -> Vec<Diagnostic> {
    declared
        .iter()
        .filter(|d| {
            let set = match d.kind {
                "option" => &used.options,
                "define" => &used.defines,
                "counter" => &used.counters,
                "allowance" => &used.allowances,
                _ => &used.regions,
            };
            !set.contains(&d.name)
        })
        .map(|d| {
            Diagnostic::warning(codes::UNUSED, format!("{} `{}` is never used", d.kind, d.name))
                .label(d.span, "declared here")
                .help("no rule of any variant refers to it; remove it, or use it in the rules")
        })
        .collect()
}

/// A variant other than the default that overrides nothing, or only repeats what the game
/// already says.
pub fn variants(cx: &mut Context, doc: &Document<'_>) {
    // The default: the one marked, else the first.
    let default = doc.variants.iter().position(|v| v.is_default).unwrap_or(0);
    for (_, v) in doc.variants.iter().enumerate().filter(|(i, _)| *i != default) {
        let repeats = v.defines.iter().all(|d| doc.defines.iter().any(|base| base.name == d.name && base.same(d)));
        if v.sections.is_empty() && repeats {
            cx.report(
                Diagnostic::warning(codes::UNUSED, format!("variant \"{}\" changes nothing", v.name))
                    .label(v.span, "same rules as the game without a variant")
                    .help("give it a `(define ...)` or a section that differs, or remove it"),
            );
        }
    }
}

/// An `until` on a game with a single phase: there is nowhere to go.
pub fn phases(cx: &mut Context, doc: &Document<'_>, game: Option<&Game>) {
    let Some(game) = game else { return };
    if let [only] = &game.phases[..] {
        if only.until.is_some() {
            let _ = doc;
            cx.report(
                Diagnostic::warning(codes::UNUSED, "`until` has no effect in a game with one phase")
                    .label(only.span.first_char(), "no phase follows this one")
                    .help("`until` says when a player moves on to the next `(phase ...)`"),
            );
        }
    }
}

/// No end rule can ever fire and no effect ends the game: it ends only when a player cannot
/// begin his turn — and never, if every phase answers that with a `pass`.
pub fn no_end(cx: &mut Context, doc: &Document<'_>, game: Option<&Game>) {
    use crate::game::{Blocked, Bool, EndRule};
    let (Some(game), Some(end)) = (game, doc.sections.end) else { return };
    let can_fire = |rule: &EndRule| match rule {
        EndRule::When { condition, .. } => !matches!(condition, Bool::Const(false)),
        EndRule::Repetition { count, .. } => *count > 0,
        EndRule::TurnLimit { turns, .. } => *turns > 0,
    };
    if game.end.iter().any(can_fire) || game.phases.iter().any(|p| p.ends_game_by_effect()) {
        return;
    }
    let passes = game.phases.iter().all(|p| p.blocked == Blocked::Pass);
    let (message, label) = if passes {
        ("this game can never end", "no end rule here can ever fire, and a player who cannot move passes")
    } else {
        ("no end rule can ever fire", "the game ends only when a player cannot begin his turn")
    };
    cx.report(
        Diagnostic::warning(codes::NO_END, message)
            .label(end.span, label)
            .help("add `(turn-limit N)`, `(repetition 3)` or a `(when CONDITION OUTCOME)` that can hold"),
    );
}
