//! The games no referee plays, whose rules `docs/RULINGS.md` fixes: `games/brandubh.game` and
//! `games/hnefatafl.game` against `tests/classics/tafl.py`, `games/fox-and-geese.game` against
//! `tests/classics/foxgeese.py`, `games/international-draughts.game` against
//! `tests/classics/draughts.py`, `games/halma.game` against `tests/classics/halma.py`. Each model was written from the rulings by someone who read
//! neither `src/` nor the game files (`tests/classics/README.md`). Tabula and the model must agree
//! on perft, on the legal actions, the player to move and the outcome of every position
//! compared, and on every random game Tabula plays, which the model replays.
//!
//! The long run is `cargo test rulings:: -- --ignored`.

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

use crate::common::models::{json, record_actions, root, run, stdout_of};

/// A game: its model, the model's name for it (and the game file's stem), how deep perft is
/// compared from the start, and the random games Tabula plays for the model to replay.
struct Ruled {
    model: &'static str,
    name: &'static str,
    perft: u32,
    games: usize,
    seed: u64,
}

const BRANDUBH: Ruled = Ruled { model: "tests/classics/tafl.py", name: "brandubh", perft: 3, games: 60, seed: 1 };
const HNEFATAFL: Ruled = Ruled { model: "tests/classics/tafl.py", name: "hnefatafl", perft: 2, games: 12, seed: 1 };
const FOX_AND_GEESE: Ruled =
    Ruled { model: "tests/classics/foxgeese.py", name: "fox-and-geese", perft: 5, games: 100, seed: 1 };
const INTERNATIONAL: Ruled =
    Ruled { model: "tests/classics/draughts.py", name: "international-draughts", perft: 4, games: 40, seed: 1 };
const HALMA: Ruled = Ruled { model: "tests/classics/halma.py", name: "halma", perft: 3, games: 20, seed: 1 };
const GAMES: [&Ruled; 5] = [&BRANDUBH, &HNEFATAFL, &FOX_AND_GEESE, &INTERNATIONAL, &HALMA];

fn game_file(game: &Ruled) -> PathBuf {
    root().join("games").join(format!("{}.game", game.name))
}

fn tabula_out(sub: &str, game: &Ruled, args: &[&str]) -> String {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    stdout_of(command.arg(sub).arg(game_file(game)).args(args), None)
}

/// `python3 MODEL COMMAND GAME ARGS...`
fn model_out(command: &str, game: &Ruled, args: &[&str], input: Option<&str>) -> String {
    let mut python = Command::new("python3");
    stdout_of(python.arg(game.model).arg(command).arg(game.name).args(args), input)
}

fn compare_perft(game: &Ruled, depth: u32, after: &str) {
    compare_perft_with(game, depth, after, &[]);
}

/// [`compare_perft`] with more arguments for both (`--turns`).
fn compare_perft_with(game: &Ruled, depth: u32, after: &str, more: &[&str]) {
    let depth = depth.to_string();
    let mut args = vec![depth.as_str(), "--all"];
    args.extend(more);
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
fn compare_position(game: &Ruled, after: &str, theirs: &Value, ours: &Value) {
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

/// `FAR_ROW` of `test_draughts.py`: Black to move, with a capture through the far row
/// (`a3-c1 c1-e3`, a man still) and one ending on it (`g5-e3 e3-c1`, a king).
macro_rules! far_row {
    () => {
        "h4-i5 i7-h6 b4-a5 e7-f6 a3-b4 f8-e7 a5-b6 a7-c5 c5-a3 d4-e5 f6-d4 e3-c5 e7-f6 d2-e3 h8-i7 e3-d4 \
         f6-g5 c1-d2"
    };
}
const FAR_ROW: &str = far_row!();

/// `KING_CAPTURE`: 26 turns to a white king's flying capture, `j10-e5` or `j10-g7` but not
/// `j10-f6`, from which no second capture follows.
macro_rules! king_capture {
    () => {
        "f4-g5 g7-h6 b4-a5 h6-f4 g3-e5 e7-f6 e5-g7 h8-f6 j4-i5 i9-h8 f2-g3 f8-e7 i5-j6 f6-g5 h4-f6 e7-g5 \
         g3-h4 c7-d6 h4-f6 e9-f8 i3-j4 h8-g7 f6-h8 j10-i9 h8-j10 g9-h8"
    };
}
const KING_CAPTURE: &str = king_capture!();

/// Positions worked out by hand in `tests/classics/test_tafl.py` and `test_foxgeese.py` (each
/// derivation is written there), reached from the start: the game, the actions and the outcome
/// they lead to.
const POSITIONS: &[(&Ruled, &str, &str)] = &[
    // c3 taken between b3 and d3; the king north of d3 is no soldier.
    (&BRANDUBH, "b4-b3 d3-c3 d2-d3", "-"),
    // The Defenders take d6 between e6 and c6.
    (&BRANDUBH, "b4-b3 c4-c6 b3-b2 e4-e6", "-"),
    // b1 taken against the corner a1; a defender b7 against a7.
    (&BRANDUBH, "d1-b1 c4-c1", "-"),
    (&BRANDUBH, "b4-b3 c4-c7 b3-b2 c7-b7 d7-c7", "-"),
    // c4 taken against the empty throne; not against the throne that holds the king.
    (&BRANDUBH, "b4-b3 d5-e5 b3-b2 d4-d5 a4-b4", "-"),
    (&BRANDUBH, "b4-b5 d5-e5 a4-b4", "-"),
    // For the Defenders the king on the throne closes a capture.
    (&BRANDUBH, "f4-f5 c4-c2 b4-c4 c2-b2 f5-f6 b2-b4", "-"),
    // A soldier that moves between two enemies, or an enemy and a corner, stays.
    (&BRANDUBH, "b4-b2 c4-c2 a4-a5", "-"),
    (&BRANDUBH, "d1-c1 d3-b3 g4-g5 b3-b1 g5-g6", "-"),
    // A double and a triple capture.
    (&BRANDUBH, "f4-f3 d3-c3 b4-b3 e4-e3 d2-d3", "-"),
    (&BRANDUBH, "b4-b6 d5-b5 d2-b2 d3-b3 g4-g5 d4-d5 a4-b4", "-"),
    // The king taken by four attackers, and by three beside the empty throne.
    (&BRANDUBH, "d7-c7 d5-e5 b4-b6 d4-d5 a4-a5 d5-c5 g4-g5 c5-c6", "-"),
    (&BRANDUBH, "d7-c7 d5-e5 b4-b6 d4-d5 a4-a5 d5-c5 g4-g5 c5-c6 a5-c5", "1"),
    (&BRANDUBH, "b4-b5 d5-g5 b5-c5 d4-d5 f4-f5 c4-c3 f5-e5", "1"),
    // On the edge, three attackers around him do not take him.
    (&BRANDUBH, "b4-b5 d3-e3 b5-b6 d4-d3 b6-b5 d3-a3 d2-a2 c4-c5 b5-b3", "-"),
    // The king moving into a pocket is not taken; an attacker coming next to him takes him.
    (&BRANDUBH, "b4-b5 d5-g5 b5-c5 c4-c3 f4-f5 c3-c2 f5-e5 d4-d5 a4-a5", "-"),
    (&BRANDUBH, "b4-b5 d5-g5 b5-c5 c4-c3 f4-f5 c3-c2 f5-e5 d4-d5 a4-a5 c2-c3 e5-f5 c3-c2 f5-e5", "1"),
    // Soldiers pass over the empty throne and stop beyond it, never on it.
    (&BRANDUBH, "g4-g3 d5-g5 g3-g2 d4-d5 g2-g3 c4-c6 g3-g2 e4-e2", "-"),
    (&BRANDUBH, "g4-g3 d5-g5 g3-g2 d4-d5 g2-g3 c4-c6 g3-g2 e4-e2 b4-e4", "-"),
    // The king on a corner wins.
    (&BRANDUBH, "b4-b5 d3-e3 b5-b6 d4-d3 b6-b5 d3-a3 b5-b6 a3-a1", "2"),
    // A goose jumped, the fox's turn over by itself; a chain of three jumps with `end` offered
    // between them; diagonal jumps only along a straight line.
    (&FOX_AND_GEESE, "c3-c4 d4-b4", "-"),
    (&FOX_AND_GEESE, "c3-c4 d4-c5 e3-e4 c5-c3", "-"),
    (&FOX_AND_GEESE, "c3-c4 d4-c5 e3-e4 c5-c3 end", "-"),
    (&FOX_AND_GEESE, "c3-c4 d4-c5 e3-e4 c5-c3 c3-e3", "-"),
    (&FOX_AND_GEESE, "c3-c4 d4-c5 e3-e4 c5-c3 c3-e3 e3-e5", "-"),
    (&FOX_AND_GEESE, "c3-b4 d4-e5 d3-d4", "-"),
    (&FOX_AND_GEESE, "c3-b4 d4-e5 d3-d4 e5-c3", "-"),
    // No diagonal from an odd point; no jump over two geese or onto one.
    (&FOX_AND_GEESE, "c3-c4 d4-d5 b3-b4", "-"),
    (&FOX_AND_GEESE, "b3-b4 d4-d5 c3-c4 d5-d4 g3-g4", "-"),
    // The fox shut in on d7 after 27 turns: the Geese win.
    (&FOX_AND_GEESE, SHUT_IN, "1"),
    // International draughts (tests/classics/test_draughts.py): a man captures backward; the
    // majority rule at the first jump and at the second; a man's loop of four captures back to
    // its own square; a capture through the far row against one ending on it, and each made;
    // a king's flying capture whose landings are chosen by what follows; no pieces left loses.
    (&INTERNATIONAL, "b4-c5 a7-b6 c5-a7 c7-b6", "-"),
    (&INTERNATIONAL, "b4-c5 c7-b6 f4-e5 e7-d6", "-"),
    (&INTERNATIONAL, "b4-c5 c7-b6 f4-e5 e7-d6 e5-c7", "-"),
    (&INTERNATIONAL, "j4-i5 i7-h6 i3-j4 h6-g5 f4-h6 h8-i7 e3-f4", "-"),
    (&INTERNATIONAL, "j4-i5 i7-h6 i3-j4 h6-g5 f4-h6 h8-i7 e3-f4 i7-g5", "-"),
    (&INTERNATIONAL, "b4-c5 c7-d6 c3-b4 d6-e5 f4-d6 d8-c7 c5-b6", "-"),
    (&INTERNATIONAL, "b4-c5 c7-d6 c3-b4 d6-e5 f4-d6 d8-c7 c5-b6 c7-a5 a5-c3 c3-e5", "-"),
    (&INTERNATIONAL, FAR_ROW, "-"),
    (&INTERNATIONAL, concat!(far_row!(), " a3-c1 c1-e3"), "-"),
    (&INTERNATIONAL, concat!(far_row!(), " g5-e3 e3-c1"), "-"),
    (&INTERNATIONAL, KING_CAPTURE, "-"),
    (&INTERNATIONAL, concat!(king_capture!(), " j10-g7 g7-e9"), "-"),
    (&INTERNATIONAL, NO_PIECES, "2"),
    // Halma: Black's o13 hops over n13 to m13, from where it may hop on over l13 or l14, or stop.
    (&HALMA, "c4-d5 m14-l13 d5-e6 m15-l14 d2-f2 o13-m13", "-"),
    (&HALMA, "c4-d5 m14-l13 d5-e6 m15-l14 d2-f2 o13-m13 m13-k15", "-"),
    (&HALMA, "c4-d5 m14-l13 d5-e6 m15-l14 d2-f2 o13-m13 end", "-"),
];

/// `NO_PIECES`: 46 turns after which Black's king takes White's last piece.
const NO_PIECES: &str = "d4-e5 c7-d6 e5-c7 b8-d6 b4-c5 d6-b4 c3-a5 a9-b8 d2-c3 g7-f6 c1-d2 i7-h6 a3-b4 f6-e5 \
    f4-d6 e7-c5 c5-a3 a3-c1 a1-b2 c1-a3 j4-i5 h6-j4 a5-b6 a7-c5 e3-d4 c5-e3 e3-c1 h4-i5 j4-h6 g3-f4 \
    c1-g5 c3-b4 a3-d6 e1-d2 g5-c1 i3-j4 f8-g7 j2-i3 b8-c7 h2-g3 d6-h2 i1-g3 h6-i5 j4-h6 h6-f8 e9-g7 \
    f2-e3 c1-f4 f4-h2 h2-j4 g1-h2 j4-g1";

/// `KINGS`: 92 turns to a white king on f6 and a man on j2 against a black king just crowned
/// on e1, White to move: where the draws of `test_draughts.py` begin.
const KINGS: &str = "d4-c5 c7-d6 h4-i5 d6-e5 f4-d6 i7-h6 i5-j6 d8-c7 e3-d4 c7-e5 d4-f6 f6-d8 e9-c7 i3-h4 \
    c7-d6 c5-e7 f8-d6 h2-i3 f10-e9 d2-e3 d6-c5 b4-d6 j8-i7 g1-h2 g7-f6 a3-b4 a7-b6 h4-g5 h6-f4 f4-d2 \
    c1-e3 h8-g7 j6-h8 h8-f10 f10-d8 c9-e7 e7-c5 c5-a3 a3-c1 a1-b2 c1-h6 f2-e3 h6-c1 c1-a3 j4-i5 \
    h10-g9 e1-f2 a3-f8 i5-j6 f8-e9 i3-j4 b10-c9 h2-i3 c9-d8 g3-h4 f6-e5 i1-h2 b8-c7 f2-g3 a9-b8 h4-i5 \
    b8-a7 g3-h4 e5-f4 c3-b4 g7-f6 h4-g5 f4-h6 i5-g7 g7-e5 d10-c9 b4-c5 b6-d4 d4-f6 j4-i5 e9-j4 h2-g3 \
    j4-h2 h2-e5 j6-i7 d8-e7 i7-j8 a7-b6 j8-h10 h10-f8 f8-d6 d6-b8 b8-d10 j10-i9 d10-h6 f6-g5 h6-f4 \
    f4-c7 c7-a5 i9-h8 a5-e1 h8-g7 e1-i5 g7-f6 i5-e1 f6-g5 e1-d2 g5-h4 d2-c3 h4-g3 c3-a1 g3-f2 a1-f6 \
    f2-e1";

/// The white king's walk from f6 over 25 squares, none on a diagonal of the black king, who
/// goes e1-d2, d2-e1, ...: every turn a king's quiet move (`test_draughts.py`, `WALK`).
const WALK: [&str; 26] = [
    "f6", "g7", "h8", "i9", "j10", "e5", "d6", "e7", "f8", "g9", "h10", "c5", "b6", "c7", "d8", "e9", "d10", "c9",
    "b10", "a9", "b8", "a7", "d4", "g1", "h2", "i3",
];

/// The first `n` turns of the walk after `KINGS`.
fn quiet_turns(n: usize) -> String {
    let turns: Vec<String> = (0..n)
        .map(|i| {
            let k = i / 2 + 1;
            match (i % 2, k % 2) {
                (0, _) => format!("{}-{}", WALK[k - 1], WALK[k]),
                (_, 1) => "e1-d2".to_string(),
                _ => "d2-e1".to_string(),
            }
        })
        .collect();
    format!("{KINGS} {}", turns.join(" "))
}

/// `tests/classics/test_foxgeese.py`: the fox walks up to d7 and the geese close every line from
/// it.
const SHUT_IN: &str = "e3-e4 d4-d5 d3-d4 d5-d6 d4-d5 d6-d7 d5-d6 d7-c7 d2-d3 c7-d7 d3-d4 d7-c7 d4-d5 c7-d7 \
    e4-e5 d7-c7 e5-e6 c7-d7 e6-e7 d7-c7 c3-c4 c7-d7 c4-c5 d7-c7 c5-c6 c7-d7 c6-c7";

/// 50 cycles of four moves that change nothing are Brandubh's 200 turns; 100 of another are
/// Hnefatafl's 400. In Fox and Geese a goose steps sideways and back while the fox steps.
const CYCLE_BRANDUBH: &str = "a4-a5 c4-c3 a5-a4 c3-c4";
const CYCLE_HNEFATAFL: &str = "a4-a3 f4-e4 a3-a4 e4-f4";
const CYCLE_FOX_AND_GEESE: &str = "a4-b4 d5-d4 b4-a4 d4-d5";

fn check_position(game: &Ruled, after: &str, expected: &str) {
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
fn check_playouts(game: &Ruled, games: usize, seed: u64) {
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
    let out = run(Command::new("python3").arg(game.model).arg("replay").arg(game.name).args(&paths), None);
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
    for game in GAMES {
        compare_perft(game, game.perft, "");
    }
}

#[test]
fn hand_worked_positions() {
    for &(game, after, expected) in POSITIONS {
        check_position(game, after, expected);
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
    let start = "a3-a4 d4-d5";
    check_position(&FOX_AND_GEESE, &format!("{start} {} a4-b4", cycles(CYCLE_FOX_AND_GEESE, 49)), "-");
    check_position(&FOX_AND_GEESE, &format!("{start} {} a4-b4 d5-d4", cycles(CYCLE_FOX_AND_GEESE, 49)), "draw");
}

/// International draughts' draws: the third repetition, and 50 kings' quiet moves in a row (49
/// do not draw, and a man's move restarts the count).
#[test]
fn international_draughts_draws() {
    let shuffle = "f6-g7 e1-d2 g7-f6 d2-e1";
    check_position(&INTERNATIONAL, &format!("{KINGS} {shuffle}"), "-");
    check_position(&INTERNATIONAL, &format!("{KINGS} {shuffle} {shuffle}"), "draw");
    check_position(&INTERNATIONAL, &quiet_turns(49), "-");
    check_position(&INTERNATIONAL, &quiet_turns(50), "draw");
}

/// Perft in whole turns against the model, from the start and from a capture in progress.
#[test]
fn international_draughts_turn_perft_matches_the_model() {
    compare_perft_with(&INTERNATIONAL, 4, "", &["--turns"]);
    compare_perft_with(&INTERNATIONAL, 2, KING_CAPTURE, &["--turns"]);
}

/// Aart Bik's published whole-move counts, to depth 7 (BikDam; duplicate captures removed, and
/// none arises before depth 8: `tests/classics/README.md`). Depths 1–5 are in
/// `tests/suites/perft.txt`.
#[test]
#[ignore = "long: about 15 s in the test profile"]
fn long_international_draughts_perft() {
    let out = tabula_out("perft", &INTERNATIONAL, &["7", "--turns", "--all"]);
    let expected = "perft(1) = 9\nperft(2) = 81\nperft(3) = 658\nperft(4) = 4265\nperft(5) = 27117\n\
        perft(6) = 167140\n1049442\n";
    assert_eq!(out, expected);
}

#[test]
fn random_games_replay_in_the_model() {
    for game in GAMES {
        check_playouts(game, game.games, game.seed);
    }
}

#[test]
#[ignore = "long: 1 000 games of each (see tests/classics/README.md)"]
fn long_random_games_replay_in_the_model() {
    for game in GAMES {
        check_playouts(game, 1000, 7);
    }
}

/// The model's own tests: facts worked out by hand, so that the model is checked against
/// something besides Tabula.
#[test]
fn model_agrees_with_the_hand_derived_facts() {
    for tests in [
        "tests/classics/test_tafl.py",
        "tests/classics/test_foxgeese.py",
        "tests/classics/test_draughts.py",
        "tests/classics/test_halma.py",
    ] {
        let out = run(Command::new("python3").args(["-m", "unittest", tests]), None);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{tests}: {stderr}");
        assert!(stderr.lines().any(|l| l.starts_with("Ran ") && !l.starts_with("Ran 0 ")), "{tests}: {stderr}");
    }
}

/// Halma's wins: random games never fill a camp, so the model plays games that do (each player
/// mostly bringing a piece furthest towards the other camp, `tests/classics/halma_games.py`)
/// and Tabula replays every record to the same winner, turns and actions.
#[test]
fn halma_games_won_in_the_model_are_won_in_tabula() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let dir_text = dir.path().to_str().expect("utf-8 temp path");
    let out = run(Command::new("python3").args(["tests/classics/halma_games.py", "20", "1", dir_text]), None);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let listed = String::from_utf8_lossy(&out.stdout).to_string();
    let mut wins = [0, 0];
    for line in listed.lines() {
        let [record, winner, turns, actions] = line.split(' ').collect::<Vec<_>>()[..] else {
            panic!("a line of halma_games.py: {line}")
        };
        let replayed = json(&tabula_out("replay", &HALMA, &[record, "--json"]));
        assert_eq!(replayed["finished"], true, "{record}");
        assert_eq!(replayed["winning_team"].as_str().unwrap_or("draw"), winner, "{record}: the winner");
        assert_eq!(replayed["turns"].to_string(), turns, "{record}: turns");
        assert_eq!(replayed["actions"].to_string(), actions, "{record}: actions");
        match winner {
            "White" => wins[0] += 1,
            "Black" => wins[1] += 1,
            _ => {}
        }
    }
    assert_eq!(listed.lines().count(), 20);
    assert!(wins[0] > 0 && wins[1] > 0, "both sides win some: {wins:?}");
}
