//! Cross-checks Tabula's Breakthrough, Knightthrough, Clobber, Domineering, Go, Atari Go and
//! Ataxx (`games/*.game`) against `tests/classics/moving.py`, a model of the seven games written
//! from CLASSICS.md (Knightthrough from the rules text of its issue, Ataxx from that of issue 41),
//! the square and rectangle sections of LANGUAGE.md and CLI.md by someone who did not read the
//! engine, the grammar or the game files. Two programs from the same texts by different hands
//! must agree on the board, on perft, on the legal actions and on who won; where they do not,
//! one of them is wrong, and `tests/classics/README.md` says which disagreements were found.
//!
//! A game file that is missing fails its tests: the harness waits for the files, it does not
//! skip them. `TABULA_CLASSICS_GAMES=DIR` points it at other files (`DIR/go.game`, …). The long
//! run is `cargo test classics_moving:: -- --ignored`.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::common::models::{json, player_names, record_actions, root, run, stdout_of};

/// One of the seven games, and what is compared on it. A board is written as the model takes
/// it: `N` for the `size` option, `WxH` for Clobber's `width` and `height`.
struct Classic {
    /// The model's name for the game, and the game file's stem.
    name: &'static str,
    /// The board when no option is set, from the brief of the game files.
    default_board: &'static str,
    /// Boards whose sites and orthogonal neighbours are compared with `tabula info --sites`.
    boards: &'static [&'static str],
    /// (board, depth, whole turns): `perft --all` up to depth on that board, counting actions,
    /// or whole turns with `--turns`.
    perft: &'static [(&'static str, u32, bool)],
    /// (board, games, seed): seeded random playouts that the model replays.
    playouts: &'static [(&'static str, usize, u64)],
    /// The depth of the perft compared from late positions of the random games.
    late_perft: u32,
    /// (board, actions, outcome): positions worked out by hand (`tests/classics/test_moving.py`
    /// says why), the outcome `1` or `2` (that player has won), `draw`, or `-` (play goes on).
    positions: &'static [(&'static str, &'static str, &'static str)],
}

const BREAKTHROUGH: Classic = Classic {
    name: "breakthrough",
    default_board: "8",
    boards: &["5", "8"],
    // 8×8 as published (22, 484, 11 132, 256 036); the small boards reach captures and wins.
    perft: &[("8", 4, false), ("4", 5, false), ("5", 5, false)],
    playouts: &[("8", 60, 1), ("5", 30, 2)],
    late_perft: 3,
    positions: &[
        ("8", "e2-e3 e7-e6 e3-e4 e6-e5", "-"),
        ("8", "e2-e3 d7-d6 e3-e4 d6-d5", "-"),
        ("8", "e2-e3 d7-d6 e3-e4 d6-d5 e4-d5", "-"),
        ("5", "b2-b3 e4-d3 b3-a4 d3-c2", "-"),
        ("5", "b2-b3 e4-d3 b3-a4 d3-c2 a4-b5", "1"),
    ],
};

const KNIGHTTHROUGH: Classic = Classic {
    name: "knightthrough",
    default_board: "8",
    boards: &["5", "8"],
    // 8×8 as the issue publishes it (40, 1 600, 63 520, 2 521 306); on 5×5 the armies touch
    // from the first move (rank 2 jumps onto Black's rank 4), and a far-rank win comes at ply 3.
    perft: &[("8", 4, false), ("5", 5, false)],
    playouts: &[("8", 60, 1), ("5", 30, 2)],
    late_perft: 3,
    positions: &[
        ("8", "c2-d4 e7-f5", "-"),
        ("8", "c2-d4 e7-f5 d4-f5", "-"),
        ("5", "a2-b4", "-"),
        ("5", "a2-b4 e5-d3 b4-d5", "1"),
        ("5", "a1-b3 b4-a2 e1-d3 a2-c1", "2"),
    ],
};

const CLOBBER: Classic = Classic {
    name: "clobber",
    default_board: "6x5",
    boards: &["6x5", "3x4"],
    perft: &[("6x5", 3, false), ("2x2", 4, false), ("3x1", 2, false), ("3x3", 9, false), ("4x3", 6, false)],
    playouts: &[("6x5", 60, 1), ("4x3", 30, 2)],
    late_perft: 3,
    positions: &[
        ("6x5", "", "-"),
        ("2x2", "a1-b1 a2-b2", "-"),
        ("2x2", "a1-b1 a2-b2 b1-b2", "1"),
        ("3x1", "a1-b1", "1"),
    ],
};

const DOMINEERING: Classic = Classic {
    name: "domineering",
    default_board: "8",
    boards: &["3", "8"],
    perft: &[
        ("8", 3, false),
        ("8", 2, true),
        ("3", 8, false),
        ("3", 4, true),
        ("2", 4, false),
        ("4", 6, false),
        ("4", 3, true),
    ],
    playouts: &[("8", 60, 1), ("4", 30, 2)],
    late_perft: 4,
    positions: &[
        ("8", "b1", "-"),
        ("8", "b1 b2 c3", "-"),
        ("8", "b1 b2 a3 b3", "-"),
        ("2", "a1 a2", "1"),
        ("3", "b1 b2 a3 b3", "-"),
        ("3", "b1 b2 a3 b3 a1 a2", "1"),
    ],
};

const GO: Classic = Classic {
    name: "go",
    default_board: "9",
    boards: &["5", "9"],
    perft: &[("9", 2, false), ("5", 3, false)],
    playouts: &[("9", 50, 1), ("5", 30, 2)],
    late_perft: 2,
    positions: &[
        ("5", "b1 a1 a2", "-"),
        ("5", "a2 a1 b2 b1 c1", "-"),
        ("5", "b2 a2 a3 b1", "-"),
        ("5", "b2 a2 a3 b1 a1", "-"),
        ("5", "b3 c3 a2 d2 b1 c1 c2 b2", "-"),
        ("5", "b3 c3 a2 d2 b1 c1 c2 b2 e5 a5", "-"),
        ("5", "b1 a2 c2 b2 d1 e5 a1 c1", "-"),
        ("5", "c1 d1 c2 d2 c3 d3 c4 d4 c5 d5 pass pass", "2"),
        ("5", "c1 e1 c2 e2 c3 e3 c4 e4 c5 e5 pass pass", "1"),
        ("5", "pass c3 pass", "-"),
        ("5", "pass pass", "2"),
    ],
};

const ATARI_GO: Classic = Classic {
    name: "atari-go",
    default_board: "9",
    boards: &["5", "9"],
    perft: &[("9", 2, false), ("5", 4, false)],
    playouts: &[("9", 60, 1), ("5", 30, 2)],
    late_perft: 3,
    positions: &[
        ("5", "b1 a1", "-"),
        ("5", "b1 a1 a2", "1"),
        ("5", "a2 c3 b1", "-"),
        ("5", "b2 a2 a3 b1", "-"),
        ("5", "b2 a2 a3 b1 a1", "1"),
    ],
};

const ATAXX: Classic = Classic {
    name: "ataxx",
    default_board: "7",
    boards: &["5", "7"],
    // 7×7 from the start: 16 (the figure), 256, 6 460, 155 888. On 5×5 the corners are
    // four squares apart, so flips come at ply 2 and a side can be wiped out at ply 3.
    perft: &[("7", 4, false), ("5", 5, false)],
    // Random games fill the board, wipe a side out and pass; 6×6 (an even board) also draws.
    playouts: &[("7", 40, 1), ("5", 40, 2), ("6", 30, 4)],
    late_perft: 3,
    positions: &[
        ("7", "a1-a3 a7-a5 a4", "-"),
        ("5", "a2 a4 a3", "-"),
        ("5", "a2 a4 a3 b4", "-"),
        ("5", "a2 e1-c3 a2-b4", "1"),
        ("5", "a1-b3 a4 e5-e3 e2", "2"),
        ("5", "a2 e1-e3 b1 e4 b2 d5 c1 e2 c3 e3-c2 a3 b3", "-"),
        ("5", "a2 e1-e3 b1 e4 b2 d5 c1 e2 c3 e3-c2 a3 b3 pass", "-"),
    ],
};

/// Games per playout run from whose late position (5 actions before the end) a shallow perft is
/// compared: there captures, kos and wins happen, which perft from the start cannot reach.
const PERFT_AFTER: usize = 4;

/// The game file, or a failure that says it is missing.
fn game_file(classic: &Classic) -> PathBuf {
    let dir = std::env::var_os("TABULA_CLASSICS_GAMES").map(PathBuf::from).unwrap_or_else(|| root().join("games"));
    let file = dir.join(format!("{}.game", classic.name));
    assert!(
        file.is_file(),
        "games/{}.game is missing: the model cannot be compared with a game that is not there ({})",
        classic.name,
        file.display()
    );
    file
}

/// `--set` arguments for a board: `size=N`, or `width=W` and `height=H`.
fn board_options(board: &str) -> Vec<String> {
    match board.split_once('x') {
        Some((w, h)) => vec!["--set".into(), format!("width={w}"), "--set".into(), format!("height={h}")],
        None => vec!["--set".into(), format!("size={board}")],
    }
}

fn tabula(sub: &str, file: &Path, board: &str, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    command.arg(sub).arg(file).args(board_options(board)).args(args);
    command
}

/// `tabula SUBCOMMAND FILE --set ... ARGS...`
fn tabula_out(sub: &str, file: &Path, board: &str, args: &[&str]) -> String {
    stdout_of(&mut tabula(sub, file, board, args), None)
}

/// `python3 tests/classics/moving.py COMMAND GAME BOARD ARGS...`
fn model_out(command: &str, classic: &Classic, board: &str, args: &[&str], input: Option<&str>) -> String {
    let mut python = Command::new("python3");
    python.arg("tests/classics/moving.py").arg(command).arg(classic.name).arg(board).args(args);
    stdout_of(&mut python, input)
}

/// Whether the game file's options allow this board. Boards below the brief's are extras
/// (small enough for perft to reach the end of games); a file may rightly refuse them, and then
/// the case is skipped with a note on stderr. Any other failure fails.
fn board_allowed(file: &Path, board: &str) -> bool {
    let out = run(&mut tabula("info", file, board, &[]), None);
    if out.status.success() {
        return true;
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("option `"), "{} {board}: {stderr}", file.display());
    eprintln!("{}: board {board} is not offered, not compared ({})", file.display(), stderr.trim());
    false
}

/// Sites (index order) and their orthogonal neighbours against `tabula info --sites --json`,
/// and the default board's options.
fn check_boards(classic: &Classic) {
    let file = game_file(classic);
    for &board in classic.boards {
        if !board_allowed(&file, board) {
            continue;
        }
        let info = json(&tabula_out("info", &file, board, &["--sites", "--json"]));
        let model = json(&model_out("board", classic, board, &[], None));
        let listed = |sites: &Value, key: &dyn Fn(&Value) -> &Value| -> Vec<(String, Vec<String>)> {
            sites
                .as_array()
                .expect("sites")
                .iter()
                .map(|s| {
                    let near =
                        key(s).as_array().unwrap_or_else(|| panic!("{}: no orthogonal neighbours", classic.name));
                    let mut near: Vec<String> = near.iter().map(|n| n.as_str().unwrap().to_string()).collect();
                    near.sort();
                    (s["label"].as_str().expect("label").to_string(), near)
                })
                .collect()
        };
        assert_eq!(
            listed(&info["sites"], &|s| &s["neighbors"]["orthogonal"]),
            listed(&model["sites"], &|s| &s["orthogonal"]),
            "{} {board}: sites (in index order) and their orthogonal neighbours differ",
            classic.name
        );
    }
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    let info = json(&stdout_of(command.arg("info").arg(&file).arg("--json"), None));
    let options = info["options"].as_array().expect("options");
    let value = |name: &str| {
        let option = options.iter().find(|o| o["name"] == name);
        let option = option.unwrap_or_else(|| panic!("{}: no option `{name}`", classic.name));
        option["value"].to_string()
    };
    let default = match classic.default_board.split_once('x') {
        Some(_) => format!("{}x{}", value("width"), value("height")),
        None => value("size"),
    };
    assert_eq!(default, classic.default_board, "{}: the default board", classic.name);
}

/// `perft --all` text from both; on a difference, `--divide` at the first depth that differs
/// shows under which first actions they part.
fn compare_perft(classic: &Classic, file: &Path, board: &str, depth: u32, turns: bool, after: &str) {
    let depth_text = depth.to_string();
    let mut args = vec![depth_text.as_str(), "--all"];
    if turns {
        args.push("--turns");
    }
    if !after.is_empty() {
        args.extend(["--after", after]);
    }
    let theirs = tabula_out("perft", file, board, &args);
    let ours = model_out("perft", classic, board, &args, None);
    if theirs != ours {
        let first = theirs.lines().zip(ours.lines()).position(|(a, b)| a != b).unwrap_or(0) + 1;
        let first = first.to_string();
        let mut divide = vec![first.as_str(), "--divide"];
        if turns {
            divide.push("--turns");
        }
        if !after.is_empty() {
            divide.extend(["--after", after]);
        }
        let lines = |text: String| -> Vec<String> {
            let mut lines: Vec<String> = text.lines().map(String::from).collect();
            lines.sort();
            lines
        };
        let theirs_divided = lines(tabula_out("perft", file, board, &divide));
        let ours_divided = lines(model_out("perft", classic, board, &divide, None));
        let parted: Vec<String> = theirs_divided
            .iter()
            .filter(|l| !ours_divided.contains(l))
            .map(|l| format!("tabula {l}"))
            .chain(ours_divided.iter().filter(|l| !theirs_divided.contains(l)).map(|l| format!("model  {l}")))
            .collect();
        panic!(
            "{} {board}, perft{} after \"{after}\":\ntabula:\n{theirs}\nmodel:\n{ours}\nat depth {first} they part at:\n{}",
            classic.name,
            if turns { " --turns" } else { "" },
            parted.join("\n")
        );
    }
}

fn check_perft(classic: &Classic) {
    let file = game_file(classic);
    for &(board, depth, turns) in classic.perft {
        if board_allowed(&file, board) {
            compare_perft(classic, &file, board, depth, turns, "");
        }
    }
}

/// The outcome of `moves --json` as `1`, `2`, `draw` or `-`.
fn outcome_word(moves: &Value) -> String {
    match &moves["outcome"] {
        Value::Null => "-".to_string(),
        o if o["draw"] == true => "draw".to_string(),
        o => o["winner"].to_string(),
    }
}

/// Go's area scores in points, or None where there are none. `scale` divides them: Tabula
/// counts half points (its `komi` option is 15 for 7.5), the model whole points.
fn scores(value: &Value, scale: f64) -> Option<Vec<f64>> {
    value.as_array().map(|a| a.iter().map(|s| s.as_f64().expect("a score is a number") / scale).collect())
}

/// The legal actions, the player to move, the counts and the outcome of a position: Tabula's
/// `moves --json` against the model's; for Go the area scores too, which Tabula gives in half
/// points.
fn compare_position(classic: &Classic, board: &str, after: &str, theirs: &Value, ours: &Value) {
    for key in ["legal", "to_move", "turns", "actions"] {
        assert_eq!(theirs[key], ours[key], "{} {board} after \"{after}\": `{key}`", classic.name);
    }
    assert_eq!(outcome_word(theirs), outcome_word(ours), "{} {board} after \"{after}\": the outcome", classic.name);
    if classic.name == "go" && !theirs["outcome"].is_null() {
        assert_eq!(
            scores(&theirs["outcome"]["scores"], 2.0),
            scores(&ours["scores"], 1.0),
            "{} {board} after \"{after}\": the area scores (Black, White with komi)",
            classic.name
        );
    }
}

/// Each hand-worked position: Tabula's outcome is the one worked out, and its legal actions,
/// player to move and counts are the model's.
fn check_positions(classic: &Classic) {
    let file = game_file(classic);
    for &(board, after, expected) in classic.positions {
        if !board_allowed(&file, board) {
            continue;
        }
        let theirs = json(&tabula_out("moves", &file, board, &["--json", "--after", after]));
        let ours = json(&model_out("moves", classic, board, &["--after", after], None));
        assert_eq!(outcome_word(&ours), expected, "{} {board} after \"{after}\": the model's outcome", classic.name);
        assert_eq!(outcome_word(&theirs), expected, "{} {board} after \"{after}\": Tabula's outcome", classic.name);
        compare_position(classic, board, after, &theirs, &ours);
    }
}

/// Tabula plays `games` seeded random games; the model replays every record (each action legal,
/// each turn whole on its line, the game over exactly when the record ends, the winner and the
/// counts of the result comment), the totals agree with `playout --json`, and at one position
/// of every game the legal actions, the player to move, the counts and the outcome agree with
/// `tabula moves --json`; from a few late positions a shallow perft agrees too.
fn check_playouts(classic: &Classic, board: &str, games: usize, seed: u64) {
    let file = game_file(classic);
    let dir = tempfile::tempdir().expect("temporary directory");
    let (games_text, seed_text) = (games.to_string(), seed.to_string());
    let dir_text = dir.path().to_str().expect("utf-8 temp path");
    let summary = json(&tabula_out(
        "playout",
        &file,
        board,
        &["--games", &games_text, "--seed", &seed_text, "--records", dir_text, "--json"],
    ));
    assert_eq!(summary["unfinished"], 0, "{} {board}: games stopped unfinished", classic.name);
    let mut records: Vec<PathBuf> =
        std::fs::read_dir(dir.path()).expect("records").map(|e| e.expect("entry").path()).collect();
    records.sort();
    assert_eq!(records.len(), games, "one record per game");

    let mut args = vec!["--players".to_string(), player_names(&file)];
    args.extend(records.iter().map(|r| r.to_str().expect("utf-8 path").to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut python = Command::new("python3");
    python.arg("tests/classics/moving.py").arg("replay").arg(classic.name).arg(board).args(&args);
    let out = run(&mut python, None);
    let report = String::from_utf8_lossy(&out.stdout);
    let disagreements: Vec<&str> = report.lines().filter(|l| l.contains("DISAGREE")).collect();
    assert!(
        out.status.success(),
        "{} {board}, seed {seed}: the model disagrees with {} of {games} records (the first 10):\n{}\n{}",
        classic.name,
        disagreements.len(),
        disagreements[..disagreements.len().min(10)].join("\n"),
        String::from_utf8_lossy(&out.stderr)
    );
    let wins = format!(
        "{games} records: {games} agree, 0 disagree; wins {} {}, draws {}",
        summary["wins"][0], summary["wins"][1], summary["draws"]
    );
    assert_eq!(
        report.lines().last(),
        Some(wins.as_str()),
        "{} {board}: the model's totals against `playout --json`",
        classic.name
    );

    // One position per game, spread over the game's length (mid-turn included), the final one
    // every fifth game.
    let mut positions = Vec::new();
    for (i, record) in records.iter().enumerate() {
        let actions = record_actions(record);
        let cut = if i % 5 == 0 { actions.len() } else { (i * 7919 + 13) % (actions.len() + 1) };
        positions.push(actions[..cut].join(" "));
    }
    let batch = positions.join("\n") + "\n";
    let ours: Vec<Value> = model_out("moves", classic, board, &["--batch"], Some(&batch)).lines().map(json).collect();
    assert_eq!(ours.len(), positions.len());
    for (after, ours) in positions.iter().zip(&ours) {
        let theirs = json(&tabula_out("moves", &file, board, &["--json", "--after", after]));
        compare_position(classic, board, after, &theirs, ours);
    }

    // A shallow perft from late positions of a few games, where captures and the end happen.
    for record in records.iter().take(PERFT_AFTER) {
        let actions = record_actions(record);
        let cut = actions.len().saturating_sub(5);
        compare_perft(classic, &file, board, classic.late_perft, false, &actions[..cut].join(" "));
    }
}

fn check_all_playouts(classic: &Classic) {
    for &(board, games, seed) in classic.playouts {
        check_playouts(classic, board, games, seed);
    }
}

/// The long run: 1 000 random games of each game on its main board, replayed by the model, with
/// one position of every game compared with `tabula moves`.
fn long_run(classic: &Classic) {
    let (board, _, _) = classic.playouts[0];
    check_playouts(classic, board, 1000, 7);
}

macro_rules! game_tests {
    ($game:ident, $classic:expr) => {
        mod $game {
            use super::*;

            #[test]
            fn board_matches_the_model() {
                check_boards(&$classic);
            }

            #[test]
            fn perft_matches_the_model() {
                check_perft(&$classic);
            }

            #[test]
            fn hand_worked_positions() {
                check_positions(&$classic);
            }

            #[test]
            fn random_games_replay_in_the_model() {
                check_all_playouts(&$classic);
            }

            #[test]
            #[ignore = "long: 1 000 games (see tests/classics/README.md)"]
            fn long_random_games_replay_in_the_model() {
                long_run(&$classic);
            }
        }
    };
}

game_tests!(breakthrough, BREAKTHROUGH);
game_tests!(knightthrough, KNIGHTTHROUGH);
game_tests!(clobber, CLOBBER);
game_tests!(domineering, DOMINEERING);
game_tests!(go, GO);
game_tests!(atari_go, ATARI_GO);
game_tests!(ataxx, ATAXX);

/// The model's own unit tests: facts worked out by hand, so that the model is checked against
/// something besides Tabula.
#[test]
fn model_agrees_with_the_hand_derived_facts() {
    let out = run(Command::new("python3").args(["-m", "unittest", "tests/classics/test_moving.py"]), None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.lines().any(|l| l.starts_with("Ran ") && !l.starts_with("Ran 0 ")), "{stderr}");
}
