//! Warnings of `tabula check`: valid rules that are probably not what the author meant. Each
//! file under `tests/check/warnings/` checks without errors, with warnings whose exact text is
//! snapshot; `tabula check` exits 0, and 1 with `--deny-warnings`.

use std::path::Path;
use std::process::Command;

use tabula::check::{check_all_variants, read};
use tabula::diagnostic::{Severity, Sources};

fn cases() -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir("tests/check/warnings")
        .expect("corpus")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    files.sort();
    files
}

#[test]
fn warnings_are_reported_and_snapshot() {
    insta::with_settings!({snapshot_path => "../check/warnings/snapshots", prepend_module_to_snapshot => false}, {
        for path in cases() {
            let mut sources = Sources::new();
            let id = read(&mut sources, &path).expect("readable");
            let checked = check_all_variants(&mut sources, id);
            assert!(!checked.has_errors(), "{}: {:?}", path.display(), checked.diagnostics);
            assert!(checked.diagnostics.iter().any(|d| d.severity == Severity::Warning), "{} warns", path.display());
            let text: String = checked.diagnostics.iter().map(|d| sources.render(d, false, 100)).collect();
            insta::assert_snapshot!(path.file_stem().unwrap().to_string_lossy().to_string(), text);
        }
    });
}

#[test]
fn warnings_fail_only_with_deny_warnings() {
    let bin = env!("CARGO_BIN_EXE_tabula");
    for path in cases() {
        let status = |deny: bool| {
            let mut cmd = Command::new(bin);
            cmd.arg("check").arg(&path).env("NO_COLOR", "1");
            if deny {
                cmd.arg("--deny-warnings");
            }
            cmd.output().expect("runs").status.code()
        };
        assert_eq!(status(false), Some(0), "{}", path.display());
        assert_eq!(status(true), Some(1), "{} with --deny-warnings", path.display());
    }
}

#[test]
fn the_bundled_games_have_no_warnings() {
    for dir in ["games", "games/variants"] {
        for entry in std::fs::read_dir(dir).expect("games") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "game") {
                let mut sources = Sources::new();
                let id = read(&mut sources, Path::new(&path)).expect("readable");
                let checked = check_all_variants(&mut sources, id);
                assert!(checked.diagnostics.is_empty(), "{}: {:?}", path.display(), checked.diagnostics);
            }
        }
    }
}
