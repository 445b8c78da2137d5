//! The README stays true (Hardening II, "the first hour"): what it says of the bundled games,
//! the output it shows for `tabula check`, the paths it names and the install command are
//! checked against the repository.

use std::process::Command;

use crate::common::files_in;
use crate::common::models::root;

fn readme() -> String {
    std::fs::read_to_string(root().join("README.md")).expect("README.md")
}

/// The number written before `words` ("18 bundled games"), wherever the text wraps.
fn number_before(text: &str, words: &str) -> usize {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let at = flat.find(words).unwrap_or_else(|| panic!("the README no longer says \"{words}\""));
    let before = flat[..at].trim_end();
    let number = before.rsplit(' ').next().unwrap_or_default();
    number.parse().unwrap_or_else(|_| panic!("expected a number before \"{words}\", found `{number}`"))
}

#[test]
fn the_counts_of_bundled_games_are_the_files_in_games() {
    let text = readme();
    assert_eq!(number_before(&text, "bundled games are the files"), files_in(&["games"], &["game"]).len());
    assert_eq!(number_before(&text, "variants of them in"), files_in(&["games/variants"], &["game"]).len());
}

#[test]
fn the_check_shown_in_the_tour_is_what_tabula_check_prints() {
    let text = readme();
    let mut shown = 0;
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let Some(command) = line.strip_prefix("$ tabula check ") else { continue };
        let files: Vec<&str> = command.split('#').next().unwrap_or_default().split_whitespace().collect();
        let expected: Vec<&str> =
            lines[i + 1..].iter().take_while(|l| !l.is_empty() && !l.starts_with('$')).copied().collect();
        let output = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .arg("check")
            .args(&files)
            .current_dir(root())
            .output()
            .expect("run tabula check");
        assert!(output.status.success(), "tabula check {files:?} failed");
        let printed = String::from_utf8_lossy(&output.stdout);
        assert_eq!(printed.lines().collect::<Vec<_>>(), expected, "README line {}", i + 1);
        shown += 1;
    }
    assert!(shown > 0, "the README shows no `$ tabula check` any more");
}

#[test]
fn every_repository_path_the_readme_names_exists() {
    let text = readme();
    let mut missing = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || "`()[]|,;:\"'".contains(c)) {
        let word = word.trim_end_matches('.');
        let rooted = ["games/", "docs/", "tests/", "src/", "benches/", "python/", "editors/", "grammar/", ".ci/"];
        if word.contains('*') || word.contains('…') || !rooted.iter().any(|r| word.starts_with(r)) {
            continue;
        }
        if !root().join(word).exists() {
            missing.push(word.to_string());
        }
    }
    assert!(missing.is_empty(), "the README names paths that do not exist: {missing:?}");
}

#[test]
fn installing_uses_the_locked_dependencies() {
    for line in readme().lines().filter(|l| l.contains("cargo install")) {
        assert!(line.contains("--locked"), "`cargo install` without --locked: {line}");
    }
}
