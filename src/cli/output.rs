//! Printing shared by the commands: diagnostics, JSON.

use std::io::IsTerminal;

use crate::diagnostic::{Diagnostic, Sources};

/// Whether stderr gets colour: a terminal, and `NO_COLOR` unset.
pub fn color_stderr() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// Width for rendered diagnostics: the terminal's, else a fixed 100 so that piped output is
/// stable.
fn width() -> usize {
    if std::io::stderr().is_terminal() {
        if let Some(cols) = std::env::var("COLUMNS").ok().and_then(|c| c.parse().ok()) {
            return cols;
        }
    }
    100
}

/// At most this many diagnostics of one file are shown; a file with thousands of errors is
/// better fixed from the first ones.
pub const SHOWN: usize = 50;

pub fn print_diagnostics(sources: &Sources, diagnostics: &[Diagnostic]) {
    let color = color_stderr();
    let width = width();
    for d in diagnostics.iter().take(SHOWN) {
        eprint!("{}", sources.render(d, color, width));
    }
    if diagnostics.len() > SHOWN {
        eprintln!("… and {} more", diagnostics.len() - SHOWN);
    }
}

/// Prints one JSON value on stdout.
pub fn print_json(value: &serde_json::Value) {
    println!("{}", serde_json::to_string_pretty(value).unwrap_or_else(|_| "null".into()));
}

/// `team_wins` of every `--json` output that reports results: games won per team, keyed by the
/// team's name, each game counted once however many players the team has (`playout`'s `wins`
/// keeps the contract's per-player count). `wins` holds one count per team, in team order.
pub fn team_wins_json(game: &crate::game::Game, wins: &[u64]) -> serde_json::Value {
    let map: serde_json::Map<String, serde_json::Value> = game
        .teams
        .iter()
        .enumerate()
        .map(|(t, team)| (team.clone(), wins.get(t).copied().unwrap_or(0).into()))
        .collect();
    serde_json::Value::Object(map)
}

/// `team_wins` of one game: 1 for the team that won it, 0 for the others (all 0 while it goes
/// on, or after a draw).
pub fn game_team_wins_json(engine: &crate::engine::Engine, state: &crate::engine::State) -> serde_json::Value {
    let game = engine.game();
    let mut wins = vec![0; game.teams.len()];
    if let Some(team) = engine.outcome(state).and_then(|o| o.winner) {
        if let Some(w) = wins.get_mut(team) {
            *w = 1;
        }
    }
    team_wins_json(game, &wins)
}
