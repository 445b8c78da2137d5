//! What an action did beyond its own stone, in words, found by comparing the position before
//! and after it (as `crate::analyze` counts them). The rules' text is never quoted: an end is
//! said in the file's words where it gives them (`describe`), else in sentences that every game
//! shares.

use crate::engine::{Action, ActionKind, EndReason, Engine, State};
use crate::game::{Bool, EndRule, Game, Int};

/// One line per kind of event the action caused (none for a plain move).
pub fn said(engine: &Engine, before: &State, after: &State, action: Action) -> Vec<String> {
    let game = engine.game();
    let moved_from = matches!(action.kind, ActionKind::Slide | ActionKind::Relocate).then_some(action.from);
    let moved_to =
        matches!(action.kind, ActionKind::Place | ActionKind::Slide | ActionKind::Relocate).then_some(action.to);
    let mut removed = Vec::new();
    let mut put = Vec::new();
    let mut linked = Vec::new();
    let mut turned = Vec::new();
    for site in 0..game.board.sites.len() as u16 {
        match (engine.stone(before, site), engine.stone(after, site)) {
            (Some(_), None) if Some(site) != moved_from => removed.push(engine.label(site).to_string()),
            // A link joins two pegs; a groove or crossing filled is part of a wall, which the
            // action names.
            (None, Some(_)) if game.board.link_ends(site as usize).is_some() => {
                linked.push(engine.label(site).to_string())
            }
            (None, Some(_)) if !game.board.is_cell(site as usize) => {}
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
    if !linked.is_empty() {
        lines.push(format!("{} {} linked", join(&linked), if linked.len() == 1 { "is" } else { "are" }));
    }
    if !turned.is_empty() {
        lines.push(format!("{} changed owner", join(&turned)));
    }
    // An allowance is said only where it grants actions (a stage's bounds read it), and then
    // without its name: the others are the rules' own bookkeeping (a fifty-move clock).
    for a in (0..game.allowances.len()).filter(|&a| grants_actions(game, a)) {
        if before.allowance(a) <= 0 && after.allowance(a) > 0 {
            lines.push(match after.allowance(a) {
                1 => "an extra action is granted".to_string(),
                n => format!("{n} extra actions are granted"),
            });
        }
    }
    if let (None, Some(outcome)) = (engine.outcome(before), engine.outcome(after)) {
        lines.push(match outcome.reason {
            EndReason::Rule(i) => {
                match game.end_said.get(i).and_then(Option::as_deref).or_else(|| game.end.get(i).and_then(reason)) {
                    Some(why) => format!("the game ends: {why}"),
                    None => "the game ends".to_string(),
                }
            }
            EndReason::Blocked => "the game ends: the player to move has no legal action".to_string(),
            EndReason::Effect => "the game ends by the effect of this action".to_string(),
        });
    }
    lines
}

/// Whether allowance `a` is read by the bounds of a stage: what it allows is more actions.
fn grants_actions(game: &Game, a: usize) -> bool {
    let stages = game.phases.iter().flat_map(|p| &p.stages);
    let mut reads = false;
    for stage in stages {
        for bound in [&stage.min, &stage.max] {
            bound.walk(&mut |i| reads |= matches!(i, Int::Allowance(x) if *x == a));
        }
    }
    reads
}

/// Why an end rule ended the game, in players' words, where its condition says it plainly
/// (when the file does not `describe` it): the first such condition among those that must all
/// hold. Never the rule's text.
fn reason(rule: &EndRule) -> Option<&'static str> {
    fn plain(c: &Bool) -> Option<&'static str> {
        match c {
            Bool::NoMoves => Some("the player to move has no legal action"),
            Bool::NobodyCanMove => Some("nobody can move"),
            Bool::BoardFull => Some("the board is full"),
            Bool::AllPassed => Some("every player passed in turn"),
            Bool::And(all) => all.iter().find_map(plain),
            _ => None,
        }
    }
    match rule {
        EndRule::When { condition, .. } => plain(condition),
        EndRule::Repetition { .. } => Some("the same position came again"),
        EndRule::TurnLimit { .. } => Some("the turn limit is reached"),
    }
}

/// "a, b and c".
fn join(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
