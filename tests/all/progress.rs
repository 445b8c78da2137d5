//! `--progress` when stderr is not a terminal (issue 10): plain lines, one per tenth of the
//! games, that read well in a log; nothing without the flag; stdout (`--json`) untouched.

use std::process::{Command, Output};

fn tabula(args: &[&str]) -> Output {
    // Output is piped, so stderr is not a terminal here.
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("tabula runs");
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out
}

/// The progress lines with their timings (which vary) cut off at ` after `.
fn counts(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let mut out = String::new();
    for line in text.lines() {
        let (count, time) = line.split_once(" after ").unwrap_or((line, ""));
        assert!(time.ends_with(" s") || time.ends_with(" s left") || time.ends_with(" min"), "{line}");
        out.push_str(count);
        out.push('\n');
    }
    out
}

/// Playouts finish in chunks of 64 games: a line each time the count passes another tenth of
/// the run, the last at 100%. The JSON on stdout is whole.
#[test]
fn playout_prints_a_line_per_tenth() {
    let out =
        tabula(&["playout", "games/watershed.game", "--set", "size=5", "--games", "1000", "--progress", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("stdout is one JSON object");
    assert_eq!(json["games"], 1000);
    insta::assert_snapshot!(counts(&out.stderr), @r"
    progress: 128/1000 games (12%)
    progress: 256/1000 games (25%)
    progress: 320/1000 games (32%)
    progress: 448/1000 games (44%)
    progress: 512/1000 games (51%)
    progress: 640/1000 games (64%)
    progress: 704/1000 games (70%)
    progress: 832/1000 games (83%)
    progress: 960/1000 games (96%)
    progress: 1000/1000 games (100%)
    ");
}

/// Games played on two threads are counted as they finish, and the lines stay in order.
#[test]
fn match_and_analyze_lines_come_in_order_with_threads() {
    let out = tabula(&[
        "match",
        "games/watershed.game",
        "--set",
        "size=5",
        "--games",
        "5",
        "--players",
        "random,random",
        "--threads",
        "2",
        "--progress",
    ]);
    insta::assert_snapshot!(counts(&out.stderr), @r"
    progress: 1/5 games (20%)
    progress: 2/5 games (40%)
    progress: 3/5 games (60%)
    progress: 4/5 games (80%)
    progress: 5/5 games (100%)
    ");
    let out = tabula(&["analyze", "games/watershed.game", "--set", "size=5", "--games", "40", "--progress", "--json"]);
    insta::assert_snapshot!(counts(&out.stderr), @r"
    progress: 16/40 games (40%)
    progress: 32/40 games (80%)
    progress: 40/40 games (100%)
    ");
}

/// Without `--progress` a run that is not at a terminal says nothing on stderr.
#[test]
fn silent_without_the_flag() {
    for args in [
        &["playout", "games/watershed.game", "--set", "size=5", "--games", "300"][..],
        &["analyze", "games/watershed.game", "--set", "size=5", "--games", "40"][..],
    ] {
        let out = tabula(args);
        assert!(out.stderr.is_empty(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    }
}
