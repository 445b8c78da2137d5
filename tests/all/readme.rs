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

/// The lines of a game file that hold something besides comments and the `(meta ...)` form.
fn rule_lines(text: &str) -> usize {
    // Per byte: whether it is code, not a comment nor blank, outside the `(meta ...)` form
    // (its parentheses included).
    let bytes = text.as_bytes();
    let mut rule = vec![false; bytes.len()];
    let (mut string, mut comment) = (false, false);
    let mut meta: Vec<bool> = Vec::new();
    for (i, &c) in bytes.iter().enumerate() {
        if comment {
            comment = c != b'\n';
            continue;
        }
        if string {
            string = c != b'"' || bytes[i - 1] == b'\\';
        } else if c == b';' {
            comment = true;
            continue;
        } else if c == b'"' {
            string = true;
        } else if c == b'(' {
            meta.push(text[i + 1..].trim_start().starts_with("meta"));
        }
        rule[i] = !c.is_ascii_whitespace() && !meta.contains(&true);
        if !string && c == b')' {
            meta.pop();
        }
    }
    let mut start = 0;
    let mut count = 0;
    for line in text.split('\n') {
        count += usize::from(rule[start..start + line.len()].contains(&true));
        start += line.len() + 1;
    }
    count
}

#[test]
fn the_table_of_rule_lines_is_true() {
    let doc = std::fs::read_to_string(root().join("docs/GAMES.md")).expect("docs/GAMES.md");
    let mut listed = Vec::new();
    for line in doc.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let [_, file, lines, ..] = cells[..] else { continue };
        let Some(file) = file.strip_prefix('`').and_then(|f| f.strip_suffix('`')) else { continue };
        let text = std::fs::read_to_string(root().join("games").join(file)).expect(file);
        assert_eq!(lines.parse::<usize>().ok(), Some(rule_lines(&text)), "docs/GAMES.md: {file}");
        listed.push(file.to_string());
    }
    let mut files: Vec<String> = files_in(&["games"], &["game"])
        .iter()
        .filter(|p| p.parent().is_some_and(|d| d.ends_with("games")))
        .map(|p| p.file_name().unwrap_or_default().to_string_lossy().into_owned())
        .collect();
    files.sort();
    listed.sort();
    assert_eq!(listed, files, "docs/GAMES.md lists every bundled game once");
}
