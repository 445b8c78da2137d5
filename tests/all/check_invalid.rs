//! The corpus of broken game files in `tests/check/invalid/`: every file must be rejected, its
//! first error must be the one its `; expect: CODE "TEXT"` line announces, and the exact
//! rendering of all its diagnostics is pinned by a snapshot in `tests/check/snapshots/`.
//!
//! To add a case: write `tests/check/invalid/NAME.game` starting with
//! `; expect: CODE "TEXT"` (CODE of the first error, TEXT the source text its primary label
//! covers, or `""` to skip that check), run
//! `INSTA_UPDATE=always cargo test check_invalid::`, and review the new `.snap` file.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use tabula::check::check_all_variants;
use tabula::diagnostic::{Diagnostic, Sources};

const CORPUS: &str = "tests/check/invalid";

/// One broken file of the corpus.
struct Case {
    /// File stem, also the snapshot name.
    name: String,
    /// Path relative to the crate root, as diagnostics show it.
    path: String,
    text: String,
    expect_code: String,
    expect_text: String,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn corpus() -> Vec<Case> {
    let dir = root().join(CORPUS);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    files.sort();
    assert!(files.len() >= 36, "the corpus should hold at least 36 files, found {}", files.len());
    files.iter().map(|p| case(p)).collect()
}

fn case(file: &Path) -> Case {
    let name = file.file_stem().and_then(|s| s.to_str()).expect("UTF-8 file name").to_string();
    let path = format!("{CORPUS}/{name}.game");
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let (expect_code, expect_text) = expectation(&text).unwrap_or_else(|| {
        panic!("{path}: the first line must be `; expect: CODE \"TEXT\"`, found {:?}", text.lines().next())
    });
    Case { name, path, text, expect_code, expect_text }
}

/// Parses `; expect: CODE "TEXT"` (TEXT may itself contain quotes: only the outer pair counts).
fn expectation(text: &str) -> Option<(String, String)> {
    let rest = text.lines().next()?.strip_prefix("; expect:")?.trim();
    let (code, quoted) = rest.split_once(char::is_whitespace)?;
    let inner = quoted.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((code.to_string(), inner.to_string()))
}

fn check(case: &Case) -> (Sources, Vec<Diagnostic>) {
    let mut sources = Sources::new();
    let id = sources.add(case.path.clone(), case.text.clone());
    let checked = check_all_variants(&mut sources, id);
    (sources, checked.diagnostics)
}

fn render(sources: &Sources, diagnostics: &[Diagnostic]) -> String {
    diagnostics.iter().map(|d| sources.render(d, false, 100)).collect()
}

#[test]
fn snapshots() {
    for case in corpus() {
        let (sources, diagnostics) = check(&case);
        let output = render(&sources, &diagnostics);
        insta::with_settings!({
            snapshot_path => "../check/snapshots",
            prepend_module_to_snapshot => false,
            description => case.path.clone(),
            omit_expression => true,
        }, {
            insta::assert_snapshot!(case.name.as_str(), output);
        });
    }
}

#[test]
fn first_error_is_the_expected_one() {
    let mut failures = Vec::new();
    for case in corpus() {
        let (sources, diagnostics) = check(&case);
        let Some(first) = diagnostics.iter().find(|d| d.is_error()) else {
            failures.push(format!("{}: no error reported", case.path));
            continue;
        };
        if first.code != case.expect_code {
            failures.push(format!(
                "{}: first error is {} ({:?}), expected {}",
                case.path, first.code, first.message, case.expect_code
            ));
            continue;
        }
        if case.expect_text.is_empty() {
            continue;
        }
        let Some(label) = first.labels.first() else {
            failures.push(format!("{}: the first error ({}) has no label", case.path, first.code));
            continue;
        };
        let text = &sources.get(label.span.source).text;
        let covered = text.get(label.span.start as usize..label.span.end as usize);
        if covered != Some(case.expect_text.as_str()) {
            failures.push(format!(
                "{}: the primary label of {} covers {:?}, expected {:?}",
                case.path, first.code, covered, case.expect_text
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} file(s) do not match their `; expect:` line:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn cli_rejects_every_file() {
    let mut failures = Vec::new();
    for case in corpus() {
        let output = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["check", &case.path])
            .current_dir(root())
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .output()
            .expect("run tabula");
        let stderr = String::from_utf8_lossy(&output.stderr);
        if stderr.contains("panicked") {
            failures.push(format!("{}: tabula panicked:\n{stderr}", case.path));
        } else if output.status.code() != Some(1) {
            failures.push(format!("{}: `tabula check` exited with {}, expected 1", case.path, output.status));
        } else if !stderr.contains(&case.expect_code) {
            failures.push(format!("{}: `tabula check` does not mention {}:\n{stderr}", case.path, case.expect_code));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn expectation_lines_parse() {
    assert_eq!(
        expectation("; expect: tabula::check::unknown_relation \"orthogonl\"\n(game"),
        Some(("tabula::check::unknown_relation".into(), "orthogonl".into()))
    );
    assert_eq!(
        expectation("; expect: tabula::check::unknown_player \"\"Green\"\"\n"),
        Some(("tabula::check::unknown_player".into(), "\"Green\"".into()))
    );
    assert_eq!(
        expectation("; expect: tabula::check::empty_file \"\""),
        Some(("tabula::check::empty_file".into(), String::new()))
    );
    assert_eq!(expectation("(game \"X\")"), None);
}

#[test]
fn every_snapshot_has_its_file() {
    let names: Vec<String> = corpus().into_iter().map(|c| c.name).collect();
    let dir = root().join("tests/check/snapshots");
    let orphans: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|f| f.ends_with(".snap"))
        .filter(|f| !names.iter().any(|n| f.strip_suffix(".snap") == Some(n.as_str())))
        .collect();
    assert!(orphans.is_empty(), "snapshots without a file in {CORPUS}/ (delete them): {orphans:?}");
}
