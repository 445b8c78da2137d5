//! A real editor drives `tabula lsp`: Debian's Neovim, headless, with its built-in LSP client
//! and the configuration in `editors/nvim/`, opens a broken game file and reports the
//! diagnostics it received.
//!
//! Neovim must be installed (`.ci/run` installs it). Without it the test fails, unless
//! `TABULA_SKIP_NVIM=1` is set, which skips it on purpose and says so.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Broken twice: the ludeme `plase` (line 5) and the counter `scor` (line 7).
const BROKEN: &str = "; Two mistakes.\n(game \"Broken\"\n  (players \"A\" \"B\")\n  (board (square 3))\n  (play (turn (plase (to empty))))\n  (counter score)\n  (end (when (board-full) (compare (higher (counter scor))))))\n";

#[test]
fn neovim_shows_the_diagnostics_of_a_broken_file() {
    if Command::new("nvim").arg("--version").stdout(Stdio::null()).status().is_err() {
        if std::env::var("TABULA_SKIP_NVIM").as_deref() == Ok("1") {
            eprintln!("SKIPPED: nvim is not installed and TABULA_SKIP_NVIM=1");
            return;
        }
        panic!("nvim is not installed: install Debian's `neovim` (as .ci/run does), or set TABULA_SKIP_NVIM=1 to skip");
    }
    let dir = std::env::temp_dir().join(format!("tabula-nvim-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let game = dir.join("broken.game");
    let out = dir.join("diagnostics.txt");
    std::fs::write(&game, BROKEN).unwrap();
    let config = Path::new(env!("CARGO_MANIFEST_DIR")).join("editors/nvim/ci.lua");
    let mut child = Command::new("nvim")
        .args(["--headless", "-n", "-i", "NONE", "-u"])
        .arg(&config)
        .arg(&game)
        .current_dir(&dir)
        .env("TABULA_CMD", env!("CARGO_BIN_EXE_tabula"))
        .env("TABULA_OUT", &out)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start nvim");
    let deadline = Instant::now() + Duration::from_secs(90);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("nvim did not finish within 90 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut stderr = String::new();
    if let Some(mut e) = child.stderr.take() {
        use std::io::Read;
        let _ = e.read_to_string(&mut stderr);
    }
    let reported = std::fs::read_to_string(&out)
        .unwrap_or_else(|e| panic!("nvim ({status}) wrote no report to {}: {e}\n{stderr}", out.display()));
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        reported, "tabula::check::unknown_ludeme 5\ntabula::check::unknown_counter 7\n",
        "nvim exited with {status}\n{stderr}"
    );
}
