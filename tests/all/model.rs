//! Differential test against the reference model of the whole language in `tests/model/`,
//! written from `docs/LANGUAGE.md` by someone who did not read the engine: random rule files
//! from its generator are played by both, comparing perft counts, the legal actions at every
//! decision point (through `tabula moves`) and every result (through `tabula replay`).
//!
//! This is the fast slice; the long run is documented in `tests/model/README.md`
//! (`python3 tests/model/run_long.py --files 2000`).

use std::process::Command;

#[test]
fn generated_games_agree_with_the_reference_model() {
    let out = Command::new("python3")
        .args(["tests/model/run_long.py", "--files", "30", "--seed", "1", "--tabula", env!("CARGO_BIN_EXE_tabula")])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("python3 runs (it is a prerequisite of the test suite)");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let summary = stdout.lines().last().unwrap_or_default();
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(summary.contains(" 0 disagreements"), "{summary}");
    assert!(!summary.contains("decision points compared 0 "), "something was compared: {summary}");
}
