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
    tabula_with_input(args, None)
}

/// Runs `tabula ARGS...` like [`tabula`], with `input` (if any) on its standard input.
fn tabula_with_input<I, S>(args: I, input: Option<&[u8]>) -> Run
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
        .stdin(if input.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start `{what}`: {e}"));
    if let (Some(input), Some(mut stdin)) = (input, child.stdin.take()) {
        let input = input.to_vec();
        std::thread::spawn(move || {
            use std::io::Write;
            let _ = stdin.write_all(&input);
        });
    }
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

// ---------------------------------------------------------------------------------------------
// Writes never destroy what is not theirs (issue 10). These run as any user; the device cases
// matter most as root, where a rename over `/dev/null` succeeds.

use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};

/// A game file on one line: valid, but not in the canonical layout, so `fmt` rewrites it.
const ONE_LINE_GAME: &str = "(game \"Tiny\" (players \"White\" \"Black\") (board (square 3)) \
                             (play (turn (place (to empty)))) (end (when (board-full) (draw))))\n";

#[test]
fn render_to_dev_null_leaves_it_a_device() {
    let run = tabula(["render", "games/watershed.game", "--out", "/dev/null"]);
    assert_eq!(run.code, Some(0), "{}: {}", run.what, run.stderr);
    let meta = std::fs::symlink_metadata("/dev/null").expect("/dev/null");
    assert!(meta.file_type().is_char_device(), "/dev/null is no longer a character device");
}

#[test]
fn save_to_dev_full_reports_the_error_and_leaves_it_a_device() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    tabula(["render", "games/watershed.game", "--out", "/dev/full"]).expect(2, "No space left on device");
    let meta = std::fs::symlink_metadata("/dev/full").expect("/dev/full");
    assert!(meta.file_type().is_char_device(), "/dev/full is no longer a character device");
}

#[test]
fn fmt_through_a_symlink_writes_its_target_and_keeps_the_link() {
    let dir = TempDir::new("fmt-link");
    let real = dir.file("real.game", ONE_LINE_GAME.as_bytes());
    let link = dir.0.join("link.game");
    std::os::unix::fs::symlink("real.game", &link).expect("symlink");
    let run = tabula([OsString::from("fmt"), arg(&link)]);
    assert_eq!(run.code, Some(0), "{}: {}", run.what, run.stderr);
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link was replaced");
    let text = std::fs::read_to_string(&real).unwrap();
    assert_ne!(text, ONE_LINE_GAME, "the link's target was not formatted");
    assert!(text.lines().count() > 3, "formatted text expected, got {text:?}");
}

#[test]
fn a_rewritten_file_keeps_its_mode() {
    let dir = TempDir::new("mode");
    let file = dir.file("tiny.game", ONE_LINE_GAME.as_bytes());
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
    let run = tabula([OsString::from("fmt"), arg(&file)]);
    assert_eq!(run.code, Some(0), "{}: {}", run.what, run.stderr);
    assert_ne!(std::fs::read_to_string(&file).unwrap(), ONE_LINE_GAME);
    assert_eq!(std::fs::metadata(&file).unwrap().mode() & 0o777, 0o640);

    let svg = dir.file("board.svg", b"old");
    std::fs::set_permissions(&svg, std::fs::Permissions::from_mode(0o600)).unwrap();
    let run = tabula([OsString::from("render"), "games/watershed.game".into(), "--out".into(), arg(&svg)]);
    assert_eq!(run.code, Some(0), "{}: {}", run.what, run.stderr);
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    assert_eq!(std::fs::metadata(&svg).unwrap().mode() & 0o777, 0o600);
}

#[test]
fn a_hard_linked_file_is_written_in_place() {
    let dir = TempDir::new("hardlink");
    let file = dir.file("a.svg", b"old");
    let other = dir.0.join("b.svg");
    std::fs::hard_link(&file, &other).unwrap();
    let run = tabula([OsString::from("render"), "games/watershed.game".into(), "--out".into(), arg(&file)]);
    assert_eq!(run.code, Some(0), "{}: {}", run.what, run.stderr);
    assert!(std::fs::read_to_string(&other).unwrap().starts_with("<svg"), "the other name lost the file");
}

#[test]
fn render_to_a_directory_is_refused() {
    let dir = TempDir::new("out-dir");
    tabula([OsString::from("render"), "games/watershed.game".into(), "--out".into(), arg(&dir.0)])
        .expect(2, "is a directory");
    tabula(["render", "games/watershed.game", "--out", "."]).expect(2, "is a directory");
}

#[test]
fn render_out_dash_is_standard_output() {
    let run = tabula(["render", "games/watershed.game", "--out", "-"]);
    assert_eq!(run.code, Some(0), "{}: {}", run.what, run.stderr);
    assert!(run.stdout.starts_with("<svg"), "SVG on stdout expected, got {:?}", run.stdout);
    assert!(!Path::new(env!("CARGO_MANIFEST_DIR")).join("-").exists(), "a file named `-` was written");
}

// ---------------------------------------------------------------------------------------------
// Reads are bounded before they happen: endless inputs are refused quickly.

#[test]
fn endless_game_file() {
    tabula(["check", "/dev/zero"]).expect(1, "game files are limited to");
    tabula(["fmt", "--stdout", "/dev/zero"]).expect(1, "game files are limited to");
}

#[test]
fn extends_an_endless_file() {
    let dir = TempDir::new("extends-zero");
    let file = dir.file("child.game", b"(game \"Child\" (extends \"/dev/zero\"))\n");
    tabula([OsString::from("check"), arg(&file)]).expect(1, "not a regular file");
}

#[test]
fn endless_record() {
    tabula(["replay", "games/watershed.game", "/dev/zero"]).expect(1, "more than");
}

#[test]
fn endless_fifo() {
    let dir = TempDir::new("fifo");
    let fifo = dir.0.join("fifo.game");
    let name = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: `name` is a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0, "mkfifo");
    // A writer that never stops (it ends when the reader closes the FIFO).
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            use std::io::Write;
            if let Ok(mut f) = std::fs::OpenOptions::new().write(true).open(&fifo) {
                let block = vec![b' '; 64 * 1024];
                while f.write_all(&block).is_ok() {}
            }
        })
    };
    tabula([OsString::from("check"), arg(&fifo)]).expect(1, "game files are limited to");
    writer.join().unwrap();
}

// ---------------------------------------------------------------------------------------------
// Numbers from the command line: out of range is a usage error, never a panic or an abort.

#[test]
fn numbers_out_of_range() {
    tabula(["bench", "games/watershed.game", "--seconds", "1e20"]).expect(2, "out of range");
    tabula(["bench", "games/watershed.game", "--runs", "0"]).expect(2, "out of range");
    tabula(["analyze", "games/watershed.game", "--games", "18446744073709551615"]).expect(2, "out of range");
    tabula(["analyze", "games/watershed.game", "--games", "100000000000"]).expect(2, "out of range");
    tabula(["playout", "games/watershed.game", "--threads", "2", "--games", "1000000000000"]).expect(2, "out of range");
    tabula(["playout", "games/watershed.game", "--threads", "10000"]).expect(2, "out of range");
    tabula(["playout", "games/watershed.game", "--games", "10^12"]).expect(2, "not a whole number");
    for command in ["playout", "analyze", "match", "tournament"] {
        tabula([command, "games/watershed.game", "--games", "0"]).expect(2, "out of range");
        tabula([command, "games/watershed.game", "--threads", "0"]).expect(2, "out of range");
    }
}

#[test]
fn more_threads_than_games_are_not_started() {
    let run = tabula(["playout", "games/watershed.game", "--games", "3", "--threads", "256", "--json"]);
    assert_eq!(run.code, Some(0), "{}: {}", run.what, run.stderr);
    assert!(run.stdout.contains("\"games\": 3"), "{}", run.stdout);
}

// ---------------------------------------------------------------------------------------------
// Records: problems of the record are reported as such (exit 1, with its line), and files
// from other editors (a byte order mark, old Mac line endings) are read.

#[test]
fn record_option_not_in_the_game() {
    let dir = TempDir::new("record-set");
    let rec = dir.file("bad.rec", b"game Watershed\nvariant Plateau\nset size=6\na1\n");
    tabula([OsString::from("replay"), "games/watershed.game".into(), arg(&rec)]).expect(1, "line 3: `set size=6`");
}

#[test]
fn record_of_another_game_with_a_variant_line() {
    let dir = TempDir::new("record-other");
    let rec = dir.file("ws.rec", b"game Watershed\nvariant Plateau\nset size=5\na1\n");
    tabula([OsString::from("replay"), "games/ketchup.game".into(), arg(&rec)])
        .expect(1, "the record is of \"Watershed\", but the game file describes \"Ketchup\"");
}

#[test]
fn record_with_a_byte_order_mark_and_carriage_returns() {
    let dir = TempDir::new("record-cr");
    let rec = dir.file("mac.rec", "\u{feff}game Watershed\rvariant Plateau\rset size=5\ra1\ra2\r".as_bytes());
    let run = tabula([OsString::from("replay"), "games/watershed.game".into(), arg(&rec)]);
    assert_eq!(run.code, Some(0), "{}: {}", run.what, run.stderr);
    assert!(run.stdout.contains("turn 3: Dark to move"), "{}", run.stdout);
}

#[test]
fn game_file_with_a_byte_order_mark_and_carriage_returns() {
    let dir = TempDir::new("game-cr");
    let text = format!("\u{feff}; a comment\r{}", ONE_LINE_GAME.replace(") (", ")\r("));
    let file = dir.file("mac.game", text.as_bytes());
    let run = tabula([OsString::from("check"), arg(&file)]);
    assert_eq!(run.code, Some(0), "{}: {}{}", run.what, run.stdout, run.stderr);
}

// ---------------------------------------------------------------------------------------------
// `play`: records are not overwritten by surprise, bad paths are found before the game,
// and a line that is not text is refused, not taken for the end of input.

#[test]
fn play_record_refuses_an_existing_file() {
    let dir = TempDir::new("play-existing");
    let rec = dir.file("game.rec", b"precious\n");
    let args = |force: bool| {
        let mut a: Vec<OsString> =
            ["play", "games/watershed.game", "--players", "human,random", "--record"].map(OsString::from).to_vec();
        a.push(arg(&rec));
        if force {
            a.push("--force".into());
        }
        a
    };
    tabula_with_input(args(false), Some(b"quit\n")).expect(2, "already exists; give --force");
    assert_eq!(std::fs::read_to_string(&rec).unwrap(), "precious\n");
    let run = tabula_with_input(args(true), Some(b"quit\n"));
    assert_eq!(run.code, Some(0), "{}: {}", run.what, run.stderr);
    assert!(std::fs::read_to_string(&rec).unwrap().contains("game Watershed"));
}

#[test]
fn play_save_refuses_an_existing_file_unless_told() {
    let dir = TempDir::new("play-save");
    let rec = dir.file("game.rec", b"precious\n");
    let script = format!("c3\nsave {0}\nsave! {0}\nquit\n", rec.display());
    let run = tabula_with_input(["play", "games/watershed.game", "--players", "human,random"], Some(script.as_bytes()));
    assert_eq!(run.code, Some(0), "{}: {}", run.what, run.stderr);
    assert!(run.stdout.contains("already exists: `save! "), "{}", run.stdout);
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(text.contains("game Watershed") && text.contains("c3"), "save! did not overwrite: {text:?}");
}

#[test]
fn play_record_to_a_bad_path_fails_before_the_game() {
    let dir = TempDir::new("play-bad-path");
    for flag in ["--record", "--svg"] {
        let mut args: Vec<OsString> =
            ["play", "games/watershed.game", "--players", "random,random", flag].map(OsString::from).to_vec();
        args.push(arg(&dir.0.join("no-such-dir").join("file")));
        let run = tabula(args);
        run.expect(2, "cannot write the");
        assert!(!run.stdout.contains("plays"), "the game started: {}", run.stdout);
    }
}

#[test]
fn play_refuses_a_line_that_is_not_text() {
    let run =
        tabula_with_input(["play", "games/watershed.game", "--players", "human,random"], Some(b"\xff\xfe c3\nquit\n"));
    assert_eq!(run.code, Some(0), "{}: {}", run.what, run.stderr);
    assert!(run.stdout.contains("not an action: the line is not UTF-8 text"), "{}", run.stdout);
    assert!(!run.stdout.contains("input ended"), "{}", run.stdout);
}

/// Peak memory of a whole random Kensington game played by `play`: `undo` used to keep a copy
/// of the state (with its repetition table) per action, so memory grew with the square of the
/// game — 465 MB for such a game. Measured from the kernel's account of the child
/// (`RUSAGE_CHILDREN`), by a small Python parent: a child forked from this test process would
/// count the test process's own memory (Linux keeps a process's peak across `exec`), which
/// grows with the other tests running beside this one.
#[test]
fn play_memory_does_not_grow_with_the_square_of_the_game() {
    const CEILING_KB: i64 = 64 * 1024;
    const PARENT: &str = "import resource, subprocess, sys\n\
        r = subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, timeout=120)\n\
        print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)";
    let out = Command::new("python3")
        .args(["-c", PARENT, env!("CARGO_BIN_EXE_tabula")])
        .args(["play", "games/kensington.game", "--players", "random,random", "--seed", "1"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("start python3");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "the measuring parent failed: {text} {}", String::from_utf8_lossy(&out.stderr));
    let numbers: Vec<i64> = text.split_whitespace().map(|w| w.parse().expect("a number")).collect();
    assert_eq!(numbers[0], 0, "tabula play failed");
    let peak_kb = numbers[1];
    assert!(peak_kb < CEILING_KB, "peak memory {peak_kb} kB, above {CEILING_KB} kB");
}

#[test]
fn a_file_rewritten_by_root_keeps_its_owner() {
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        return; // Only root can give a file to someone else.
    }
    let dir = TempDir::new("owner");
    let svg = dir.file("board.svg", b"old");
    std::os::unix::fs::chown(&svg, Some(65534), Some(65534)).expect("chown");
    let run = tabula([OsString::from("render"), "games/watershed.game".into(), "--out".into(), arg(&svg)]);
    assert_eq!(run.code, Some(0), "{}: {}", run.what, run.stderr);
    let meta = std::fs::metadata(&svg).unwrap();
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    assert_eq!((meta.uid(), meta.gid()), (65534, 65534), "the file changed owner");
}
