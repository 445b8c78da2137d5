//! The command line facing hostile or mistaken input: empty, huge, deeply nested, binary and
//! missing files, unknown variants, options, subcommands and flags. Every case must end
//! quickly, without a panic, with exit status 1 (the file has problems) or 2 (the command
//! could not run), and say what is wrong on one line.

use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Longest any case may run.
const TIME_LIMIT: Duration = Duration::from_secs(10);

/// A directory of its own for one test, removed afterwards.
struct TempDir(PathBuf);

impl TempDir {
    fn new(test: &str) -> TempDir {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("tabula-bad-input-{}-{n}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create a temporary directory");
        TempDir(dir)
    }

    /// Writes `bytes` to `name` in the directory and returns its path.
    fn file(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, bytes).expect("write a temporary file");
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

struct Run {
    what: String,
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `tabula ARGS...` from the crate root, without colour or input, within [`TIME_LIMIT`].
fn tabula<I, S>(args: I) -> Run
where
    I: IntoIterator<Item = S>,
    S: Into<OsString>,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let what = format!("tabula {}", args.iter().map(|a| a.to_string_lossy()).collect::<Vec<_>>().join(" "));
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(&args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start `{what}`: {e}"));
    // Drain both pipes on their own threads so that a chatty child never blocks on a full pipe.
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_end(&mut bytes);
            }
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let stdout = drain(child.stdout.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let stderr = drain(child.stderr.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for tabula") {
            break status;
        }
        if start.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`{what}` did not finish within {TIME_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Run {
        what,
        code: status.code(),
        stdout: stdout.join().expect("stdout reader"),
        stderr: stderr.join().expect("stderr reader"),
    }
}

impl Run {
    /// No panic, the expected exit status, and `phrase` on one line of stderr.
    fn expect(&self, code: i32, phrase: &str) {
        let Run { what, stdout, stderr, .. } = self;
        assert!(!stderr.contains("panicked"), "`{what}` panicked:\n{stderr}");
        assert_eq!(self.code, Some(code), "`{what}` exit status\nstdout:\n{stdout}\nstderr:\n{stderr}");
        assert!(
            stderr.lines().any(|line| line.contains(phrase)),
            "`{what}` should say {phrase:?} on one line of stderr\nstderr:\n{stderr}"
        );
    }
}

fn arg(path: &Path) -> OsString {
    path.as_os_str().to_owned()
}

#[test]
fn empty_file() {
    let dir = TempDir::new("empty");
    let file = dir.file("empty.game", b"");
    tabula([OsString::from("check"), arg(&file)]).expect(1, "the file describes no game");
}

#[test]
fn whitespace_only_file() {
    let dir = TempDir::new("blank");
    let file = dir.file("blank.game", b"\n   \n\t\n");
    tabula([OsString::from("check"), arg(&file)]).expect(1, "the file describes no game");
}

#[test]
fn ten_thousand_open_parentheses() {
    let dir = TempDir::new("deep");
    let file = dir.file("deep.game", "(".repeat(10_000).as_bytes());
    tabula([OsString::from("check"), arg(&file)]).expect(1, "nested more than 200 deep");
}

#[test]
fn ten_thousand_balanced_parentheses() {
    let dir = TempDir::new("deep-balanced");
    let text = format!("{}{}", "(".repeat(10_000), ")".repeat(10_000));
    let file = dir.file("deep.game", text.as_bytes());
    tabula([OsString::from("check"), arg(&file)]).expect(1, "nested more than 200 deep");
}

#[test]
fn nesting_just_within_the_limit() {
    // 190 levels of `not` inside a valid game: the parser accepts it, the checker must cope
    // without overflowing its stack (the file is then rejected for an unrelated reason).
    let dir = TempDir::new("nested");
    let depth = 190;
    let text = format!(
        "(game \"Deep\"\n  (players \"White\" \"Black\")\n  (board (square 5))\n  (play (turn (place (to empty))))\n  \
         (end (when {}(board-full){} (draw) (draw))))\n",
        "(not ".repeat(depth),
        ")".repeat(depth)
    );
    let file = dir.file("nested.game", text.as_bytes());
    tabula([OsString::from("check"), arg(&file)]).expect(1, "unexpected argument");
}

#[test]
fn five_megabyte_file() {
    let dir = TempDir::new("huge");
    let line = format!("; {}\n", "x".repeat(77));
    let mut text = String::from("(game \"Huge\"\n");
    while text.len() < 5 * 1024 * 1024 {
        text.push_str(&line);
    }
    text.push_str(")\n");
    let file = dir.file("huge.game", text.as_bytes());
    tabula([OsString::from("check"), arg(&file)]).expect(1, "game files are limited to");
}

#[test]
fn binary_file_with_invalid_utf8() {
    let dir = TempDir::new("binary");
    let mut bytes = b"(game \"".to_vec();
    bytes.extend_from_slice(&[0xff, 0xfe, 0x00, 0xc3, 0x28, 0x80, 0x9f]);
    bytes.extend_from_slice(b"\")\n");
    bytes.extend((0..=255u8).cycle().take(4096));
    let file = dir.file("binary.game", &bytes);
    tabula([OsString::from("check"), arg(&file)]).expect(1, "is not UTF-8 text");
}

#[test]
fn missing_file() {
    let dir = TempDir::new("missing");
    let file = dir.0.join("no-such-file.game");
    tabula([OsString::from("check"), arg(&file)]).expect(2, "cannot read");
    tabula([OsString::from("info"), arg(&file)]).expect(2, "cannot read");
}

#[test]
fn directory_instead_of_a_file() {
    let dir = TempDir::new("directory");
    tabula([OsString::from("check"), arg(&dir.0)]).expect(2, "cannot read");
}

#[test]
fn unknown_variant() {
    tabula(["info", "games/watershed.game", "--variant", "Nope"]).expect(2, "unknown variant \"Nope\"");
}

#[test]
fn misspelt_variant_gets_a_suggestion() {
    tabula(["info", "games/watershed.game", "--variant", "Plateu"]).expect(2, "Plateau");
}

#[test]
fn unknown_option() {
    tabula(["info", "games/watershed.game", "--set", "nope=1"]).expect(2, "unknown option `nope`");
}

#[test]
fn option_value_not_allowed() {
    tabula(["info", "games/watershed.game", "--set", "size=8"]).expect(2, "option `size` takes one of");
}

#[test]
fn option_value_not_a_number() {
    tabula(["info", "games/watershed.game", "--set", "size=abc"]).expect(2, "option `size` takes one of");
}

#[test]
fn option_without_a_value() {
    tabula(["info", "games/watershed.game", "--set", "size"]).expect(2, "expected KEY=VALUE");
}

#[test]
fn unknown_subcommand() {
    tabula(["frobnicate", "games/watershed.game"]).expect(2, "unrecognized subcommand 'frobnicate'");
}

#[test]
fn unknown_flag() {
    tabula(["check", "--frobnicate", "games/watershed.game"]).expect(2, "unexpected argument '--frobnicate'");
}
