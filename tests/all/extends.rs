//! Games built on other games (`extends`, `without`): the merged rules, and diagnostics that
//! point into the file holding each problem.

use tabula::check::{Selection, check_all_variants, read};
use tabula::diagnostic::Sources;

fn check(file: &str) -> (Sources, tabula::check::Checked) {
    let mut sources = Sources::new();
    let id = read(&mut sources, std::path::Path::new(file)).expect("readable");
    let checked = check_all_variants(&mut sources, id);
    (sources, checked)
}

fn rendered(file: &str) -> String {
    let (sources, checked) = check(file);
    checked.diagnostics.iter().map(|d| sources.render(d, false, 100)).collect()
}

#[test]
fn a_derived_game_replaces_and_removes() {
    let (_, checked) = check("tests/extends/derived.game");
    assert!(!checked.has_errors(), "{:?}", checked.diagnostics);
    let game = checked.game.expect("game");
    assert_eq!(game.name, "Derived");
    let variants: Vec<&str> = game.variants.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(variants, ["Plain", "Hex"]);
    assert_eq!(game.board.site_count(), 19, "hexhex 3 replaces square 5");
    assert_eq!(game.counters, ["score"], "the base's counter is kept");
    let (_, hex) = tabula::check::load(
        std::path::Path::new("tests/extends/derived.game"),
        &Selection { variant: Some("Hex".into()), sets: vec![] },
    )
    .expect("Hex loads");
    assert_eq!(hex.variant.as_deref(), Some("Hex"));
}

#[test]
fn extends_problems_are_reported_where_they_are() {
    insta::with_settings!({snapshot_path => "../extends/snapshots", prepend_module_to_snapshot => false}, {
        for case in ["cycle-a", "missing-base", "bad-override", "bad-without"] {
            let text = rendered(&format!("tests/extends/{case}.game"));
            assert!(!text.is_empty(), "{case} has errors");
            insta::assert_snapshot!(case, text);
        }
    });
}

/// `tabula check FILE` run in `dir` with NO_COLOR, its standard input a pipe that stays open and
/// silent (as an editor's is to `tabula lsp`); killed after a minute, so that a check that
/// blocks fails the test instead of hanging it. The exit status and standard error.
fn check_in(dir: &std::path::Path, file: &str) -> (Option<i32>, String) {
    use std::io::Read;
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["check", file])
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tabula check");
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`tabula check {file}` did not finish within a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stderr = String::new();
    child.stderr.take().expect("stderr").read_to_string(&mut stderr).expect("read stderr");
    (status.code(), stderr)
}

/// A base game is read only from a regular file: `/dev/zero` never ends, a FIFO blocks until a
/// writer comes, `/dev/stdin` is the editor's messages under `tabula lsp`; each is refused
/// before it is opened, with the error on the `extends` string.
#[test]
fn a_base_that_is_not_a_regular_file_is_refused_unread() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let fifo = std::ffi::CString::new(dir.path().join("pipe.game").as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: `fifo` is a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0, "mkfifo");
    std::fs::create_dir(dir.path().join("dir.game")).unwrap();
    let cases = [
        ("zero", "/dev/zero", "a character device, not a regular file"),
        ("fifo", "pipe.game", "a FIFO or pipe, not a regular file"),
        ("stdin", "/dev/stdin", "a FIFO or pipe, not a regular file"),
        ("folder", "dir.game", "a directory, not a regular file"),
    ];
    let mut shown = String::new();
    for (case, base, label) in cases {
        let file = format!("extends-{case}.game");
        std::fs::write(dir.path().join(&file), format!("(game \"{case}\" (extends \"{base}\"))\n")).unwrap();
        let (code, stderr) = check_in(dir.path(), &file);
        assert_eq!(code, Some(1), "{stderr}");
        assert!(stderr.contains(label), "{case}: {stderr}");
        shown.push_str(&stderr);
    }
    insta::with_settings!({snapshot_path => "../extends/snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("not-regular", shown);
    });
}

/// A base larger than the limit on game files is refused from its size, before it is read.
#[test]
fn a_base_larger_than_a_game_file_may_be_is_refused() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let big = std::fs::File::create(dir.path().join("big.game")).unwrap();
    big.set_len(tabula::syntax::MAX_SOURCE_BYTES as u64 + 1).unwrap();
    std::fs::write(dir.path().join("child.game"), "(game \"Child\" (extends \"big.game\"))\n").unwrap();
    let (code, stderr) = check_in(dir.path(), "child.game");
    assert_eq!(code, Some(1), "{stderr}");
    let expected = format!("it is {} bytes, more than the limit of {} bytes", (4 << 20) + 1, 4 << 20);
    assert!(stderr.contains(&expected), "{stderr}");
}
