//! `tabula lsp` against a hostile client and hostile rule files: a flood of changes, bases that
//! are devices or pipes, and framing that lies. Each is answered — with diagnostics, a prompt
//! hover, or a clear error and a non-zero exit — and none hangs: every wait has a deadline
//! (the client of `lsp.rs` waits at most a minute for any answer; the raw processes here are
//! killed after one).

use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::lsp::{Server, range};

/// How long a raw server process may run before the test kills it and fails.
const DEADLINE: Duration = Duration::from_secs(60);

/// Ten thousand changes sent as fast as the pipe takes them, then a hover: the changes are
/// applied as they come, checks wait for a quiet spell, so the hover is answered before a
/// queue of checks and the burst costs a handful of checks, not one per change (5 492 checks
/// for the same burst before the change).
#[test]
fn a_burst_of_changes_is_checked_a_few_times_and_a_hover_does_not_wait() {
    const CHANGES: i64 = 10_000;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/chess.game");
    let text = std::fs::read_to_string(&path).unwrap();
    let uri = "file:///nowhere/burst.game";
    let mut server = Server::start();
    server.open(uri, &text);
    assert_eq!(server.diagnostics(uri, Some(1)), Vec::<Value>::new());
    let started = Instant::now();
    for version in 2..CHANGES + 2 {
        // Alternately add and remove a space at the start of the file.
        let (end, new) = if version % 2 == 0 { (0, " ") } else { (1, "") };
        server.change(
            uri,
            version,
            json!([{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": end}}, "text": new}]),
        );
    }
    let sent = started.elapsed();
    // `game` on line 5, from its first letter.
    let hover = server.at("textDocument/hover", uri, 5, 1);
    let answered = started.elapsed();
    assert!(hover["contents"]["value"].as_str().unwrap().starts_with("### `game`"), "{hover}");
    let published = |messages: &[Value]| {
        messages
            .iter()
            .filter(|m| m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri)
            .map(|m| m["params"]["version"].as_i64().unwrap())
            .collect::<Vec<i64>>()
    };
    let before_hover = published(&server.take_received());
    let last = CHANGES + 1;
    if !before_hover.contains(&last) {
        assert_eq!(server.diagnostics(uri, Some(last)), Vec::<Value>::new());
    }
    let status = server.request("tabula/status", Value::Null);
    let after_hover = published(&server.take_received());
    let checks = &status["checks"];
    let count = |key: &str| checks[key].as_u64().unwrap_or_else(|| panic!("{key} in {status}"));
    eprintln!(
        "{CHANGES} changes sent in {sent:?}, hover answered {answered:?} after the first; checks: {checks}; \
         diagnostics published before the hover: {}",
        before_hover.len()
    );
    // Every check started has finished: published or dropped as out of date.
    assert_eq!(count("started"), count("published") + count("superseded"), "{status}");
    // One publication per published check: the opening one, and those of the burst.
    assert_eq!(count("published") as usize, 1 + before_hover.len() + usize::from(!before_hover.contains(&last)));
    assert!(after_hover.is_empty(), "{after_hover:?}");
    // A few checks for ten thousand changes: at most one per quiet spell of 100 ms or per second.
    assert!(count("started") <= 20, "{status}");
    assert!(before_hover.len() <= 20, "the hover waited behind {} published checks", before_hover.len());
    server.shut_down();
}

/// A file whose base is `base`, opened in the editor from `dir`: its diagnostics come (not a
/// hang), one error on the `extends` string saying what the base is; a hover on that string
/// and a completion (which read the base too) are answered.
fn extends_is_refused(server: &mut Server, dir: &std::path::Path, name: &str, base: &str, what: &str) {
    let text = format!("(game \"{name}\" (extends \"{base}\") (players \"A\" \"B\"))\n");
    let uri = format!("file://{}", dir.join(format!("{name}.game")).display());
    server.open(&uri, &text);
    let found = server.diagnostics(&uri, Some(1));
    assert_eq!(found.len(), 1, "{name}: {found:#?}");
    assert_eq!(found[0]["code"], "tabula::check::extends", "{name}: {found:#?}");
    let start = text.find(&format!("\"{base}\"")).unwrap() as u64;
    assert_eq!(range(&found[0]), (0, start, 0, start + base.len() as u64 + 2), "{name}: {found:#?}");
    let resolved = if base.starts_with('/') { base.to_string() } else { dir.join(base).display().to_string() };
    assert_eq!(
        found[0]["message"],
        format!(
            "cannot read the base game `{resolved}`\n{what}, not a regular file\nhelp: a base game is read only from a regular file"
        ),
        "{name}"
    );
    let hover = server.at("textDocument/hover", &uri, 0, start as u32 + 1);
    assert_eq!(hover["contents"]["value"], format!("**extends** `{resolved}` (not found)"), "{name}");
    let end = text.len() as u32 - 2;
    server.at("textDocument/completion", &uri, 0, end);
}

/// `(extends "/dev/zero")` never ends, a FIFO blocks its reader until a writer comes, and
/// `/dev/stdin` is the editor's own messages: the server opens none of them.
#[test]
fn extends_of_a_device_a_fifo_or_stdin_is_a_diagnostic_not_a_hang() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let status = Command::new("mkfifo").arg(dir.path().join("pipe.game")).status().expect("run mkfifo");
    assert!(status.success(), "mkfifo: {status}");
    let mut server = Server::start();
    extends_is_refused(&mut server, dir.path(), "zero", "/dev/zero", "a character device");
    extends_is_refused(&mut server, dir.path(), "fifo", "pipe.game", "a FIFO or pipe");
    extends_is_refused(&mut server, dir.path(), "stdin", "/dev/stdin", "a FIFO or pipe");
    // The server still reads the editor's messages: its standard input was left alone.
    assert_eq!(server.request("tabula/status", Value::Null)["checks"]["published"], 3);
    server.shut_down();
}

/// How a raw server process ended.
struct Ended {
    code: i32,
    stderr: String,
    /// Peak memory, in kB. Linux starts a child's count at what the process that started it
    /// held when the child began (`getrusage(2)`: the peak is kept across `execve`), so a child
    /// of this test harness, which runs hundreds of tests at once, can report the harness's
    /// memory rather than its own: see `harness_kb`.
    peak_kb: i64,
    /// The test harness's own peak memory, in kB, read when the child had ended: at least
    /// what the child's count began with.
    harness_kb: i64,
}

impl Ended {
    /// Whether the server's own peak memory stayed under `kb`, as far as its count can tell:
    /// a count no higher than the harness's own peak may be the harness's.
    fn stayed_under(&self, kb: i64) -> bool {
        self.peak_kb < kb.max(self.harness_kb + 1)
    }
}

/// A raw `tabula lsp` fed `input`, its standard input then left open (`close` false) or closed;
/// killed, failing the test, if it has not stopped after [`DEADLINE`].
#[allow(clippy::zombie_processes, reason = "the child is reaped by `wait4`, which also reports its peak memory")]
fn raw(input: &[u8], close: bool) -> Ended {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    command.arg("lsp").stdin(Stdio::piped()).stdout(Stdio::null()).stderr(Stdio::piped());
    // The server may hold no more than 1 GiB of data: room made for a message of 1.5 GB fails
    // at once, whatever the harness's memory makes the count of its peak say (`Ended`).
    // SAFETY: the closure runs in the child before `exec`; setrlimit is async-signal-safe and
    // nothing in it allocates.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit { rlim_cur: 1 << 30, rlim_max: 1 << 30 };
            match libc::setrlimit(libc::RLIMIT_DATA, &limit) {
                0 => Ok(()),
                _ => Err(std::io::Error::last_os_error()),
            }
        });
    }
    let mut child: Child = command.spawn().expect("start tabula lsp");
    let mut stdin = child.stdin.take().expect("stdin");
    // The server may stop before it has read everything; a broken pipe is then expected.
    let _ = stdin.write_all(input).and_then(|()| stdin.flush());
    let open = (!close).then_some(stdin);
    let mut stderr = child.stderr.take().expect("stderr");
    let reading = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: rusage is plain data; wait4 fills it for our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let started = Instant::now();
    loop {
        // SAFETY: `pid` is our child, not yet reaped (std's handle is never waited on).
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if r == pid {
            break;
        }
        assert!(r == 0, "wait4 failed");
        if started.elapsed() > DEADLINE {
            // SAFETY: killing our own child.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            panic!("tabula lsp did not stop within {DEADLINE:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    drop(open);
    assert!(libc::WIFEXITED(status), "tabula lsp was killed: status {status}");
    // SAFETY: rusage is plain data.
    let mut own: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage fills the rusage it is given, for this process.
    let got = unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut own) };
    assert_eq!(got, 0, "getrusage failed");
    Ended {
        code: libc::WEXITSTATUS(status),
        stderr: reading.join().unwrap(),
        peak_kb: usage.ru_maxrss,
        harness_kb: own.ru_maxrss,
    }
}

fn framed(body: &str) -> String {
    format!("Content-Length: {}\r\n\r\n{body}", body.len())
}

const INITIALIZE: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#;
const INITIALIZED: &str = r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#;

/// Feeds `input` (standard input then left open, or closed) and expects exit status 1 with
/// `why` as the one line on standard error.
fn stops_saying(input: &str, close: bool, why: &str) -> Ended {
    let ended = raw(input.as_bytes(), close);
    assert_eq!(
        (ended.code, ended.stderr.as_str()),
        (1, format!("error: lsp: unreadable input from the client: {why}\n").as_str()),
        "input {input:?}"
    );
    ended
}

/// Broken framing stops the server with its real reason (it used to say that the client had
/// closed the connection), before `initialize` or in the middle of a session.
#[test]
fn broken_framing_is_named_as_the_reason_to_stop() {
    let bad_length = "the message header `Content-Length: 12x` is not a number of bytes";
    stops_saying("Content-Length: 12x\r\n\r\n{\"jsonrpc\"}", false, bad_length);
    let session = format!("{}{}", framed(INITIALIZE), framed(INITIALIZED));
    stops_saying(&format!("{session}Content-Length: 12x\r\n\r\n{{}}"), false, bad_length);
    stops_saying(
        &format!("{session}Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{{}}"),
        false,
        "a message header has no `Content-Length`",
    );
    stops_saying(&format!("{session}{INITIALIZED}\r\n\r\n"), false, "a message header has no `Content-Length`");
    stops_saying(
        &format!("{session}Content-Length: 100\r\n\r\n{{}}"),
        true,
        "the input ended after 2 of the 100 bytes of a message",
    );
    stops_saying(&format!("{session}{}", "x".repeat(100_000)), false, "a message header is longer than 8192 bytes");
}

/// A message announced at 1.5 GB is refused from its header, at once: the server neither
/// waits for the body (its input stays open) nor makes room for it (it used to abort, or
/// hold 1.5 GB).
#[test]
fn a_huge_content_length_is_refused_before_its_body() {
    for session in [String::new(), format!("{}{}", framed(INITIALIZE), framed(INITIALIZED))] {
        let ended = stops_saying(
            &format!("{session}Content-Length: 1500000000\r\n\r\n{{"),
            false,
            "a message of 1500000000 bytes is announced; messages are limited to 67108864 bytes (64 MiB, docs/LIMITS.md)",
        );
        assert!(
            ended.stayed_under(128 * 1024),
            "peak memory {} kB (the harness's: {} kB)",
            ended.peak_kb,
            ended.harness_kb
        );
    }
}

/// A well-framed body that is not a JSON-RPC message is reported and skipped: the next
/// message is answered, and the session ends normally.
#[test]
fn a_body_that_is_not_json_is_skipped() {
    let input = [
        "Content-Length: 5\r\n\r\nhello".to_string(),
        framed(r#"{"jsonrpc":"2.0","id":7}"#),
        framed(INITIALIZE),
        framed(INITIALIZED),
        framed(r#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#),
        framed(r#"{"jsonrpc":"2.0","method":"exit"}"#),
    ]
    .concat();
    let ended = raw(input.as_bytes(), false);
    assert_eq!(ended.code, 0, "{}", ended.stderr);
    let lines: Vec<&str> = ended.stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{}", ended.stderr);
    assert!(lines[0].starts_with("tabula lsp: ignored a message that is not JSON-RPC (expected value"), "{}", lines[0]);
    assert!(lines[1].starts_with("tabula lsp: ignored a message that is not JSON-RPC ("), "{}", lines[1]);
}
