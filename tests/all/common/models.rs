//! What the harnesses of the independent models (`classics_model`, `classics_moving`) share:
//! running a command with its input, reading its JSON, and the actions of a record.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

pub fn run(command: &mut Command, input: Option<&str>) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = command
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{command:?} does not start: {e}"));
    // All input is written before any output is read: the model reads the whole of stdin
    // before it prints, so neither side waits on a full pipe.
    let mut stdin = child.stdin.take().expect("piped stdin");
    if let Some(text) = input {
        stdin.write_all(text.as_bytes()).expect("write stdin");
    }
    drop(stdin);
    child.wait_with_output().expect("wait")
}

pub fn stdout_of(command: &mut Command, input: Option<&str>) -> String {
    let out = run(command, input);
    assert!(
        out.status.success(),
        "{command:?} failed ({}):\n{}{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

pub fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

pub fn player_names(file: &Path) -> String {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    let info = json(&stdout_of(command.arg("info").arg(file).arg("--json"), None));
    let names: Vec<&str> =
        info["players"].as_array().expect("players").iter().map(|p| p["name"].as_str().expect("name")).collect();
    assert_eq!(names.len(), 2, "two players");
    names.join(",")
}

/// The actions of a record in order (a turn line may hold several), without header and
/// comments.
pub fn record_actions(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("record");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with(';'))
        .filter(|l| !["game ", "variant ", "set "].iter().any(|h| l.starts_with(h)))
        .flat_map(|l| l.split_whitespace().map(String::from).collect::<Vec<_>>())
        .collect()
}
