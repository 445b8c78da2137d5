//! `tabula play` as a person uses it across sessions: resuming a recorded game, loading one at
//! the prompt, saving after the end, and the prompt's forgiving commands.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A scratch directory of one test, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(test: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("tabula-play-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create a scratch directory");
        Scratch(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `tabula play ARGS` with `input` on stdin: (exit code, stdout, stderr).
fn play(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .arg("play")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tabula play");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("tabula play ends");
    let _ = writer.join();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn s(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// Every site of the 5×5 board twice: enough tries for a scripted human to finish a game.
fn every_site_twice() -> String {
    let sites: Vec<String> = "12345".chars().flat_map(|r| "abcde".chars().map(move |c| format!("{c}{r}\n"))).collect();
    sites.concat().repeat(2)
}

#[test]
fn end_of_input_keeps_the_record_and_resume_continues_it() {
    let dir = Scratch::new("resume");
    let rec = dir.path("game.rec");
    let (code, out, err) = play(
        &["games/watershed.game", "--set", "size=5", "--players", "human,random", "--seed", "3", "--record", s(&rec)],
        "c3\na1\n",
    );
    // The game is not over: the status says so, the record is kept.
    assert_eq!(code, Some(1), "{err}");
    let hint =
        format!("the game is kept in {0}: `tabula play games/watershed.game --resume {0}` continues it", s(&rec));
    assert!(out.contains("input ended before the game did"), "{out}");
    assert!(out.contains(&hint), "{out}");
    let saved = std::fs::read_to_string(&rec).expect("the record was written");
    assert_eq!(saved.lines().filter(|l| !l.starts_with(';') && !l.contains(' ')).count(), 4, "{saved}");
    // Header comments for people: the seats, the seed, the date, the result.
    assert!(saved.contains("\n; players: Dark (human), Light (random)\n; seed: 3\n; date: 20"), "{saved}");
    assert!(saved.contains(" UTC\n; result: unfinished after 4 turns, 4 actions\n"), "{saved}");

    // No `--set`: the record's options; the same file may keep recording.
    let (code, out, err) = play(
        &["games/watershed.game", "--resume", s(&rec), "--players", "human,random", "--seed", "3", "--record", s(&rec)],
        "b1\nquit\n",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("(size=5)"), "{out}");
    assert!(out.contains("resumed after 4 turns, 4 actions"), "{out}");
    assert!(out.contains("turn 5: Dark to move"), "{out}");
    let saved = std::fs::read_to_string(&rec).expect("the record was written");
    let turns: Vec<&str> = saved.lines().filter(|l| !l.starts_with(';') && !l.contains(' ')).collect();
    assert_eq!(turns.len(), 6, "{saved}");
    assert_eq!(&turns[..5], &["c3", "c4", "a1", "a4", "b1"], "{saved}");
}

#[test]
fn resume_refuses_a_record_of_another_game() {
    let (code, _, err) = play(&["games/ketchup.game", "--resume", "tests/cmd/records/watershed-e-w4.rec"], "");
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("the record is of \"Watershed\""), "{err}");
}

#[test]
fn load_at_the_prompt_continues_a_record() {
    let dir = Scratch::new("load");
    let rec = dir.path("game.rec");
    let args = ["games/watershed.game", "--set", "size=5", "--players", "human,random", "--seed", "3"];
    let (_, out, _) = play(&args, &format!("c3\na1\nsave {}\nquit\n", s(&rec)));
    assert!(out.contains(&format!("saved to {}", s(&rec))), "{out}");
    let (code, out, err) =
        play(&args, &format!("load {}\nload tests/cmd/records/ketchup-two-per-line.rec\nquit\n", s(&rec)));
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains(&format!("loaded {}: 4 turns, 4 actions", s(&rec))), "{out}");
    assert!(
        out.contains("cannot load tests/cmd/records/ketchup-two-per-line.rec: the record is of \"Ketchup\""),
        "{out}"
    );
    assert!(out.contains("turn 5: Dark to move"), "{out}");
}

#[test]
fn save_works_after_the_game_ends() {
    let dir = Scratch::new("save-after");
    let rec = dir.path("after.rec");
    let input = format!("{}save {}\nquit\n", every_site_twice(), s(&rec));
    let (code, out, err) =
        play(&["games/watershed.game", "--set", "size=5", "--players", "human,random", "--seed", "3"], &input);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("Dark wins (scores: Dark 7, Light 3) after 24 turns"), "{out}");
    assert!(out.contains(&format!("saved to {}", s(&rec))), "{out}");
    let saved = std::fs::read_to_string(&rec).expect("saved");
    assert!(saved.contains("; result: Dark wins (scores: Dark 7, Light 3) after 24 turns"), "{saved}");
    let replay = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["replay", "games/watershed.game", s(&rec), "--json"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("replay runs");
    let json: serde_json::Value = serde_json::from_slice(&replay.stdout).expect("json");
    assert_eq!(json["finished"], true, "{json}");
}

#[test]
fn undo_before_your_first_move_keeps_the_computers() {
    let (code, out, err) = play(&["games/watershed.game", "--players", "random,human", "--seed", "1"], "undo\nquit\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("nothing to undo: you have not played yet"), "{out}");
    assert!(!out.contains("took back"), "{out}");
}

#[test]
fn commands_forgive_case_and_typos_and_help_lists_this_games_actions() {
    let (_, out, _) = play(&["games/watershed.game", "--players", "human,random"], "hlep\nHELP\nquit\n");
    assert!(out.contains("unknown command `hlep`: did you mean `help`?"), "{out}");
    let help = out.lines().find(|l| l.starts_with("actions:")).expect("help was shown");
    assert!(help.contains("(place)") && !help.contains("(slide)") && !help.contains("(relocate)"), "{help}");
    // A misspelt site is still a site.
    let (_, out, _) = play(&["games/watershed.game", "--players", "human,random"], "zz\nquit\n");
    assert!(out.contains("not an action: there is no site `zz`"), "{out}");
}

#[test]
fn moves_are_filtered_by_site_and_grouped_by_kind() {
    let (_, out, _) =
        play(&["games/watershed.game", "--players", "human,random"], "moves c3\nmoves >\nmoves zz\nquit\n");
    assert!(out.contains("1 legal: c3\n"), "{out}");
    assert!(out.contains("no legal action matches `>`"), "{out}");
    assert!(out.contains("`moves zz`: give a site"), "{out}");
}

/// Ctrl-C needs a terminal: `tests/play/ctrl_c.py` drives `play` in a pseudo-terminal.
#[test]
fn ctrl_c_asks_then_leaves_with_a_failure_status_after_saving() {
    let dir = Scratch::new("ctrl-c");
    let rec = dir.path("interrupted.rec");
    let out = Command::new("python3")
        .args(["tests/play/ctrl_c.py", env!("CARGO_BIN_EXE_tabula"), s(&rec)])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("python3 runs (a prerequisite of the test suite)");
    let transcript = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{transcript}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(transcript.contains("quit? (y/n)"), "{transcript}");
    assert!(transcript.contains("--resume"), "{transcript}");
    assert!(transcript.trim_end().ends_with("EXIT 1"), "{transcript}");
    let saved = std::fs::read_to_string(&rec).expect("the record was saved");
    assert!(saved.lines().any(|l| l == "c3"), "{saved}");
}

/// `render --turn N` draws the position after N turns of the record: 0 is the empty board.
#[test]
fn render_turn_draws_an_earlier_position() {
    let render = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .arg("render")
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("render runs");
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let rec = "tests/cmd/records/watershed-e-w4.rec";
    let empty = render(&["games/watershed.game", "--set", "size=5"]);
    assert_eq!(render(&["games/watershed.game", "--record", rec, "--turn", "0"]), empty);
    let second = render(&["games/watershed.game", "--record", rec, "--turn", "2"]);
    assert_ne!(second, empty);
    assert_ne!(second, render(&["games/watershed.game", "--record", rec]));
}

/// What the players read names no rule's machinery: a whole random game of chess, Go, Reversi
/// and English draughts in the terminal quotes no rule's text and no allowance by name (chess's
/// and draughts' fifty-move clocks are allowances; draughts' chain of hops is granted by one),
/// and the end is said in words.
#[test]
fn a_game_in_the_terminal_says_no_rule_text_and_no_allowance_name() {
    for (file, allowances, end) in [
        ("games/chess.game", &["quiet"][..], "the game ends"),
        ("games/go.game", &[][..], "the game ends: every player passed in turn"),
        ("games/reversi.game", &[][..], "the game ends: nobody can move"),
        ("games/english-draughts.game", &["hopped", "crowned", "quiet"][..], "the game ends"),
    ] {
        let (code, out, err) = play(&[file, "--players", "random,random", "--seed", "3"], "");
        assert_eq!(code, Some(0), "{file}: {err}");
        let rule_text = ["(when", "(and ", "(or ", "(not ", "(count ", "(compare", "(allowance", "(no-moves"];
        // The title line names the options (`quiet-turns=80`), which players set.
        for line in out.lines().skip(1) {
            assert!(!rule_text.iter().any(|t| line.contains(t)), "{file}: rule text in {line:?}");
            let words: Vec<&str> = line.split(|c: char| !(c.is_alphanumeric() || c == '-')).collect();
            assert!(!allowances.iter().any(|a| words.contains(a)), "{file}: an allowance named in {line:?}");
        }
        assert!(out.lines().any(|l| l.starts_with(end)), "{file} does not say `{end}`:\n{out}");
    }
}

/// An illegal move is explained by what stands there: the opponent's piece is not the mover's,
/// whatever the move would have wanted.
#[test]
fn moving_the_opponents_piece_is_refused_as_not_yours() {
    let (_, out, _) = play(&["games/chess.game", "--players", "human,random", "--seed", "1"], "d7d5\nquit\ny\n");
    assert!(out.contains("illegal: the pawn on d7 is Black's, not yours"), "{out}");
    assert!(out.contains("move a piece (e.g. `a2-a3`)"), "{out}");
}

/// A rule the file describes is said in its words: the fool's mate (1. f3 e5 2. g4 Qh4) ends
/// by "checkmate", and Reversi's a1 at the start turns no disc.
#[test]
fn described_rules_are_said_in_their_words() {
    let (_, out, _) = play(&["games/chess.game", "--players", "human,human"], "f2f3\ne7e5\ng2g4\nd8h4\n");
    assert!(out.contains("the game ends: checkmate"), "{out}");
    let (_, out, _) = play(&["games/reversi.game", "--players", "human,human"], "a1\nquit\ny\n");
    assert!(out.contains("illegal: a1 must turn at least one disc"), "{out}");
}
