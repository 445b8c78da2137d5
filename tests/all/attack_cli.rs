//! The command line tried as an attacker would (Hardening II): output that cannot be written,
//! outputs aimed at the command's own inputs or at protected files, two games writing one
//! record, numbers without bounds. Each is a clear error and a non-zero exit, never a panic.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_tabula");

fn tabula(args: &[&str]) -> Command {
    let mut c = Command::new(BIN);
    c.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

#[test]
fn a_full_disk_on_standard_output_is_an_error_not_a_crash() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
    let commands: &[&[&str]] = &[
        &["check", "games/ketchup.game"],
        &["check", "--json", "games/ketchup.game"],
        &["info", "games/chess.game"],
        &["moves", "games/chess.game"],
        &["position", "games/chess.game"],
        &["perft", "games/chess.game", "2", "--divide"],
        &["playout", "games/ketchup.game", "--games", "5", "--json"],
        &["analyze", "games/ketchup.game", "--games", "5"],
        &["match", "games/ketchup.game", "--players", "random,random", "--games", "2"],
        &["render", "games/ketchup.game"],
        &["fmt", "--stdout", "games/ketchup.game"],
    ];
    for args in commands {
        let out = tabula(args).stdout(full.try_clone().unwrap()).output().expect("run tabula");
        assert_eq!(out.status.code(), Some(1), "tabula {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "error: cannot write the output: No space left on device (os error 28)\n",
            "tabula {args:?}"
        );
    }
}

#[test]
fn an_output_never_replaces_an_input_or_a_write_protected_file() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("ketchup.game");
    let original = std::fs::read_to_string("games/ketchup.game").unwrap();
    std::fs::write(&game, &original).unwrap();
    std::os::unix::fs::symlink(&game, dir.path().join("link.svg")).unwrap();
    std::fs::hard_link(&game, dir.path().join("hard.svg")).unwrap();
    let protected = dir.path().join("protected.svg");
    std::fs::write(&protected, "kept").unwrap();
    std::fs::set_permissions(&protected, std::os::unix::fs::PermissionsExt::from_mode(0o444)).unwrap();
    let cases = [
        ("ketchup.game", "it is a file this command reads; choose another name for the output"),
        ("link.svg", "it is a file this command reads; choose another name for the output"),
        ("hard.svg", "it is a file this command reads; choose another name for the output"),
        ("protected.svg", "the file is write-protected"),
    ];
    for (out, reason) in cases {
        let result = tabula(&["render", "ketchup.game", "--out", out]).current_dir(dir.path()).output().unwrap();
        assert_eq!(result.status.code(), Some(2), "--out {out}");
        assert_eq!(String::from_utf8_lossy(&result.stderr), format!("error: cannot write {out}: {reason}\n"));
    }
    assert_eq!(std::fs::read_to_string(&game).unwrap(), original);
    assert_eq!(std::fs::read_to_string(&protected).unwrap(), "kept");
    let fine = tabula(&["render", "ketchup.game", "--out", "board.svg"]).current_dir(dir.path()).output().unwrap();
    assert!(fine.status.success());
}

#[test]
fn two_games_cannot_write_one_record_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.rec");
    let record = record.to_str().unwrap();
    // The first game waits for a person's move, holding the record.
    let mut first = tabula(&["play", "games/ketchup.game", "--players", "human,random", "--record", record])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut banner = String::new();
    BufReader::new(first.stdout.as_mut().unwrap()).read_line(&mut banner).unwrap();
    let second = tabula(&["play", "games/ketchup.game", "--players", "random,random", "--record", record, "--force"])
        .output()
        .unwrap();
    assert_eq!(second.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&second.stderr),
        format!("error: cannot write the record to {record}: another tabula command is writing it now\n")
    );
    first.stdin.as_mut().unwrap().write_all(b"quit\n").unwrap();
    let _ = first.wait();
    // Once the first has ended, the record can be written again.
    let third = tabula(&["play", "games/ketchup.game", "--players", "random,random", "--record", record, "--force"])
        .output()
        .unwrap();
    assert!(third.status.success(), "{}", String::from_utf8_lossy(&third.stderr));
}

#[test]
fn thinking_time_is_bounded() {
    for command in ["play", "match", "analyze"] {
        let out = tabula(&[command, "games/ketchup.game", "--think", "18446744073709551615"]).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{command}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("18446744073709551615 is out of range: give a number from 1 to 3600000"), "{stderr}");
    }
}
