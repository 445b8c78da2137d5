//! `tabula lsp` driven as an editor drives it: JSON-RPC with `Content-Length` framing over the
//! real process's stdin and stdout. Every wait has a deadline, so a server that stops answering
//! fails the test instead of hanging it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// Longest wait for any one answer (a debug build checking a file takes milliseconds).
const TIMEOUT: Duration = Duration::from_secs(60);

const ERROR: &str = "tabula::check::unknown_ludeme";
const UNKNOWN_COUNTER: &str = "tabula::check::unknown_counter";

/// A small game with two mistakes: `plase` (line 10) and the counter `scor` (line 13).
const TWO_MISTAKES: &str = r#"; A test game.
(game "Test"
  (option size (choice 3 5) (default 5))
  (define points 2)
  (players "White" "Black")
  (board (square size))
  (counter score)
  (play
    (turn
      (plase (to empty)
        (then (add score mover points)))))
  (end
    (when (board-full) (compare (higher (counter scor))))))
"#;

pub(crate) struct Server {
    pub(crate) child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    /// Notifications received while waiting for something else.
    pending: Vec<Value>,
    next_id: i64,
}

impl Server {
    pub(crate) fn start() -> Server {
        let (server, result) = Server::start_with(json!({}));
        assert_eq!(result["capabilities"]["positionEncoding"], "utf-16", "the default: {result}");
        server
    }

    /// Starts the server for a client with these capabilities; the server and the result of
    /// `initialize`.
    pub(crate) fn start_with(client_capabilities: Value) -> (Server, Value) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start tabula lsp");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, messages) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(message) = read_message(&mut reader) {
                if tx.send(message).is_err() {
                    break;
                }
            }
        });
        let mut server = Server { child, stdin, messages, pending: Vec::new(), next_id: 1 };
        let result = server
            .request("initialize", json!({"processId": null, "rootUri": null, "capabilities": client_capabilities}));
        let caps = &result["capabilities"];
        assert_eq!(caps["textDocumentSync"], json!(2), "incremental sync: {result}");
        for provider in ["hoverProvider", "definitionProvider", "documentFormattingProvider", "documentSymbolProvider"]
        {
            assert_eq!(caps[provider], json!(true), "{provider}: {result}");
        }
        assert_eq!(result["serverInfo"]["name"], "tabula");
        server.notify("initialized", json!({}));
        (server, result)
    }

    pub(crate) fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("write to the server");
        self.stdin.flush().expect("flush");
    }

    pub(crate) fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    fn next(&mut self, deadline: Instant, waiting_for: &str) -> Value {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.messages.recv_timeout(left) {
            Ok(m) => m,
            Err(RecvTimeoutError::Timeout) => panic!("no answer within {TIMEOUT:?} while waiting for {waiting_for}"),
            Err(RecvTimeoutError::Disconnected) => {
                panic!("the server closed its output while waiting for {waiting_for}")
            }
        }
    }

    /// Sends a request and returns its response (result or error), keeping notifications.
    pub(crate) fn call(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let m = self.next(deadline, method);
            if m["id"] == json!(id) {
                return m;
            }
            self.pending.push(m);
        }
    }

    pub(crate) fn request(&mut self, method: &str, params: Value) -> Value {
        let response = self.call(method, params);
        assert!(response.get("error").is_none(), "{method} failed: {response}");
        response["result"].clone()
    }

    /// The notifications received while waiting for responses, oldest first, taken.
    pub(crate) fn take_received(&mut self) -> Vec<Value> {
        std::mem::take(&mut self.pending)
    }

    /// The next diagnostics published for `uri` (with `version`, if given).
    pub(crate) fn diagnostics(&mut self, uri: &str, version: Option<i64>) -> Vec<Value> {
        let wanted = |m: &Value| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && version.is_none_or(|v| m["params"]["version"] == json!(v))
        };
        if let Some(i) = self.pending.iter().position(wanted) {
            return self.pending.remove(i)["params"]["diagnostics"].as_array().cloned().unwrap_or_default();
        }
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let m = self.next(deadline, &format!("diagnostics of {uri}"));
            if wanted(&m) {
                return m["params"]["diagnostics"].as_array().cloned().unwrap_or_default();
            }
            self.pending.push(m);
        }
    }

    pub(crate) fn open(&mut self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "tabula", "version": 1, "text": text}}),
        );
    }

    pub(crate) fn change(&mut self, uri: &str, version: i64, changes: Value) {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": changes}),
        );
    }

    pub(crate) fn at(&mut self, method: &str, uri: &str, line: u32, character: u32) -> Value {
        self.request(method, json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}))
    }

    /// `shutdown` then `exit`; the process must end with status 0.
    pub(crate) fn shut_down(mut self) {
        assert_eq!(self.request("shutdown", Value::Null), Value::Null);
        self.notify("exit", Value::Null);
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                assert!(status.success(), "exit status {status}");
                return;
            }
            assert!(Instant::now() < deadline, "the server did not exit within {TIMEOUT:?}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn read_message(reader: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

pub(crate) fn range(d: &Value) -> (u64, u64, u64, u64) {
    let r = &d["range"];
    let n = |v: &Value| v.as_u64().expect("a number");
    (n(&r["start"]["line"]), n(&r["start"]["character"]), n(&r["end"]["line"]), n(&r["end"]["character"]))
}

pub(crate) fn codes(diagnostics: &[Value]) -> Vec<(String, (u64, u64, u64, u64))> {
    diagnostics.iter().map(|d| (d["code"].as_str().unwrap_or_default().to_string(), range(d))).collect()
}

fn labels(result: &Value) -> Vec<String> {
    let items = result.get("items").unwrap_or(result);
    items
        .as_array()
        .expect("completion items")
        .iter()
        .map(|i| i["label"].as_str().unwrap_or_default().to_string())
        .collect()
}

pub(crate) const URI: &str = "file:///nowhere/test.game";

#[test]
fn diagnostics_follow_the_edits() {
    let mut server = Server::start();
    server.open(URI, TWO_MISTAKES);
    let found = server.diagnostics(URI, Some(1));
    assert_eq!(
        codes(&found),
        [(ERROR.to_string(), (9, 7, 9, 12)), (UNKNOWN_COUNTER.to_string(), (12, 49, 12, 53))],
        "{found:#?}"
    );
    assert_eq!(found[0]["severity"], 1);
    assert_eq!(found[0]["source"], "tabula");
    assert!(found[0]["message"].as_str().unwrap().starts_with("unknown ludeme `plase`"), "{}", found[0]);
    assert!(found[0]["message"].as_str().unwrap().contains("help: did you mean `place`?"), "{}", found[0]);

    // `plase` → `place`: replace the one letter `s` (line 9, characters 10..11) by `c`.
    server.change(
        URI,
        2,
        json!([{"range": {"start": {"line": 9, "character": 10}, "end": {"line": 9, "character": 11}}, "text": "c"}]),
    );
    let found = server.diagnostics(URI, Some(2));
    assert_eq!(codes(&found), [(UNKNOWN_COUNTER.to_string(), (12, 49, 12, 53))], "{found:#?}");

    // And the counter: insert `e` after `scor`. No errors; the board is now known.
    server.change(
        URI,
        3,
        json!([{"range": {"start": {"line": 12, "character": 53}, "end": {"line": 12, "character": 53}}, "text": "e"}]),
    );
    let found = server.diagnostics(URI, Some(3));
    assert_eq!(codes(&found), [], "{found:#?}");
    server.shut_down();
}

#[test]
fn hover_completion_definition_symbols_and_formatting() {
    let mut server = Server::start();
    let fixed = TWO_MISTAKES.replace("plase", "place").replace("scor)", "score)");
    server.open(URI, &fixed);
    assert_eq!(server.diagnostics(URI, Some(1)), Vec::<Value>::new());

    // Hover on the ludeme `place`: its entry of docs/LANGUAGE.md.
    let hover = server.at("textDocument/hover", URI, 9, 9);
    let text = hover["contents"]["value"].as_str().expect("markdown");
    assert!(text.starts_with("### `place`\n"), "{text}");
    assert!(text.contains("`(place (to SITES) [(where CONDITION...)]"), "{text}");
    assert_eq!(hover["range"], json!({"start": {"line": 9, "character": 7}, "end": {"line": 9, "character": 12}}));
    // Hover on the define `points` where it is used: its declaration.
    let hover = server.at("textDocument/hover", URI, 10, 32);
    assert_eq!(hover["contents"]["value"], "**define** `points`\n\n```tabula\n(define points 2)\n```");
    // On the relation-free word `size` (an option).
    let hover = server.at("textDocument/hover", URI, 5, 17);
    assert!(hover["contents"]["value"].as_str().unwrap().starts_with("**option** `size`"), "{hover}");

    // Definition of `points`: the name in `(define points 2)`, line 3.
    let definition = server.at("textDocument/definition", URI, 10, 32);
    assert_eq!(
        definition,
        json!([{"uri": URI, "range": {"start": {"line": 3, "character": 10}, "end": {"line": 3, "character": 16}}}])
    );

    // Completion right after `(then (`: effects, not moves.
    let after = server.at("textDocument/completion", URI, 10, 15);
    let names = labels(&after);
    for effect in ["add", "remove", "win", "allow"] {
        assert!(names.contains(&effect.to_string()), "{effect} in {names:?}");
    }
    assert!(!names.contains(&"place".to_string()), "{names:?}");
    // Completion of an argument: the names in scope, and the board's relations and regions.
    let args = server.at("textDocument/completion", URI, 10, 28);
    let names = labels(&args);
    for name in ["score", "points", "size", "orthogonal", "perimeter", "mover", "empty"] {
        assert!(names.contains(&name.to_string()), "{name} in {names:?}");
    }

    // The outline: the option and the define.
    let symbols = server.request("textDocument/documentSymbol", json!({"textDocument": {"uri": URI}}));
    let outline: Vec<(String, String)> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["name"].as_str().unwrap().to_string(), s["detail"].as_str().unwrap().to_string()))
        .collect();
    assert_eq!(
        outline,
        [("size", "option"), ("points", "define"), ("score", "counter")].map(|(a, b)| (a.to_string(), b.to_string()))
    );

    // Formatting: one edit replacing everything with what `tabula fmt` writes.
    let messy = "(game \"F\"   (players \"A\" \"B\")\n\n\n (board (square 3)))";
    let fmt_uri = "file:///nowhere/messy.game";
    server.open(fmt_uri, messy);
    let edits = server.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": fmt_uri}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    let expected = tabula::format::format(messy).expect("formats");
    assert_eq!(
        edits,
        json!([{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 3, "character": 20}}, "newText": expected}])
    );
    // Once formatted: no edits.
    server.change(fmt_uri, 2, json!([{"text": expected}]));
    let edits = server.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": fmt_uri}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    assert_eq!(edits, json!([]));
    server.shut_down();
}

#[test]
fn ranges_are_in_utf16_units_after_multibyte_text() {
    let mut server = Server::start();
    // `é` is 2 bytes and 1 UTF-16 unit, `🎲` 4 bytes and 2 units: on its line, `plase` starts
    // at byte 58, char 54, UTF-16 unit 55.
    let text = "(game \"Tést 🎲\" ; é🎲\n  (players \"Aé🎲\" \"B\") (board (square 3)) (play (turn (plase (to empty))))\n  (end (when (board-full) draw)))\n";
    let uri = "file:///nowhere/utf16.game";
    server.open(uri, text);
    let found = server.diagnostics(uri, Some(1));
    let second = text.lines().nth(1).unwrap();
    let byte = second.find("plase").unwrap();
    assert_eq!((byte, second[..byte].chars().count()), (58, 54));
    assert_eq!(codes(&found), [(ERROR.to_string(), (1, 55, 1, 60))], "{found:#?}");
    // Hover at a position given in UTF-16 units finds the word there: `to` at units 62..64.
    let hover = server.at("textDocument/hover", uri, 1, 63);
    assert_eq!(hover["range"], json!({"start": {"line": 1, "character": 62}, "end": {"line": 1, "character": 64}}));
    assert!(hover["contents"]["value"].as_str().unwrap().starts_with("#### `to`"), "{hover}");
    // An edit given in UTF-16 units: replace `s` (unit 58) by `c`; the game then checks.
    server.change(
        uri,
        2,
        json!([{"range": {"start": {"line": 1, "character": 58}, "end": {"line": 1, "character": 59}}, "text": "c"}]),
    );
    assert_eq!(server.diagnostics(uri, Some(2)), Vec::<Value>::new());
    server.shut_down();
}

/// A game whose third line has text outside ASCII before the word `board`: `é` is 2 bytes, 1
/// UTF-16 unit and 1 code point; `🎲` is 4 bytes, 2 units and 1 code point.
const NON_ASCII: &str = "(game \"Hover\"\n  (play (turn (place (to empty))))\n  (players \"Aé🎲\" \"B\") (board (square 3))\n  (end (when (board-full) draw)))\n";

/// How many units of a position encoding a character is.
type Units = fn(char) -> usize;

/// Where `word` starts on `line` of `text`, and where it ends, counted as `units` counts a
/// character.
fn columns(text: &str, line: usize, word: &str, units: Units) -> (u32, u32) {
    let line = text.lines().nth(line).unwrap();
    let byte = line.find(word).unwrap();
    let start = line[..byte].chars().map(units).sum::<usize>() as u32;
    (start, start + word.chars().map(units).sum::<usize>() as u32)
}

/// A position names the character that starts there (the one the cursor is on): a hover finds
/// a word from its first letter to its last, not from the blank after it.
#[test]
fn hover_finds_the_word_under_the_cursor() {
    let mut server = Server::start();
    let uri = "file:///nowhere/hover.game";
    server.open(uri, NON_ASCII);
    assert_eq!(server.diagnostics(uri, Some(1)), Vec::<Value>::new());
    let range = |line: u32, (start, end): (u32, u32)| json!({"start": {"line": line, "character": start}, "end": {"line": line, "character": end}});
    // `place` at characters 15..20 of line 1, right after a `(`.
    let place = columns(NON_ASCII, 1, "place", char::len_utf16);
    assert_eq!(place, (15, 20));
    for (what, character) in [("the first letter", 15), ("a middle letter", 17), ("the last letter", 19)] {
        let hover = server.at("textDocument/hover", uri, 1, character);
        assert_eq!(hover["range"], range(1, place), "{what}: {hover}");
        assert!(hover["contents"]["value"].as_str().unwrap().starts_with("### `place`\n"), "{what}: {hover}");
    }
    assert_eq!(server.at("textDocument/hover", uri, 1, 20), Value::Null, "the blank after");
    assert_eq!(server.at("textDocument/hover", uri, 1, 14), Value::Null, "the bracket before");
    // After `é🎲` on its line: `board` is at bytes 27..32, chars 23..28, UTF-16 units 24..29.
    let board = columns(NON_ASCII, 2, "board", char::len_utf16);
    assert_eq!(board, (24, 29));
    for character in [24, 28] {
        let hover = server.at("textDocument/hover", uri, 2, character);
        assert_eq!(hover["range"], range(2, board), "{hover}");
        assert!(hover["contents"]["value"].as_str().unwrap().starts_with("### `board`"), "{hover}");
    }
    assert_eq!(server.at("textDocument/hover", uri, 2, 29), Value::Null, "the blank after `board`");
    // Go to definition reads the same character.
    assert_eq!(server.at("textDocument/definition", uri, 1, 20), json!([]));
    server.shut_down();
}

/// A client that offers other position encodings gets the first it lists, and every position
/// both ways is counted in it.
#[test]
fn positions_in_the_encoding_the_client_prefers() {
    let encodings: [(&str, Units); 2] = [("utf-8", char::len_utf8), ("utf-32", |_| 1)];
    for (encoding, units) in encodings {
        let (mut server, result) = Server::start_with(json!({"general": {"positionEncodings": [encoding, "utf-16"]}}));
        assert_eq!(result["capabilities"]["positionEncoding"], encoding, "{result}");
        let uri = "file:///nowhere/encoding.game";
        let text = NON_ASCII.replacen("(board", "(bord", 1);
        server.open(uri, &text);
        let (start, end) = columns(&text, 2, "bord", units);
        let found = server.diagnostics(uri, Some(1));
        assert_eq!(codes(&found), [(ERROR.to_string(), (2, start as u64, 2, end as u64))], "{encoding}: {found:#?}");
        // The ludeme `square`, after the misspelt one: from its last letter.
        let square = columns(&text, 2, "square", units);
        let hover = server.at("textDocument/hover", uri, 2, square.1 - 1);
        assert_eq!(hover["range"]["start"]["character"], square.0, "{encoding}: {hover}");
        assert_eq!(hover["range"]["end"]["character"], square.1, "{encoding}: {hover}");
        // An edit in the same units: `bord` → `board`.
        server.change(
            uri,
            2,
            json!([{"range": {"start": {"line": 2, "character": start + 2}, "end": {"line": 2, "character": start + 2}}, "text": "a"}]),
        );
        assert_eq!(server.diagnostics(uri, Some(2)), Vec::<Value>::new(), "{encoding}");
        server.shut_down();
    }
}

#[test]
fn extending_files_are_checked_again_when_their_base_changes() {
    let dir = std::env::temp_dir().join(format!("tabula-lsp-extends-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let base = "(game \"Base\"\n  (define linked orthogonal)\n  (players \"A\" \"B\")\n  (board (square 3))\n  (play (turn (place (to empty))))\n  (end (when (board-full) (compare (higher (largest-group linked))))))\n";
    let derived = "(game \"Derived\" (extends \"base.game\") (board (square 4)))\n";
    std::fs::write(dir.join("base.game"), base).unwrap();
    std::fs::write(dir.join("derived.game"), derived).unwrap();
    let base_uri = format!("file://{}", dir.join("base.game").display());
    let derived_uri = format!("file://{}", dir.join("derived.game").display());

    let mut server = Server::start();
    server.open(&derived_uri, derived);
    assert_eq!(server.diagnostics(&derived_uri, Some(1)), Vec::<Value>::new());
    server.open(&base_uri, base);
    assert_eq!(server.diagnostics(&base_uri, Some(1)), Vec::<Value>::new());
    // Opening the base re-checks the file that extends it (now from the editor's text).
    assert_eq!(server.diagnostics(&derived_uri, Some(1)), Vec::<Value>::new());
    // Break the base in the editor (not on disk): `linked` → `linkd` in the end rule.
    server.change(
        &base_uri,
        2,
        json!([{"range": {"start": {"line": 5, "character": 62}, "end": {"line": 5, "character": 63}}, "text": ""}]),
    );
    let in_base = server.diagnostics(&base_uri, Some(2));
    assert_eq!(in_base.len(), 1, "{in_base:#?}");
    assert_eq!(range(&in_base[0]), (5, 58, 5, 63));
    // The derived file, unchanged, is published again with the base's error on its `extends`.
    let in_derived = server.diagnostics(&derived_uri, Some(1));
    assert_eq!(
        codes(&in_derived),
        [(in_base[0]["code"].as_str().unwrap().to_string(), (0, 25, 0, 36))],
        "{in_derived:#?}"
    );
    let message = in_derived[0]["message"].as_str().unwrap();
    assert!(message.starts_with(&format!("{}: ", dir.join("base.game").display())), "{message}");
    let related = &in_derived[0]["relatedInformation"][0]["location"];
    assert_eq!(related["uri"], json!(base_uri));
    assert_eq!(related["range"], json!({"start": {"line": 5, "character": 58}, "end": {"line": 5, "character": 63}}));
    // The `extends` string leads to the base file; hovering it says which file that is.
    let definition = server.at("textDocument/definition", &derived_uri, 0, 30);
    assert_eq!(
        definition,
        json!([{"uri": base_uri, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}}])
    );
    let hover = server.at("textDocument/hover", &derived_uri, 0, 30);
    assert_eq!(hover["contents"]["value"], format!("**extends** `{}`", dir.join("base.game").display()));
    // Completion in the derived file offers what the base declares.
    let names = labels(&server.at("textDocument/completion", &derived_uri, 0, 55));
    assert!(names.contains(&"linked".to_string()), "{names:?}");
    server.shut_down();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pathological_input_gets_answers_not_a_crash() {
    let mut server = Server::start();
    let deep = "(".repeat(10_000);
    let uri = "file:///nowhere/deep.game";
    server.open(uri, &deep);
    let found = server.diagnostics(uri, Some(1));
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0]["code"].as_str().unwrap().starts_with("tabula::syntax::"), "{found:#?}");
    server.at("textDocument/hover", uri, 0, 5000);
    server.at("textDocument/completion", uri, 0, 10_000);
    server.request("textDocument/documentSymbol", json!({"textDocument": {"uri": uri}}));
    assert_eq!(
        server.request(
            "textDocument/formatting",
            json!({"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": true}})
        ),
        Value::Null
    );

    // 5 MB: over the checker's limit; answered at once with one diagnostic.
    let big =
        format!("(game \"Big\"\n{})\n", "; padding padding padding padding padding padding padding\n".repeat(90_000));
    assert!(big.len() > 5_000_000);
    let uri = "file:///nowhere/big.game";
    let started = Instant::now();
    server.open(uri, &big);
    let found = server.diagnostics(uri, Some(1));
    assert_eq!(codes(&found), [("tabula::syntax::too_large".to_string(), (0, 0, 0, 0))]);
    assert_eq!(server.at("textDocument/hover", uri, 1, 3), Value::Null);
    assert!(started.elapsed() < Duration::from_secs(20), "{:?}", started.elapsed());

    // Fifty thousand errors: the first 200 are published, and a note says how many more.
    let many = format!("(game \"Many\"\n{})\n", "(define x 1)\n".repeat(50_000));
    let uri = "file:///nowhere/many.game";
    let started = Instant::now();
    server.open(uri, &many);
    let found = server.diagnostics(uri, Some(1));
    assert_eq!(found.len(), 201);
    let note = found[200]["message"].as_str().unwrap();
    assert!(note.starts_with("… and ") && note.ends_with(" more problems; `tabula check` lists them all"), "{note}");
    assert!(started.elapsed() < Duration::from_secs(30), "{:?}", started.elapsed());

    // Malformed requests get errors, and the server goes on.
    let bad = server.call("textDocument/hover", json!({"nonsense": true}));
    assert_eq!(bad["error"]["code"], -32602, "{bad}");
    let unknown = server.call("tabula/nothing", json!({}));
    assert_eq!(unknown["error"]["code"], -32601, "{unknown}");
    server.shut_down();
}

#[test]
fn exit_without_shutdown_is_status_1() {
    let mut server = Server::start();
    server.notify("exit", Value::Null);
    let deadline = Instant::now() + TIMEOUT;
    let status = loop {
        if let Some(status) = server.child.try_wait().expect("wait") {
            break status;
        }
        assert!(Instant::now() < deadline, "the server did not exit within {TIMEOUT:?}");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(1));
}

/// The bundled games, mutated as `tests/fuzz_checker.rs` mutates them, each sent as an edit and
/// then asked about at random positions: every request is answered, and the server exits
/// cleanly at the end.
#[test]
fn mutated_games_never_crash_the_server() {
    let games = [
        include_str!("../../games/watershed.game"),
        include_str!("../../games/ketchup.game"),
        include_str!("../../games/kensington.game"),
    ];
    let words =
        ["(", ")", "place", "game", "define", "extends", "variant", "-99999999999999999999", "é🎲", "\"", ";", "\n"];
    let mut rng = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n.max(1) as u64) as usize
    };
    let mut server = Server::start();
    let uri = "file:///nowhere/mutant.game";
    server.open(uri, games[0]);
    server.diagnostics(uri, Some(1));
    for version in 2..152 {
        let mut text = games[next(games.len())].to_string();
        for _ in 0..1 + next(3) {
            let at = next(text.len());
            let at = (0..=at).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
            let end = (at + next(40)).min(text.len());
            let end = (end..=text.len()).find(|&i| text.is_char_boundary(i)).unwrap_or(text.len());
            match next(4) {
                0 => text.replace_range(at..end, ""),
                1 => {
                    let copy = text[at..end].to_string();
                    text.insert_str(at, &copy);
                }
                _ => text.insert_str(at, words[next(words.len())]),
            }
        }
        server.change(uri, version, json!([{"text": text}]));
        let lines = text.lines().count() as u32 + 1;
        for method in ["textDocument/hover", "textDocument/completion", "textDocument/definition"] {
            let (line, character) = (next(lines as usize) as u32, next(80) as u32);
            let response = server.call(
                method,
                json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}),
            );
            assert!(response.get("error").is_none(), "{method} on version {version}: {response}\n{text}");
        }
        server.request("textDocument/documentSymbol", json!({"textDocument": {"uri": uri}}));
        server.call(
            "textDocument/formatting",
            json!({"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": true}}),
        );
    }
    // The last version's diagnostics come (earlier ones may have been skipped while busy).
    server.diagnostics(uri, Some(151));
    server.shut_down();
}

/// Time from a change of `games/kensington.game` (the largest bundled game) to its published
/// diagnostics, printed for the record (`--nocapture`); bounded so that a slow path fails.
#[test]
fn latency_of_diagnostics_on_the_largest_game() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/kensington.game");
    let text = std::fs::read_to_string(&path).unwrap();
    let uri = format!("file://{}", path.display());
    let mut server = Server::start();
    server.open(&uri, &text);
    assert_eq!(server.diagnostics(&uri, Some(1)), Vec::<Value>::new());
    // Its outline: options, variants, regions, the allowance, defines and phases.
    let symbols = server.request("textDocument/documentSymbol", json!({"textDocument": {"uri": uri}}));
    let outline: Vec<String> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| format!("{} {}", s["detail"].as_str().unwrap(), s["name"].as_str().unwrap()))
        .collect();
    for expected in ["option turns-per-player", "variant Four players", "phase placement", "phase movement"] {
        assert!(outline.contains(&expected.to_string()), "{expected} in {outline:?}");
    }
    let mut times = Vec::new();
    for version in 2..22 {
        // Alternately add and remove a space at the start of the file.
        let change = if version % 2 == 0 {
            json!([{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": " "}])
        } else {
            json!([{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 1}}, "text": ""}])
        };
        let started = Instant::now();
        server.change(&uri, version, change);
        let found = server.diagnostics(&uri, Some(version));
        times.push(started.elapsed());
        assert_eq!(found, Vec::<Value>::new());
    }
    times.sort();
    let median = times[times.len() / 2];
    let max = times[times.len() - 1];
    eprintln!(
        "kensington.game: didChange → publishDiagnostics median {median:?}, max {max:?} over {} edits",
        times.len()
    );
    assert!(max < Duration::from_secs(5), "{times:?}");
    server.shut_down();
}
