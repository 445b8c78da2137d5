//! What an action did beyond its own stone, in words, found by comparing the position before
//! and after it (as `crate::analyze` counts them): the game's rules are never named here, so
//! every game gets the same sentences.

use crate::engine::{Action, ActionKind, EndReason, Engine, State};

/// One line per kind of event the action caused (none for a plain move).
pub fn said(engine: &Engine, before: &State, after: &State, action: Action) -> Vec<String> {
    let game = engine.game();
    let moved_from = matches!(action.kind, ActionKind::Slide | ActionKind::Relocate).then_some(action.from);
    let moved_to =
        matches!(action.kind, ActionKind::Place | ActionKind::Slide | ActionKind::Relocate).then_some(action.to);
    let mut removed = Vec::new();
    let mut put = Vec::new();
    let mut turned = Vec::new();
    for site in 0..game.board.sites.len() as u16 {
        match (engine.stone(before, site), engine.stone(after, site)) {
            (Some(_), None) if Some(site) != moved_from => removed.push(engine.label(site).to_string()),
            (None, Some(_)) if Some(site) != moved_to => put.push(engine.label(site).to_string()),
            (Some(a), Some(b)) if a != b && Some(site) != moved_to => turned.push(engine.label(site).to_string()),
            _ => {}
        }
    }
    let mut lines = Vec::new();
    if !removed.is_empty() {
        lines.push(format!("{} {} removed", join(&removed), if removed.len() == 1 { "was" } else { "were" }));
    }
    if !put.is_empty() {
        lines.push(format!("a stone was put on {}", join(&put)));
    }
    if !turned.is_empty() {
        lines.push(format!("{} changed owner", join(&turned)));
    }
    for (a, name) in game.allowances.iter().enumerate() {
        if before.allowance(a) <= 0 && after.allowance(a) > 0 {
            lines.push(format!("an extra action is granted ({name}: {})", after.allowance(a)));
        }
    }
    if let (None, Some(outcome)) = (engine.outcome(before), engine.outcome(after)) {
        lines.push(match outcome.reason {
            EndReason::Rule(i) => {
                format!("the game ends by the rule {}", game.end_text.get(i).map(String::as_str).unwrap_or(""))
            }
            EndReason::Blocked => "the game ends: the player to move has no legal action".to_string(),
            EndReason::Effect => "the game ends by the effect of this action".to_string(),
        });
    }
    lines
}

/// "a, b and c".
fn join(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
