//! `tabula serve`, tested from outside: the real binary on an ephemeral port, driven over HTTP
//! by a small keep-alive client written on `TcpStream` (no HTTP dependency for a few requests).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_tabula");

/// A running server, stopped when dropped.
struct Server {
    child: Child,
    addr: String,
    /// Kept open: the server must never write into a closed pipe.
    _stdout: BufReader<std::process::ChildStdout>,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        let mut child = Command::new(BIN)
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start tabula serve");
        let mut first = String::new();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        stdout.read_line(&mut first).unwrap();
        let addr = first.trim().strip_prefix("listening on http://").unwrap_or_else(|| panic!("first line: {first:?}"));
        Server { addr: addr.to_string(), child, _stdout: stdout }
    }

    fn client(&self) -> Client {
        Client::new(&self.addr)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// HTTP/1.1 over one kept-alive connection (reconnecting if the server closed it).
struct Client {
    addr: String,
    stream: Option<BufReader<TcpStream>>,
}

struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Reply {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

impl Client {
    fn new(addr: &str) -> Client {
        Client { addr: addr.to_string(), stream: None }
    }

    fn get(&mut self, path: &str) -> Reply {
        self.send("GET", path, None, None)
    }

    fn post(&mut self, path: &str, body: &Value) -> Reply {
        self.send("POST", path, Some("application/json"), Some(body.to_string().as_bytes()))
    }

    fn send(&mut self, method: &str, path: &str, kind: Option<&str>, body: Option<&[u8]>) -> Reply {
        for attempt in 0..2 {
            if self.stream.is_none() {
                let s = TcpStream::connect(&self.addr).expect("connect");
                s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
                self.stream = Some(BufReader::new(s));
            }
            match self.try_send(method, path, kind, body) {
                Ok(reply) => return reply,
                Err(e) if attempt == 0 => {
                    let _ = e;
                    self.stream = None;
                }
                Err(e) => panic!("{method} {path}: {e}"),
            }
        }
        unreachable!()
    }

    fn try_send(
        &mut self,
        method: &str,
        path: &str,
        kind: Option<&str>,
        body: Option<&[u8]>,
    ) -> std::io::Result<Reply> {
        let reader = self.stream.as_mut().unwrap();
        let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {}\r\n", self.addr);
        if let Some(k) = kind {
            head.push_str(&format!("Content-Type: {k}\r\n"));
        }
        let body = body.unwrap_or(b"");
        head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
        let stream = reader.get_mut();
        stream.write_all(head.as_bytes())?;
        stream.write_all(body)?;
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 {
            return Err(std::io::Error::other("connection closed"));
        }
        let status: u16 = line.split_whitespace().nth(1).and_then(|s| s.parse().ok()).expect("status line");
        let mut headers = Vec::new();
        loop {
            let mut h = String::new();
            reader.read_line(&mut h)?;
            let h = h.trim_end();
            if h.is_empty() {
                break;
            }
            if let Some((k, v)) = h.split_once(':') {
                headers.push((k.trim().to_string(), v.trim().to_string()));
            }
        }
        let find = |name: &str| headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.clone());
        let mut bytes = Vec::new();
        if let Some(len) = find("content-length") {
            bytes.resize(len.parse().expect("length"), 0);
            reader.read_exact(&mut bytes)?;
        } else if find("transfer-encoding").is_some_and(|v| v.contains("chunked")) {
            loop {
                let mut size = String::new();
                reader.read_line(&mut size)?;
                let n = usize::from_str_radix(size.trim(), 16).expect("chunk size");
                let mut chunk = vec![0; n + 2];
                reader.read_exact(&mut chunk)?;
                if n == 0 {
                    break;
                }
                bytes.extend_from_slice(&chunk[..n]);
            }
        }
        if find("connection").is_some_and(|v| v.eq_ignore_ascii_case("close")) {
            self.stream = None;
        }
        Ok(Reply { status, headers, body: String::from_utf8(bytes).expect("UTF-8 body") })
    }
}

/// A small deterministic generator, to pick actions.
struct Pick(u64);

impl Pick {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Plays a game to its end: a random legal action for a person's seat, `step` for a computer's.
fn play_out(client: &mut Client, state: Value, pick: &mut Pick) -> Result<Value, String> {
    let id = state["id"].as_str().unwrap().to_string();
    let mut state = state;
    for _ in 0..10_000 {
        if state["over"] == true {
            return Ok(state);
        }
        let reply = if state["seat_to_move"] == "human" {
            let legal = state["legal"].as_array().unwrap();
            let action = legal[pick.below(legal.len())]["text"].clone();
            client.post(&format!("/api/games/{id}/apply"), &json!({ "action": action }))
        } else {
            client.post(&format!("/api/games/{id}/step"), &json!({}))
        };
        if reply.status != 200 {
            return Err(format!("{} {}", reply.status, reply.body));
        }
        state = reply.json();
    }
    Err("the game did not end".into())
}

fn watershed5(players: &[&str]) -> Value {
    json!({"game": "games/watershed.game", "options": {"size": 5}, "players": players})
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-serve-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn replay_result(game: &str, record: &str, dir: &Path) -> String {
    let path = dir.join("game.rec");
    std::fs::write(&path, record).unwrap();
    let out = Command::new(BIN).args(["replay", game]).arg(&path).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().lines().last().unwrap().to_string()
}

#[test]
fn pages_and_the_catalog_are_served() {
    let server = Server::start(&[]);
    let mut c = server.client();
    let page = c.get("/");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<title>Tabula — play</title>"));
    assert!(c.get("/editor").body.contains("<title>Tabula — editor</title>"));
    let js = c.get("/assets/play.js");
    assert_eq!(js.status, 200);
    assert!(js.header("content-type").unwrap().starts_with("text/javascript"));
    let games = c.get("/api/catalog").json();
    let names: Vec<&str> = games["games"].as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap()).collect();
    assert!(
        names.contains(&"games/watershed.game") && names.contains(&"games/variants/hex-watershed.game"),
        "{names:?}"
    );
    let watershed = games["games"].as_array().unwrap().iter().find(|g| g["name"] == "games/watershed.game").unwrap();
    assert_eq!(watershed["title"], "Watershed");
    assert_eq!(watershed["options"][0]["name"], "size");
    assert!(watershed["options"][0]["values"].as_array().unwrap().contains(&json!("5")));
    // A bundled variant that extends its base is loaded from the catalog, not from the disk.
    assert!(games["games"].as_array().unwrap().iter().all(|g| g.get("error").is_none()), "{games}");
}

#[test]
fn a_game_played_through_the_api_replays_to_the_same_result() {
    let server = Server::start(&[]);
    let mut c = server.client();
    let created = c.post("/api/games", &watershed5(&["human", "random"]));
    assert_eq!(created.status, 201, "{}", created.body);
    let state = created.json();
    let id = state["id"].as_str().unwrap().to_string();
    assert_eq!(id.len(), 32);
    assert!(id.chars().all(|ch| ch.is_ascii_hexdigit()));
    assert!(state["svg"].as_str().unwrap().contains("data-site=\"c3\""));
    assert_eq!(state["title"], "Watershed — Plateau (size=5)");
    let legal = c.get(&format!("/api/games/{id}/legal")).json();
    assert_eq!(legal["legal"], state["legal"]);
    assert!(legal["legal"].as_array().unwrap().iter().any(|a| a["text"] == "c3" && a["kind"] == "place"));

    // Undo takes back the person's action (and the computer's reply).
    let after = c.post(&format!("/api/games/{id}/apply"), &json!({"action": "c3"})).json();
    assert_eq!(after["actions"], 1);
    let after = c.post(&format!("/api/games/{id}/step"), &json!({})).json();
    assert_eq!(after["actions"], 2);
    let undone = c.post(&format!("/api/games/{id}/undo"), &json!({})).json();
    assert_eq!(undone["actions"], 0);
    assert_eq!(undone["seat_to_move"], "human");

    let end = play_out(&mut c, state, &mut Pick(7)).unwrap();
    assert_eq!(end["legal"], json!([]));
    let record = c.get(&format!("/api/games/{id}/record"));
    assert_eq!(record.status, 200);
    assert!(record.header("content-disposition").unwrap().contains("watershed.rec"));
    let dir = temp_dir("replay");
    assert_eq!(replay_result("games/watershed.game", &record.body, &dir), end["result"].as_str().unwrap());

    // Stepping through: the position after 0 actions is the empty board.
    let start = c.get(&format!("/api/games/{id}?ply=0")).json();
    assert_eq!(start["ply"], 0);
    assert!(!start["svg"].as_str().unwrap().contains("class=\"stone t"));

    // A record uploaded starts a game at its end, with the same moves.
    let loaded = c.post("/api/games", &json!({"game": "games/watershed.game", "record": record.body}));
    assert_eq!(loaded.status, 201, "{}", loaded.body);
    let loaded = loaded.json();
    assert_eq!(loaded["moves"], end["moves"]);
    assert_eq!(loaded["result"], end["result"]);
    assert_ne!(loaded["id"], end["id"]);

    assert_eq!(c.send("DELETE", &format!("/api/games/{id}"), None, None).status, 200);
    assert_eq!(c.get(&format!("/api/games/{id}")).status, 404);
}

#[test]
fn slides_are_played_through_the_api_too() {
    let server = Server::start(&[]);
    let mut c = server.client();
    let request = json!({
        "game": "games/variants/quick-kensington.game",
        "options": {"turns-per-player": 30},
        "players": ["human", "human"],
    });
    let created = c.post("/api/games", &request);
    assert_eq!(created.status, 201, "{}", created.body);
    let mut state = created.json();
    let id = state["id"].as_str().unwrap().to_string();
    let mut pick = Pick(11);
    let mut slides = 0;
    while state["over"] != true {
        let legal = state["legal"].as_array().unwrap();
        let slide: Vec<&Value> = legal.iter().filter(|a| a["kind"] == "slide").collect();
        let action = if slide.is_empty() {
            legal[pick.below(legal.len())].clone()
        } else {
            slides += 1;
            assert!(slide[0]["from"].is_string() && slide[0]["to"].is_string());
            slide[pick.below(slide.len())].clone()
        };
        let reply = c.post(&format!("/api/games/{id}/apply"), &json!({"action": action["text"]}));
        assert_eq!(reply.status, 200, "{}", reply.body);
        state = reply.json();
    }
    assert!(slides > 0);
    let record = c.get(&format!("/api/games/{id}/record")).body;
    let dir = temp_dir("slides");
    assert_eq!(replay_result("games/variants/quick-kensington.game", &record, &dir), state["result"].as_str().unwrap());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn malformed_requests_get_a_4xx_with_a_message() {
    let server = Server::start(&[]);
    let mut c = server.client();
    let id = c.post("/api/games", &watershed5(&["human", "human"])).json()["id"].as_str().unwrap().to_string();
    let apply = format!("/api/games/{id}/apply");
    assert_eq!(c.post(&apply, &json!({"action": "c3"})).status, 200);
    let raw =
        |c: &mut Client, path: &str, kind: Option<&str>, body: &str| c.send("POST", path, kind, Some(body.as_bytes()));
    let cases: Vec<(Reply, u16)> = vec![
        (raw(&mut c, &apply, Some("application/json"), "{\"action\": "), 400),
        (raw(&mut c, &apply, Some("application/json"), "[1, 2]"), 422),
        (raw(&mut c, &apply, Some("text/plain"), "{\"action\": \"c3\"}"), 415),
        (raw(&mut c, &apply, Some("application/json"), "\u{0}\u{1}"), 400),
        (c.post(&apply, &json!({"action": "z99"})), 422),
        (c.post(&apply, &json!({"action": "c3"})), 422), // taken
        (c.post(&apply, &json!({"action": "c3", "extra": 1})), 422),
        (c.post(&format!("/api/games/{id}/step"), &json!({})), 409),
        (c.post("/api/games/0123/apply", &json!({"action": "c3"})), 404),
        (c.post("/api/games", &json!({})), 400),
        (c.post("/api/games", &json!({"game": "games/none.game"})), 404),
        (c.post("/api/games", &json!({"game": "games/watershed.game", "options": {"size": 6}})), 400),
        (c.post("/api/games", &json!({"game": "games/watershed.game", "variant": "Nope"})), 400),
        (c.post("/api/games", &json!({"game": "games/watershed.game", "players": ["human"]})), 400),
        (c.post("/api/games", &json!({"game": "games/watershed.game", "players": ["human", "god"]})), 400),
        (c.post("/api/games", &json!({"game": "games/watershed.game", "record": "nonsense"})), 422),
        (
            c.post(
                "/api/games",
                &json!({"game": "games/watershed.game", "record": "game Watershed\nset size=5\na1\na1\n"}),
            ),
            422,
        ),
        (c.post("/api/games", &json!({"source": "(game"})), 422),
        (c.post("/api/check", &json!({"game": "games/watershed.game"})), 400),
        (c.post("/api/check", &json!({"source": "x".repeat(5 << 20)})), 413),
        (c.get("/api/games/nope?ply=minus"), 400),
        (c.get("/api/source"), 400),
        (c.get("/nowhere"), 404),
        (c.get("/api/games"), 405),
        (c.get("/api/games/%FF%FE/legal"), 400),
        (c.get("/assets/secret.txt"), 404),
    ];
    for (i, (reply, status)) in cases.iter().enumerate() {
        assert_eq!(reply.status, *status, "case {i}: {}", reply.body);
        let message = reply.json()["error"].as_str().map(str::to_string).unwrap_or_default();
        assert!(!message.is_empty(), "case {i}: {}", reply.body);
    }
    // The server is still there.
    assert_eq!(c.get(&format!("/api/games/{id}")).status, 200);
}

#[test]
fn nothing_outside_the_served_directories_is_readable() {
    let dir = temp_dir("dirs");
    let served = dir.join("served");
    let outside = dir.join("outside");
    std::fs::create_dir_all(served.join("sub")).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    let watershed = std::fs::read_to_string("games/watershed.game").unwrap();
    std::fs::write(served.join("sub/mine.game"), watershed.replace("\"Watershed\"", "\"Mine\"")).unwrap();
    std::fs::write(outside.join("secret.game"), watershed.replace("\"Watershed\"", "\"Secret\"")).unwrap();
    std::os::unix::fs::symlink(outside.join("secret.game"), served.join("link.game")).unwrap();
    std::os::unix::fs::symlink(&outside, served.join("linkdir")).unwrap();
    let server = Server::start(&["--games", served.to_str().unwrap()]);
    let mut c = server.client();

    let games = c.get("/api/catalog").json();
    let names: Vec<&str> = games["games"].as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap()).collect();
    assert!(names.contains(&"dir1/sub/mine.game"), "{names:?}");
    assert!(!names.iter().any(|n| n.contains("secret") || n.contains("link")), "{names:?}");
    let mine = c.post("/api/games", &json!({"game": "dir1/sub/mine.game", "options": {"size": 5}}));
    assert_eq!(mine.status, 201, "{}", mine.body);
    assert_eq!(mine.json()["game"], "Mine");
    assert_eq!(c.get("/api/source?name=dir1/sub/./mine.game").status, 200);

    let secret = outside.join("secret.game");
    let attempts = [
        "dir1/../outside/secret.game".to_string(),
        "dir1/sub/../../outside/secret.game".to_string(),
        "../outside/secret.game".to_string(),
        secret.display().to_string(),
        format!("dir1/{}", secret.display()),
        format!("dir1/..{}", secret.display()),
        "dir1/link.game".into(),
        "dir1/linkdir/secret.game".into(),
        "games/../../Cargo.toml".into(),
        "games/../Cargo.toml".into(),
        "dir2/secret.game".into(),
        "dir0/secret.game".into(),
        "/etc/passwd".into(),
        "dir1/%2e%2e/outside/secret.game".into(),
    ];
    for name in &attempts {
        let r = c.post("/api/games", &json!({"game": name}));
        assert_eq!(r.status, 404, "{name}: {}", r.body);
        assert!(!r.body.contains("Secret"));
        let q: String = name.bytes().map(|b| format!("%{b:02X}")).collect();
        let r = c.get(&format!("/api/source?name={q}"));
        assert_eq!(r.status, 404, "{name}: {}", r.body);
    }

    // Only game files: another file of a served directory is not served, and the listing
    // names a directory by its own name, not by where it lies on the server's disk.
    std::fs::write(served.join("notes.txt"), "private notes").unwrap();
    for name in ["dir1/notes.txt", "dir1/./notes.txt"] {
        let r = c.get(&format!("/api/source?name={name}"));
        assert_eq!(
            (r.status, r.json()["error"].clone()),
            (404, json!(format!("no game file `{name}` is served here")))
        );
    }
    let listed = games["games"].as_array().unwrap().iter().find(|g| g["name"] == "dir1/sub/mine.game").unwrap();
    assert_eq!(listed["dir"], "served");
    assert!(!games.to_string().contains(dir.to_str().unwrap()), "an absolute path in {games}");

    // A rule file sent to the server cannot extend a file outside either.
    for base in [secret.display().to_string(), "../outside/secret.game".into(), "../../../../../../etc/passwd".into()] {
        let text = format!("(game \"Probe\" (extends \"{base}\"))");
        let r = c.post("/api/check", &json!({"source": text, "name": "dir1/probe.game"})).json();
        assert_eq!(r["valid"], false);
        assert_eq!(r["diagnostics"][0]["code"], "tabula::check::extends", "{r}");
        assert!(!r.to_string().contains("Secret") && !r.to_string().contains("root:"), "{r}");
        let r = c.post("/api/games", &json!({"source": text}));
        assert_eq!(r.status, 422);
    }
    // But it can extend the bundled games.
    let r = c.post("/api/check", &json!({"source": "(game \"Probe\" (extends \"games/watershed.game\"))"})).json();
    assert_eq!(r["valid"], true, "{r}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_gives_the_diagnostics_of_tabula_check() {
    let server = Server::start(&[]);
    let mut c = server.client();
    let broken = std::fs::read_to_string("games/watershed.game").unwrap().replace("(to empty)", "(to emptyy)");
    let r = c.post("/api/check", &json!({"source": broken, "name": "broken.game"})).json();
    assert_eq!(r["valid"], false);
    let dir = temp_dir("check");
    let path = dir.join("broken.game");
    std::fs::write(&path, &broken).unwrap();
    let out = Command::new(BIN).args(["check", "--json"]).arg(&path).output().unwrap();
    let cli: Value = serde_json::from_slice(&out.stdout).unwrap();
    let cli = if cli.is_array() { cli[0].clone() } else { cli.get("files").map(|f| f[0].clone()).unwrap_or(cli) };
    let key = |d: &Value| (d["code"].clone(), d["message"].clone(), d["line"].clone(), d["column"].clone());
    let ours: Vec<_> = r["diagnostics"].as_array().unwrap().iter().map(key).collect();
    let theirs: Vec<_> = cli["diagnostics"].as_array().unwrap().iter().map(key).collect();
    assert!(!ours.is_empty());
    assert_eq!(ours, theirs);
    // The span, in the text's UTF-16 offsets, covers the misspelt name.
    let d = &r["diagnostics"][0];
    let (start, end) = (d["start"].as_u64().unwrap() as usize, d["end"].as_u64().unwrap() as usize);
    let units: Vec<u16> = broken.encode_utf16().collect();
    assert_eq!(String::from_utf16(&units[start..end]).unwrap(), "emptyy");
    // A valid file comes with its board.
    let ok = c.post("/api/check", &json!({"source": std::fs::read_to_string("games/ketchup.game").unwrap()})).json();
    assert_eq!(ok["valid"], true);
    assert!(ok["svg"].as_str().unwrap().starts_with("<svg"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_thinking_computer_does_not_block_other_requests() {
    let server = Server::start(&[]);
    let mut c = server.client();
    let request = json!({"game": "games/watershed.game", "players": ["mcts", "human"], "think_ms": 3000});
    let state = c.post("/api/games", &request).json();
    let id = state["id"].as_str().unwrap().to_string();
    let addr = server.addr.clone();
    let path = format!("/api/games/{id}/step");
    let thinker = std::thread::spawn(move || {
        let began = Instant::now();
        let reply = Client::new(&addr).post(&path, &json!({}));
        (reply.status, began.elapsed())
    });
    std::thread::sleep(Duration::from_millis(500));
    let began = Instant::now();
    let during = c.get(&format!("/api/games/{id}")).json();
    let other = c.post("/api/games", &watershed5(&["human", "human"]));
    let quick = began.elapsed();
    assert_eq!(during["thinking"], true);
    assert_eq!(other.status, 201);
    assert_eq!(c.post(&format!("/api/games/{id}/step"), &json!({})).status, 409);
    let (status, took) = thinker.join().unwrap();
    assert_eq!(status, 200);
    assert!(took >= Duration::from_millis(2900), "{took:?}");
    assert!(quick < Duration::from_millis(1500), "other requests waited {quick:?}");
    assert_eq!(c.get(&format!("/api/games/{id}")).json()["actions"], 1);
}

/// 50 clients keep playing Watershed 5×5 games (a person's random actions against the random
/// player) for 20 s: every request succeeds, every game ends and replays to the result shown.
#[test]
fn load_fifty_concurrent_games_for_twenty_seconds() {
    let server = Server::start(&["--max-games", "200"]);
    let seconds: u64 = std::env::var("TABULA_LOAD_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(20);
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let finished = Arc::new(AtomicUsize::new(0));
    let requests = Arc::new(AtomicUsize::new(0));
    let workers: Vec<_> = (0..50u64)
        .map(|w| {
            let (addr, finished, requests) = (server.addr.clone(), Arc::clone(&finished), Arc::clone(&requests));
            std::thread::spawn(move || -> Result<(), String> {
                let mut c = Client::new(&addr);
                let mut pick = Pick(0x9e37_79b9_7f4a_7c15 ^ (w + 1));
                while Instant::now() < deadline {
                    let created = c.post("/api/games", &watershed5(&["human", "random"]));
                    if created.status != 201 {
                        return Err(format!("create: {} {}", created.status, created.body));
                    }
                    let state = created.json();
                    let id = state["id"].as_str().unwrap().to_string();
                    let end = play_out(&mut c, state, &mut pick)?;
                    requests.fetch_add(end["actions"].as_u64().unwrap() as usize + 3, Ordering::Relaxed);
                    // The game is still there, over, with the same result.
                    let again = c.get(&format!("/api/games/{id}"));
                    if again.status != 200 || again.json()["result"] != end["result"] || again.json()["over"] != true {
                        return Err(format!("game {id} lost or changed: {}", again.body));
                    }
                    let record = c.get(&format!("/api/games/{id}/record"));
                    let turns = record.body.lines().filter(|l| !l.starts_with(';') && !l.contains(' ')).count();
                    if record.status != 200 || turns == 0 {
                        return Err(format!("record of {id}: {}", record.body));
                    }
                    if c.send("DELETE", &format!("/api/games/{id}"), None, None).status != 200 {
                        return Err(format!("game {id} could not be deleted"));
                    }
                    finished.fetch_add(1, Ordering::Relaxed);
                }
                Ok(())
            })
        })
        .collect();
    let errors: Vec<String> = workers.into_iter().filter_map(|w| w.join().unwrap().err()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    let games = finished.load(Ordering::Relaxed);
    eprintln!("load: {games} games, about {} requests, in {seconds} s by 50 clients", requests.load(Ordering::Relaxed));
    assert!(games >= 50, "only {games} games finished");
}

#[test]
fn the_server_binds_loopback_unless_told_otherwise() {
    let server = Server::start(&[]);
    assert!(server.addr.starts_with("127.0.0.1:"), "{}", server.addr);
    let out = Command::new(BIN).args(["serve", "--games", "/no/such/dir"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/no/such/dir"));
}

#[test]
fn the_clickable_board_is_the_plain_board_plus_one_disc_per_site() {
    let selection = tabula::check::Selection::default();
    let (_, game) = tabula::check::load(Path::new("games/kensington.game"), &selection).unwrap();
    let p = tabula::render::Picture { game: &game, stones: &[], highlight: &[], relations: &[], title: None };
    let plain = tabula::render::svg(&p);
    let clickable = tabula::render::svg_with_sites(&p);
    assert!(clickable.starts_with(plain.trim_end_matches("</svg>\n")));
    for site in &game.board.sites {
        assert_eq!(clickable.matches(&format!("data-site=\"{}\"", site.label)).count(), 1, "{}", site.label);
    }
}

/// Sends `request` as it is on a new connection; answers the status line, or "" when the
/// server closed the connection without answering.
fn raw(addr: &str, request: &str) -> String {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut line = String::new();
    let _ = BufReader::new(stream).read_line(&mut line);
    line.trim_end().to_string()
}

#[test]
fn a_request_for_a_foreign_host_is_refused() {
    // DNS rebinding: a page of evil.example whose name now resolves to 127.0.0.1.
    let server = Server::start(&[]);
    let port = server.addr.rsplit(':').next().unwrap();
    for host in ["evil.example", &format!("evil.example:{port}"), "localhost.evil.example", "10.1.2.3"] {
        let status = raw(&server.addr, &format!("GET /api/catalog HTTP/1.1\r\nHost: {host}\r\n\r\n"));
        assert_eq!(status, "HTTP/1.1 421 Misdirected Request", "Host: {host}");
    }
    for host in ["localhost", &format!("localhost:{port}"), &server.addr, &format!("[::1]:{port}")] {
        let status = raw(&server.addr, &format!("GET /assets/play.js HTTP/1.1\r\nHost: {host}\r\n\r\n"));
        assert_eq!(status, "HTTP/1.1 200 OK", "Host: {host}");
    }
    assert_eq!(raw(&server.addr, "GET / HTTP/1.0\r\n\r\n"), "HTTP/1.0 421 Misdirected Request");
}

#[test]
fn idle_connections_are_closed_and_their_number_is_bounded() {
    let server = Server::start(&["--header-timeout", "0.5", "--max-connections", "3"]);
    let started = Instant::now();
    let idle: Vec<TcpStream> = (0..3).map(|_| TcpStream::connect(&server.addr).unwrap()).collect();
    std::thread::sleep(Duration::from_millis(100));
    // A fourth is closed at once, unanswered: the three idle ones hold every slot.
    assert_eq!(raw(&server.addr, "GET /api/catalog HTTP/1.1\r\nHost: localhost\r\n\r\n"), "");
    // The idle ones are closed after the header timeout...
    for mut stream in idle {
        stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        let mut byte = [0u8; 1];
        assert_eq!(stream.read(&mut byte).unwrap_or(0), 0);
    }
    assert!(started.elapsed() < Duration::from_secs(15));
    // ... and the server answers again.
    assert_eq!(raw(&server.addr, "GET /assets/play.js HTTP/1.1\r\nHost: localhost\r\n\r\n"), "HTTP/1.1 200 OK");
}

#[test]
fn another_address_than_loopback_needs_public() {
    let out = Command::new(BIN).args(["serve", "--host", "0.0.0.0", "--port", "0"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: --host 0.0.0.0 is not a loopback address: every machine that can reach it could use the server; \
         add --public if that is what you want\n"
    );
    let mut child = Command::new(BIN)
        .args(["serve", "--host", "0.0.0.0", "--port", "0", "--public"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut warning = String::new();
    BufReader::new(child.stderr.take().unwrap()).read_line(&mut warning).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(warning.starts_with("warning: serving on 0.0.0.0 to every machine that can reach it"), "{warning}");
}

#[test]
fn the_games_kept_are_bounded_by_memory() {
    let server = Server::start(&["--max-memory", "16"]);
    let mut c = server.client();
    // The largest square board alone is estimated at about 23 MiB: more than the budget.
    let big = "(game \"Big\" (players \"A\" \"B\") (board (square 255)) \
               (play (turn (place (to empty)))) (end (when (board-full) (draw))))";
    let r = c.post("/api/games", &json!({"source": big}));
    assert_eq!(r.status, 503, "{}", r.body);
    let message = r.json()["error"].as_str().unwrap().to_string();
    assert!(
        message.starts_with(
            "this game needs about 22.8 MiB of memory, more than this server keeps for all its games (16 MiB"
        ),
        "{message}"
    );
    // A board of 10 000 sites is estimated at about 3.6 MiB: four fit, and each new one
    // makes room by dropping the game left alone longest.
    let medium = big.replace("(square 255)", "(square 100)");
    let ids: Vec<String> = (0..8)
        .map(|_| {
            let r = c.post("/api/games", &json!({"source": medium}));
            assert_eq!(r.status, 201, "{}", r.body);
            r.json()["id"].as_str().unwrap().to_string()
        })
        .collect();
    let kept: Vec<u16> = ids.iter().map(|id| c.get(&format!("/api/games/{id}")).status).collect();
    assert_eq!(kept, [404, 404, 404, 404, 200, 200, 200, 200]);
}

/// The browser seats an `alphabeta` player too; at tic-tac-toe it sees every game to its end,
/// so the person (here random clicks) never wins against it.
#[test]
fn an_alphabeta_seat_is_never_beaten_at_tic_tac_toe() {
    let server = Server::start(&[]);
    let mut c = server.client();
    for seed in 1..6 {
        let request = json!({"game": "games/tic-tac-toe.game", "players": ["alphabeta", "human"], "think_ms": 50});
        let created = c.post("/api/games", &request);
        assert_eq!(created.status, 201, "{}", created.body);
        let end = play_out(&mut c, created.json(), &mut Pick(seed)).unwrap();
        let result = end["result"].as_str().unwrap();
        assert!(!result.starts_with("O wins"), "seed {seed}: {result}");
    }
}
