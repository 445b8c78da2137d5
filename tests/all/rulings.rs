//! Cross-checks `games/brandubh.game` and `games/hnefatafl.game` against `tests/classics/tafl.py`,
//! a model of the two games written from the rulings of `docs/RULINGS.md` by someone who read
//! neither `src/` nor the game files (`tests/classics/README.md`, "tafl.py"). Both must agree on
//! perft, on the legal actions, the player to move and the outcome of every position compared,
//! and on every random game Tabula plays, which the model replays.
//!
//! The long run is `cargo test tafl:: -- --ignored`.

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

use crate::common::models::{json, record_actions, root, run, stdout_of};

/// A tafl game: the model's name for it (and the game file's stem), how deep perft is
/// compared from the start, and the random games Tabula plays for the model to replay.
struct Tafl {
    name: &'static str,
    perft: u32,
    games: usize,
    seed: u64,
}

const BRANDUBH: Tafl = Tafl { name: "brandubh", perft: 3, games: 60, seed: 1 };
const HNEFATAFL: Tafl = Tafl { name: "hnefatafl", perft: 2, games: 12, seed: 1 };

fn game_file(game: &Tafl) -> PathBuf {
    root().join("games").join(format!("{}.game", game.name))
}

fn tabula_out(sub: &str, game: &Tafl, args: &[&str]) -> String {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    stdout_of(command.arg(sub).arg(game_file(game)).args(args), None)
}

/// `python3 tests/classics/tafl.py COMMAND GAME ARGS...`
fn model_out(command: &str, game: &Tafl, args: &[&str], input: Option<&str>) -> String {
    let mut python = Command::new("python3");
    stdout_of(python.arg("tests/classics/tafl.py").arg(command).arg(game.name).args(args), input)
}

fn compare_perft(game: &Tafl, depth: u32, after: &str) {
    let depth = depth.to_string();
    let mut args = vec![depth.as_str(), "--all"];
    if !after.is_empty() {
        args.extend(["--after", after]);
    }
    assert_eq!(
        tabula_out("perft", game, &args),
        model_out("perft", game, &args, None),
        "{} perft after \"{after}\"",
        game.name
    );
}

/// The outcome as `1`, `2` (that player has won), `draw`, or `-` (play goes on).
fn outcome_word(moves: &Value) -> String {
    match &moves["outcome"] {
        Value::Null => "-".to_string(),
        o if o["draw"] == true => "draw".to_string(),
        o => o["winner"].to_string(),
    }
}

/// Tabula's `moves --json` against the model's: the legal actions (as sorted lists), the player
/// to move, the counts and the outcome.
fn compare_position(game: &Tafl, after: &str, theirs: &Value, ours: &Value) {
    let sorted = |v: &Value| -> Vec<String> {
        let mut list: Vec<String> =
            v.as_array().expect("legal").iter().map(|a| a.as_str().expect("text").to_string()).collect();
        list.sort();
        list
    };
    assert_eq!(sorted(&theirs["legal"]), sorted(&ours["legal"]), "{} after \"{after}\": `legal`", game.name);
    for key in ["to_move", "turns", "actions", "team_wins"] {
        assert_eq!(theirs[key], ours[key], "{} after \"{after}\": `{key}`", game.name);
    }
    assert_eq!(outcome_word(theirs), outcome_word(ours), "{} after \"{after}\": the outcome", game.name);
}

/// Positions worked out by hand in `tests/classics/test_tafl.py` (each derivation is written
/// there), reached from the start: the actions and the outcome they lead to.
const POSITIONS: &[(&str, &str, &str)] = &[
    // c3 taken between b3 and d3; the king north of d3 is no soldier.
    ("brandubh", "b4-b3 d3-c3 d2-d3", "-"),
    // The Defenders take d6 between e6 and c6.
    ("brandubh", "b4-b3 c4-c6 b3-b2 e4-e6", "-"),
    // b1 taken against the corner a1; a defender b7 against a7.
    ("brandubh", "d1-b1 c4-c1", "-"),
    ("brandubh", "b4-b3 c4-c7 b3-b2 c7-b7 d7-c7", "-"),
    // c4 taken against the empty throne; not against the throne that holds the king.
    ("brandubh", "b4-b3 d5-e5 b3-b2 d4-d5 a4-b4", "-"),
    ("brandubh", "b4-b5 d5-e5 a4-b4", "-"),
    // For the Defenders the king on the throne closes a capture.
    ("brandubh", "f4-f5 c4-c2 b4-c4 c2-b2 f5-f6 b2-b4", "-"),
    // A soldier that moves between two enemies, or an enemy and a corner, stays.
    ("brandubh", "b4-b2 c4-c2 a4-a5", "-"),
    ("brandubh", "d1-c1 d3-b3 g4-g5 b3-b1 g5-g6", "-"),
    // A double and a triple capture.
    ("brandubh", "f4-f3 d3-c3 b4-b3 e4-e3 d2-d3", "-"),
    ("brandubh", "b4-b6 d5-b5 d2-b2 d3-b3 g4-g5 d4-d5 a4-b4", "-"),
    // The king taken by four attackers, and by three beside the empty throne.
    ("brandubh", "d7-c7 d5-e5 b4-b6 d4-d5 a4-a5 d5-c5 g4-g5 c5-c6", "-"),
    ("brandubh", "d7-c7 d5-e5 b4-b6 d4-d5 a4-a5 d5-c5 g4-g5 c5-c6 a5-c5", "1"),
    ("brandubh", "b4-b5 d5-g5 b5-c5 d4-d5 f4-f5 c4-c3 f5-e5", "1"),
    // On the edge, three attackers around him do not take him.
    ("brandubh", "b4-b5 d3-e3 b5-b6 d4-d3 b6-b5 d3-a3 d2-a2 c4-c5 b5-b3", "-"),
    // The king moving into a pocket is not taken; an attacker coming next to him takes him.
    ("brandubh", "b4-b5 d5-g5 b5-c5 c4-c3 f4-f5 c3-c2 f5-e5 d4-d5 a4-a5", "-"),
    ("brandubh", "b4-b5 d5-g5 b5-c5 c4-c3 f4-f5 c3-c2 f5-e5 d4-d5 a4-a5 c2-c3 e5-f5 c3-c2 f5-e5", "1"),
    // Soldiers pass over the empty throne and stop beyond it, never on it.
    ("brandubh", "g4-g3 d5-g5 g3-g2 d4-d5 g2-g3 c4-c6 g3-g2 e4-e2", "-"),
    ("brandubh", "g4-g3 d5-g5 g3-g2 d4-d5 g2-g3 c4-c6 g3-g2 e4-e2 b4-e4", "-"),
    // The king on a corner wins.
    ("brandubh", "b4-b5 d3-e3 b5-b6 d4-d3 b6-b5 d3-a3 b5-b6 a3-a1", "2"),
];

/// 50 cycles of four moves that change nothing are Brandubh's 200 turns; 100 of another are
/// Hnefatafl's 400.
const CYCLE_BRANDUBH: &str = "a4-a5 c4-c3 a5-a4 c3-c4";
const CYCLE_HNEFATAFL: &str = "a4-a3 f4-e4 a3-a4 e4-f4";

fn check_position(game: &Tafl, after: &str, expected: &str) {
    let theirs = json(&tabula_out("moves", game, &["--json", "--after", after]));
    let ours = json(&model_out("moves", game, &["--after", after], None));
    assert_eq!(outcome_word(&ours), expected, "{} after \"{after}\": the model's outcome", game.name);
    assert_eq!(outcome_word(&theirs), expected, "{} after \"{after}\": Tabula's outcome", game.name);
    compare_position(game, after, &theirs, &ours);
}

/// Tabula plays seeded random games; the model replays every record (each action legal, the
/// game over exactly when the record ends, the winner and the counts of the result comment), the
/// totals agree with `playout --json`, one position of every game agrees with `tabula moves`,
/// and a shallow perft agrees from late positions of a few games.
fn check_playouts(game: &Tafl, games: usize, seed: u64) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let (games_text, seed_text) = (games.to_string(), seed.to_string());
    let dir_text = dir.path().to_str().expect("utf-8 temp path");
    let summary = json(&tabula_out(
        "playout",
        game,
        &["--games", &games_text, "--seed", &seed_text, "--records", dir_text, "--json"],
    ));
    assert_eq!(summary["unfinished"], 0, "{}: games stopped unfinished", game.name);
    let mut records: Vec<PathBuf> =
        std::fs::read_dir(dir.path()).expect("records").map(|e| e.expect("entry").path()).collect();
    records.sort();
    assert_eq!(records.len(), games, "one record per game");

    let paths: Vec<&str> = records.iter().map(|r| r.to_str().expect("utf-8 path")).collect();
    let out =
        run(Command::new("python3").arg("tests/classics/tafl.py").arg("replay").arg(game.name).args(&paths), None);
    let report = String::from_utf8_lossy(&out.stdout);
    let disagreements: Vec<&str> = report.lines().filter(|l| !l.contains(": ok (")).collect();
    assert!(
        out.status.success(),
        "{}, seed {seed}: the model disagrees:\n{}\n{}",
        game.name,
        disagreements[..disagreements.len().min(10)].join("\n"),
        String::from_utf8_lossy(&out.stderr)
    );
    let totals = format!(
        "{games} records: {games} agree, 0 disagree; wins {} {}, draws {}",
        summary["wins"][0], summary["wins"][1], summary["draws"]
    );
    assert_eq!(
        report.lines().last(),
        Some(totals.as_str()),
        "{}: the model's totals against `playout --json`",
        game.name
    );

    // One position per game, spread over its length; the final one every fifth game.
    let positions: Vec<String> = records
        .iter()
        .enumerate()
        .map(|(i, record)| {
            let actions = record_actions(record);
            let cut = if i % 5 == 0 { actions.len() } else { (i * 7919 + 13) % (actions.len() + 1) };
            actions[..cut].join(" ")
        })
        .collect();
    let batch = positions.join("\n") + "\n";
    let ours: Vec<Value> = model_out("moves", game, &["--batch"], Some(&batch)).lines().map(json).collect();
    assert_eq!(ours.len(), positions.len());
    for (after, ours) in positions.iter().zip(&ours) {
        let theirs = json(&tabula_out("moves", game, &["--json", "--after", after]));
        compare_position(game, after, &theirs, ours);
    }

    for record in records.iter().take(3) {
        let actions = record_actions(record);
        let cut = actions.len().saturating_sub(4);
        compare_perft(game, 2, &actions[..cut].join(" "));
    }
}

#[test]
fn perft_matches_the_model() {
    for game in [&BRANDUBH, &HNEFATAFL] {
        compare_perft(game, game.perft, "");
    }
}

#[test]
fn hand_worked_positions() {
    for &(name, after, expected) in POSITIONS {
        assert_eq!(name, BRANDUBH.name);
        check_position(&BRANDUBH, after, expected);
    }
}

#[test]
fn the_turn_limit_draws_after_the_wins() {
    let cycles = |cycle: &str, n: usize| vec![cycle; n].join(" ");
    // 199 turns: play goes on; the 200th draws.
    check_position(&BRANDUBH, &format!("{} a4-a5 c4-c3 a5-a4", cycles(CYCLE_BRANDUBH, 49)), "-");
    check_position(&BRANDUBH, &cycles(CYCLE_BRANDUBH, 50), "draw");
    // The corner reached on the 200th turn wins.
    let corner = "b4-b5 d3-e3 b5-b6 d4-d3 b6-b5 d3-a3 b5-b6 a3-a1";
    check_position(&BRANDUBH, &format!("{} {corner}", cycles(CYCLE_BRANDUBH, 48)), "2");
    check_position(&HNEFATAFL, &format!("{} a4-a3 f4-e4 a3-a4", cycles(CYCLE_HNEFATAFL, 99)), "-");
    check_position(&HNEFATAFL, &cycles(CYCLE_HNEFATAFL, 100), "draw");
}

#[test]
fn random_games_replay_in_the_model() {
    for game in [&BRANDUBH, &HNEFATAFL] {
        check_playouts(game, game.games, game.seed);
    }
}

#[test]
#[ignore = "long: 1 000 games of each (see tests/classics/README.md)"]
fn long_random_games_replay_in_the_model() {
    for game in [&BRANDUBH, &HNEFATAFL] {
        check_playouts(game, 1000, 7);
    }
}

/// The model's own tests: facts worked out by hand, so that the model is checked against
/// something besides Tabula.
#[test]
fn model_agrees_with_the_hand_derived_facts() {
    let out = run(Command::new("python3").args(["-m", "unittest", "tests/classics/test_tafl.py"]), None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.lines().any(|l| l.starts_with("Ran ") && !l.starts_with("Ran 0 ")), "{stderr}");
}
