//! Helpers shared by the rule tests: load a game, play actions written as text, inspect.
#![allow(dead_code)]

pub mod chess_referee;
pub mod fen;
pub mod models;

use std::path::Path;

use tabula::check::{Selection, check_str, load};
use tabula::engine::{Engine, Setup, State};

/// Loads a bundled game with a variant (`""`: the default, or a game without variants) and
/// `KEY=VALUE` options.
pub fn engine(file: &str, variant: &str, sets: &[&str]) -> Engine {
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    let selection = Selection::new((!variant.is_empty()).then(|| variant.to_string()), &sets).expect("selection");
    match load(Path::new(file), &selection) {
        Ok((_, game)) => Engine::new(game),
        Err(e) => panic!("{file} does not load: {e:?}"),
    }
}

/// Checks a game written inline (for tests of single ludemes).
pub fn inline(text: &str) -> Engine {
    engine_text(text, &[])
}

/// [`inline`] with `KEY=VALUE` options.
pub fn engine_text(text: &str, sets: &[&str]) -> Engine {
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    let selection = Selection::new(None, &sets).expect("selection");
    let (sources, checked) = check_str("inline.game", text, &selection);
    let checked = checked.expect("selection");
    if checked.has_errors() {
        let rendered: Vec<String> = checked.diagnostics.iter().map(|d| sources.render(d, false, 100)).collect();
        panic!("inline game has errors:\n{}", rendered.join("\n"));
    }
    Engine::new(checked.game.expect("game"))
}

/// Plays space-separated actions; panics with the reason if one is illegal.
pub fn play(engine: &Engine, state: &mut State, actions: &str) {
    for a in actions.split_whitespace() {
        if let Err(e) = engine.play(state, a) {
            panic!("{e}\nlegal: {:?}", legal(engine, state));
        }
    }
}

/// The reason an action is refused; panics if it is legal.
pub fn refuse(engine: &Engine, state: &mut State, action: &str) -> String {
    match engine.play(state, action) {
        Ok(()) => panic!("`{action}` was accepted"),
        Err(e) => e.reason,
    }
}

pub fn legal(engine: &Engine, state: &State) -> Vec<String> {
    engine.legal(state).iter().map(|&a| engine.action_text(a)).collect()
}

pub fn is_legal(engine: &Engine, state: &State, action: &str) -> bool {
    legal(engine, state).iter().any(|a| a == action)
}

pub fn site(engine: &Engine, label: &str) -> u16 {
    engine.site(label).unwrap_or_else(|| panic!("no site {label}"))
}

/// Labels of a team's stones, ascending by site.
pub fn stones(engine: &Engine, state: &State, team: usize) -> Vec<String> {
    (0..engine.game().board.site_count() as u16)
        .filter(|&s| engine.stone(state, s) == Some(team))
        .map(|s| engine.label(s).to_string())
        .collect()
}

/// A position from labels per team.
pub fn position(engine: &Engine, teams: &[&str], mover: usize, hands: Option<Vec<u32>>, turns_played: u32) -> State {
    let mut stones = Vec::new();
    for (team, labels) in teams.iter().enumerate() {
        for l in labels.split_whitespace() {
            stones.push((site(engine, l), team));
        }
    }
    engine.position(&Setup { stones, mover, hands, turns_played, ..Setup::default() }).expect("position")
}

/// The state a position text describes (`(position (place "X" e5) (to-move "O"))`).
pub fn from_text(engine: &Engine, text: &str) -> State {
    let setup = tabula::position::read(engine, 0, text).unwrap_or_else(|d| panic!("{text}: {d:?}"));
    engine.position(&setup).unwrap_or_else(|err| panic!("{text}: {err}"))
}

/// The actions, sorted: a legal list compared as a set.
pub fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

pub fn mover_name(engine: &Engine, state: &State) -> String {
    engine.to_move(state).map(|p| engine.game().players[p].name.clone()).unwrap_or_default()
}

pub fn winner(engine: &Engine, state: &State) -> Option<String> {
    engine.outcome(state).expect("the game is over").winner.map(|t| engine.game().teams[t].clone())
}

/// The files directly in these directories of the repository whose extension is one of
/// `extensions`, sorted.
pub fn files_in(dirs: &[&str], extensions: &[&str]) -> Vec<std::path::PathBuf> {
    let mut files: Vec<std::path::PathBuf> = dirs
        .iter()
        .flat_map(|d| std::fs::read_dir(models::root().join(d)).unwrap_or_else(|e| panic!("{d}: {e}")))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| extensions.iter().any(|e| x == *e)))
        .collect();
    files.sort();
    files
}
