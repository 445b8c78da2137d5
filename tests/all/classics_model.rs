//! Cross-checks Tabula's Hex, Y, Yavalath and Connect6 (`games/hex.game`, `games/y.game`,
//! `games/yavalath.game`, `games/connect6.game`) against `tests/classics/model.py`, a model of
//! the four games written from CLASSICS.md (Connect6: the rules text of issue 41) and the board
//! sections of LANGUAGE.md by someone who did not read the engine or the game files. Two
//! programs from the same texts by different hands must agree on the board, on perft (in
//! actions, and for Connect6's two-stone turns in whole turns too), on the legal actions, the
//! player to move and who won; where they do not, one of them is wrong, and
//! `tests/classics/README.md` says which disagreements were found.
//!
//! A game file that is missing fails its tests: the harness waits for the files, it does not
//! skip them. `TABULA_CLASSICS_GAMES=DIR` points it at other files (`DIR/hex.game`, …).
//! The long run is `cargo test classics_model:: -- --ignored`.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::common::models::{json, player_names, record_actions, root, run, stdout_of};

/// One of the games, and what is compared on it.
struct Classic {
    /// The model's name for the game, and the game file's stem.
    name: &'static str,
    /// The `size` option's default, from the brief of the game files.
    default_size: Option<u32>,
    /// The board's neighbour relations, by the names of `tabula info --sites`.
    relations: &'static [&'static str],
    /// Sizes whose sites, neighbours and sides are compared with `tabula info --sites`.
    boards: &'static [u32],
    /// (size, depth): `perft --all` up to depth on that board.
    perft: &'static [(u32, u32)],
    /// (size, depth): `perft --all --turns` (whole turns) up to depth on that board, for games
    /// whose turns may hold more than one action.
    turn_perft: &'static [(u32, u32)],
    /// (size, depth): `perft --all --turns` up to depth from the late positions of the random
    /// games on that board.
    late_turn_perft: &'static [(u32, u32)],
    /// (size, games, seed): seeded random playouts that the model replays.
    playouts: &'static [(u32, usize, u64)],
    /// (size, actions, outcome): positions worked out by hand (`tests/classics/test_model.py`
    /// says why), the outcome `1` or `2` (that player has won), `draw`, or `-` (play goes on).
    positions: &'static [(u32, &'static str, &'static str)],
}

const HEX: Classic = Classic {
    name: "hex",
    default_size: Some(11),
    relations: &["adjacent"],
    boards: &[2, 3, 4, 11],
    // 3×3 to the end of every game; 4×4 as deep as fits (no win is possible before ply 7 there,
    // so wins on 4×4 are checked from the random games' positions below).
    perft: &[(2, 5), (3, 9), (4, 4)],
    turn_perft: &[],
    late_turn_perft: &[],
    playouts: &[(11, 100, 1), (4, 30, 2)],
    positions: &[
        (3, "c1 a1 b2 b1 a3", "1"),
        (3, "a1 a2 b2 b1 c3", "-"),
        (3, "a1 a2 c3 b2 b1 c2", "2"),
        (4, "a1 d1 a2 d2 a4 d3", "-"),
        (4, "a1 d1 a2 d2 a4 d3 a3", "1"),
    ],
};

const Y: Classic = Classic {
    name: "y",
    default_size: None,
    relations: &["adjacent"],
    boards: &[2, 3, 5, 9],
    perft: &[(2, 4), (3, 7), (4, 5), (5, 4)],
    turn_perft: &[],
    late_turn_perft: &[],
    playouts: &[(9, 100, 1), (4, 30, 2)],
    positions: &[
        (2, "a1 b1 a2", "1"),
        (3, "a1 b1 a2 c1 a3", "1"),
        (3, "b1 a1 c1 a2 b2", "-"),
        (3, "b1 a1 c1 a2 b2 a3", "2"),
    ],
};

const YAVALATH: Classic = Classic {
    name: "yavalath",
    default_size: Some(5),
    relations: &["adjacent"],
    boards: &[2, 3, 5],
    perft: &[(2, 8), (3, 4), (5, 2)],
    turn_perft: &[],
    late_turn_perft: &[],
    playouts: &[(5, 100, 1), (3, 30, 2)],
    positions: &[
        (2, "b2 c2 a2 b3 b1 c3 a1", "draw"),
        (5, "b5 i9 c5 g9 d5", "2"),
        (5, "a5 i9 b5 g9 d5 i5 c4 e1 c6 a1", "-"),
        (5, "a5 i9 b5 g9 d5 i5 c4 e1 c6 a1 c5", "1"),
        (5, "h8 i9 b5 g9 d5 i5 c4 e1 c6 a1 c5", "2"),
        (5, "a5 i9 b5 g9 d5 i5 e5 e1 c5", "1"),
        (5, "c4 i9 d5 g9 e6", "2"),
        (5, "c3 i9 c4 g9 c5", "2"),
        (5, "a5 i9 b5 g9 d5", "-"),
    ],
};

/// The full 7×7 board of the draw below: Black on the points whose column + 2 × row (from 0)
/// is 0 or 1 modulo 4, White on the others, so that no line holds more than two of one colour;
/// Black's 25 and White's 24 stones each in index order, Black one, then two by two.
const CONNECT6_FULL_BOARD: &str = "a1 c1 d1 b1 e1 g1 a2 f1 c2 b2 e2 d2 g2 f2 c3 a3 b3 d3 g3 e3 f3 a4 b4 c4 \
     d4 e4 f4 g4 a5 c5 d5 b5 e5 g5 a6 f5 c6 b6 e6 d6 g6 f6 c7 a7 b7 d7 g7 e7 f7";

const CONNECT6: Classic = Classic {
    name: "connect6",
    default_size: Some(19),
    relations: &["orthogonal", "diagonal", "all"],
    boards: &[7, 19],
    // No six is possible before Black's sixth stone, the 12th action: from the start perft
    // checks the turn structure (49, 2 352, 110 544 on 7×7), the late positions of the random
    // games below check the wins.
    perft: &[(7, 3), (19, 2)],
    turn_perft: &[(7, 2), (19, 2)],
    late_turn_perft: &[(7, 2), (19, 1)],
    playouts: &[(19, 100, 1), (7, 60, 2)],
    positions: &[
        // White's first turn is two stones: after its first, White is still to move.
        (7, "a4 a1", "-"),
        // Black's a4 b4 c4 d4 e4: five is not six.
        (7, "a4 a1 g1 b4 c4 a7 g7 d4 e4 b1 f1", "-"),
        // f4, the first stone of Black's turn 7, makes a4–f4: the game ends mid-turn.
        (7, "a4 a1 g1 b4 c4 a7 g7 d4 e4 b1 f1 f4", "1"),
        // a4 b4 c4 _ e4 f4 g4: two threes; d4, the second stone, makes seven in a row.
        (7, "a4 a1 g1 b4 c4 a7 g7 e4 f4 b1 f1 g4", "-"),
        (7, "a4 a1 g1 b4 c4 a7 g7 e4 f4 b1 f1 g4 d4", "1"),
        // White's a1 b2 c3 d4 e5 and f6, the first stone of White's turn 8: a diagonal six.
        (7, "a7 a1 b2 c7 e7 c3 d4 a5 c5 e5 g1 e3 a3 f6", "2"),
        // 19×19: Black's j10 i11 h12 g13 f14 and e15, the second stone of turn 7: the other
        // diagonal.
        (19, "j10 a1 a2 i11 h12 a3 a4 g13 f14 s1 s2 a19 e15", "1"),
        // The full board without a six: the 49th stone draws.
        (7, CONNECT6_FULL_BOARD, "draw"),
    ],
};

/// Games per playout run from whose late position (5 actions before the end) a shallow perft is
/// compared: there wins and losses happen, which perft from the start cannot reach on bigger
/// boards.
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

/// `tabula SUBCOMMAND FILE --set size=N ARGS...`
fn tabula_out(sub: &str, file: &Path, size: u32, args: &[&str]) -> String {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    command.arg(sub).arg(file).arg("--set").arg(format!("size={size}")).args(args);
    stdout_of(&mut command, None)
}

/// `python3 tests/classics/model.py COMMAND GAME SIZE ARGS...`
fn model_out(command: &str, classic: &Classic, size: u32, args: &[&str], input: Option<&str>) -> String {
    let mut python = Command::new("python3");
    python.arg("tests/classics/model.py").arg(command).arg(classic.name).arg(size.to_string()).args(args);
    stdout_of(&mut python, input)
}

/// Sites with their neighbours, and the sides, as `tabula info --sites --json` gives them: the
/// model's sides only (Tabula also lists a hexhex's corners).
fn compare_board(classic: &Classic, file: &Path, size: u32) {
    let info = json(&tabula_out("info", file, size, &["--sites", "--json"]));
    let model = json(&model_out("board", classic, size, &[], None));
    let labels = |sites: &Value, key: &dyn Fn(&Value) -> &Value| -> Vec<(String, Vec<String>)> {
        sites
            .as_array()
            .expect("sites")
            .iter()
            .map(|s| {
                let mut near: Vec<String> =
                    key(s).as_array().expect("neighbours").iter().map(|n| n.as_str().unwrap().to_string()).collect();
                near.sort();
                (s["label"].as_str().expect("label").to_string(), near)
            })
            .collect()
    };
    for &relation in classic.relations {
        let theirs = labels(&info["sites"], &|s| &s["neighbors"][relation]);
        let ours = labels(&model["sites"], &|s| &s[relation]);
        assert_eq!(
            theirs, ours,
            "{} size {size}: sites (in index order) and their `{relation}` neighbours differ",
            classic.name
        );
    }
    for (name, sites) in model["sides"].as_object().expect("sides") {
        let side = info["board"]["sides"].as_array().expect("sides").iter().find(|s| s["name"] == name.as_str());
        let side = side.unwrap_or_else(|| panic!("{} size {size}: Tabula has no `{name}`", classic.name));
        let mut theirs: Vec<&str> = side["sites"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
        let mut ours: Vec<&str> = sites.as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
        theirs.sort();
        ours.sort();
        assert_eq!(theirs, ours, "{} size {size}: `{name}` differs", classic.name);
    }
}

/// Whether the game file's `size` option allows `size`. The sizes below 3 compared here are
/// extras beyond the brief's boards, and a file may rightly refuse them; any other failure fails.
fn size_allowed(file: &Path, size: u32) -> bool {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    let out = run(command.arg("info").arg(file).arg("--set").arg(format!("size={size}")), None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if out.status.success() {
        return true;
    }
    assert!(size < 3 && stderr.contains("option `size`"), "{} --set size={size}: {stderr}", file.display());
    eprintln!("{}: size {size} is not offered, not compared ({})", file.display(), stderr.trim());
    false
}

fn check_boards(classic: &Classic) {
    let file = game_file(classic);
    for &size in classic.boards {
        if size_allowed(&file, size) {
            compare_board(classic, &file, size);
        }
    }
    if let Some(default) = classic.default_size {
        let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
        let info = json(&stdout_of(command.arg("info").arg(&file).arg("--json"), None));
        let size = info["options"].as_array().expect("options").iter().find(|o| o["name"] == "size");
        let size = size.unwrap_or_else(|| panic!("{}: no option `size`", classic.name));
        assert_eq!(size["value"], default, "{}: the default size", classic.name);
    }
}

/// `perft --all` text from both (whole turns with `--turns` when `turns`); on a difference,
/// `--divide` at the first depth that differs shows under which first actions (or turns) they
/// part.
fn compare_perft(classic: &Classic, file: &Path, size: u32, depth: u32, turns: bool, after: &str) {
    let depth_text = depth.to_string();
    let mut args = vec![depth_text.as_str(), "--all"];
    if turns {
        args.push("--turns");
    }
    if !after.is_empty() {
        args.extend(["--after", after]);
    }
    let theirs = tabula_out("perft", file, size, &args);
    let ours = model_out("perft", classic, size, &args, None);
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
        let mut theirs_divided: Vec<String> =
            tabula_out("perft", file, size, &divide).lines().map(String::from).collect();
        let mut ours_divided: Vec<String> =
            model_out("perft", classic, size, &divide, None).lines().map(String::from).collect();
        theirs_divided.sort();
        ours_divided.sort();
        let parted: Vec<String> = theirs_divided
            .iter()
            .filter(|l| !ours_divided.contains(l))
            .map(|l| format!("tabula {l}"))
            .chain(ours_divided.iter().filter(|l| !theirs_divided.contains(l)).map(|l| format!("model  {l}")))
            .collect();
        panic!(
            "{} size {size}, perft{} after \"{after}\":\ntabula:\n{theirs}\nmodel:\n{ours}\nat depth {first} they part at:\n{}",
            classic.name,
            if turns { " --turns" } else { "" },
            parted.join("\n")
        );
    }
}

fn check_perft(classic: &Classic) {
    let file = game_file(classic);
    for &(size, depth) in classic.perft {
        if size_allowed(&file, size) {
            compare_perft(classic, &file, size, depth, false, "");
        }
    }
    for &(size, depth) in classic.turn_perft {
        if size_allowed(&file, size) {
            compare_perft(classic, &file, size, depth, true, "");
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

/// Each hand-worked position: Tabula's outcome is the one worked out, and its legal actions,
/// player to move and counts are the model's.
fn check_positions(classic: &Classic) {
    let file = game_file(classic);
    for &(size, after, expected) in classic.positions {
        if !size_allowed(&file, size) {
            continue;
        }
        let theirs = json(&tabula_out("moves", &file, size, &["--json", "--after", after]));
        let ours = json(&model_out("moves", classic, size, &["--after", after], None));
        assert_eq!(outcome_word(&theirs), expected, "{} size {size} after \"{after}\": Tabula's outcome", classic.name);
        assert_eq!(
            outcome_word(&ours),
            expected,
            "{} size {size} after \"{after}\": the model's outcome",
            classic.name
        );
        for key in ["legal", "to_move", "turns", "actions"] {
            assert_eq!(theirs[key], ours[key], "{} size {size} after \"{after}\": `{key}`", classic.name);
        }
    }
}

/// Tabula plays `games` seeded random games; the model replays every record (each action legal,
/// the game over exactly when the record ends, the winner and the counts of the result comment),
/// the totals agree with `playout --json`, and at one position of every game the legal actions,
/// the player to move and the outcome agree with `tabula moves --json`; from a few positions a
/// shallow perft agrees too.
fn check_playouts(classic: &Classic, size: u32, games: usize, seed: u64) {
    let file = game_file(classic);
    let dir = tempfile::tempdir().expect("temporary directory");
    let (games_text, seed_text) = (games.to_string(), seed.to_string());
    let dir_text = dir.path().to_str().expect("utf-8 temp path");
    let summary = json(&tabula_out(
        "playout",
        &file,
        size,
        &["--games", &games_text, "--seed", &seed_text, "--records", dir_text, "--json"],
    ));
    let mut records: Vec<PathBuf> =
        std::fs::read_dir(dir.path()).expect("records").map(|e| e.expect("entry").path()).collect();
    records.sort();
    assert_eq!(records.len(), games, "one record per game");

    let mut args = vec!["--players".to_string(), player_names(&file)];
    args.extend(records.iter().map(|r| r.to_str().expect("utf-8 path").to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut python = Command::new("python3");
    python.arg("tests/classics/model.py").arg("replay").arg(classic.name).arg(size.to_string()).args(&args);
    let out = run(&mut python, None);
    let report = String::from_utf8_lossy(&out.stdout);
    let disagreements: Vec<&str> = report.lines().filter(|l| l.contains("DISAGREE")).collect();
    assert!(
        out.status.success(),
        "{} size {size}, seed {seed}: the model disagrees with {} of {games} records (the first 10):\n{}\n{}",
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
        "{} size {size}: the model's totals against `playout --json`",
        classic.name
    );

    // One position per game, spread over the game's length, the final one included.
    let mut positions = Vec::new();
    for (i, record) in records.iter().enumerate() {
        let actions = record_actions(record);
        let cut = if i % 5 == 0 { actions.len() } else { (i * 7919 + 13) % (actions.len() + 1) };
        positions.push(actions[..cut].join(" "));
    }
    let batch = positions.join("\n") + "\n";
    let ours: Vec<Value> = model_out("moves", classic, size, &["--batch"], Some(&batch)).lines().map(json).collect();
    assert_eq!(ours.len(), positions.len());
    for (after, ours) in positions.iter().zip(&ours) {
        let theirs = json(&tabula_out("moves", &file, size, &["--json", "--after", after]));
        for key in ["legal", "to_move", "turns", "actions"] {
            assert_eq!(theirs[key], ours[key], "{} size {size} after \"{after}\": `{key}`", classic.name);
        }
        let outcome = |v: &Value| {
            if v.is_null() { Value::Null } else { serde_json::json!({"winner": v["winner"], "draw": v["draw"]}) }
        };
        assert_eq!(
            outcome(&theirs["outcome"]),
            outcome(&ours["outcome"]),
            "{} size {size} after \"{after}\": outcome",
            classic.name
        );
    }

    // A shallow perft from late positions of a few games, where the game can end; in whole
    // turns too where a turn may hold several actions (the position may be inside a turn).
    let turn_depth = classic.late_turn_perft.iter().find(|&&(s, _)| s == size).map(|&(_, d)| d);
    for record in records.iter().take(PERFT_AFTER) {
        let actions = record_actions(record);
        let cut = actions.len().saturating_sub(5);
        let after = actions[..cut].join(" ");
        compare_perft(classic, &file, size, 3, false, &after);
        if let Some(depth) = turn_depth {
            compare_perft(classic, &file, size, depth, true, &after);
        }
    }
}

fn check_all_playouts(classic: &Classic) {
    for &(size, games, seed) in classic.playouts {
        check_playouts(classic, size, games, seed);
    }
}

#[test]
fn hex_board_matches_the_model() {
    check_boards(&HEX);
}

#[test]
fn hex_perft_matches_the_model() {
    check_perft(&HEX);
}

#[test]
fn hex_hand_worked_positions() {
    check_positions(&HEX);
}

#[test]
fn hex_random_games_replay_in_the_model() {
    check_all_playouts(&HEX);
}

#[test]
fn y_board_matches_the_model() {
    check_boards(&Y);
}

#[test]
fn y_perft_matches_the_model() {
    check_perft(&Y);
}

#[test]
fn y_hand_worked_positions() {
    check_positions(&Y);
}

#[test]
fn y_random_games_replay_in_the_model() {
    check_all_playouts(&Y);
}

#[test]
fn yavalath_board_matches_the_model() {
    check_boards(&YAVALATH);
}

#[test]
fn yavalath_perft_matches_the_model() {
    check_perft(&YAVALATH);
}

#[test]
fn yavalath_hand_worked_positions() {
    check_positions(&YAVALATH);
}

#[test]
fn yavalath_random_games_replay_in_the_model() {
    check_all_playouts(&YAVALATH);
}

#[test]
fn connect6_board_matches_the_model() {
    check_boards(&CONNECT6);
}

#[test]
fn connect6_perft_matches_the_model() {
    check_perft(&CONNECT6);
}

#[test]
fn connect6_hand_worked_positions() {
    check_positions(&CONNECT6);
}

#[test]
fn connect6_random_games_replay_in_the_model() {
    check_all_playouts(&CONNECT6);
}

/// The long run: 2 000 random games of each game at its main size, replayed by the model, with
/// one position of every game compared with `tabula moves`.
fn long_run(classic: &Classic) {
    let (size, _, _) = classic.playouts[0];
    check_playouts(classic, size, 2000, 7);
}

#[test]
#[ignore = "long: 2 000 games (see tests/classics/README.md)"]
fn long_hex_random_games_replay_in_the_model() {
    long_run(&HEX);
}

#[test]
#[ignore = "long: 2 000 games (see tests/classics/README.md)"]
fn long_y_random_games_replay_in_the_model() {
    long_run(&Y);
}

#[test]
#[ignore = "long: 2 000 games (see tests/classics/README.md)"]
fn long_yavalath_random_games_replay_in_the_model() {
    long_run(&YAVALATH);
}

#[test]
#[ignore = "long: 2 000 games (see tests/classics/README.md)"]
fn long_connect6_random_games_replay_in_the_model() {
    long_run(&CONNECT6);
}

/// The model's own unit tests: facts about small boards worked out by hand, so that the model
/// is checked against something besides Tabula.
#[test]
fn model_agrees_with_the_hand_derived_facts() {
    let out = run(Command::new("python3").args(["-m", "unittest", "discover", "-s", "tests/classics"]), None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.lines().any(|l| l.starts_with("Ran ") && !l.starts_with("Ran 0 ")), "{stderr}");
}
