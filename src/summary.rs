//! One-line summaries of a game and of how a game stands, shared by the command line and the
//! server (which must not reach up into `cli` for them).

use crate::engine::{Engine, State};
use crate::game::Game;

/// "Watershed — Plateau (size=9)": the game as loaded, for headings.
pub fn title(game: &Game) -> String {
    let mut t = game.name.clone();
    if let Some(v) = &game.variant {
        t.push_str(&format!(" — {v}"));
    }
    let options: Vec<String> = game.options.iter().map(|o| format!("{}={}", o.name, o.show(o.value))).collect();
    if !options.is_empty() {
        t.push_str(&format!(" ({})", options.join(", ")));
    }
    t
}

/// One line saying how the game stands: who is to move, or how it ended.
pub fn result_line(engine: &Engine, state: &State) -> String {
    let game = engine.game();
    let Some(outcome) = engine.outcome(state) else {
        let mover = engine.to_move(state).map(|p| game.players[p].name.clone()).unwrap_or_default();
        return format!("turn {}: {mover} to move", state.turns_completed() + 1);
    };
    let mut line = match outcome.winner {
        Some(team) => format!("{} wins", game.teams[team]),
        None => "draw".to_string(),
    };
    if let Some(scores) = &outcome.scores {
        let s: Vec<String> = game.teams.iter().zip(scores).map(|(t, v)| format!("{t} {v}")).collect();
        line.push_str(&format!(" (scores: {})", s.join(", ")));
    }
    line.push_str(&format!(" after {} turns, {} actions", state.turns(), state.actions()));
    line
}
