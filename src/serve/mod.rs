//! `tabula serve`: a local web playground on the same engine as the command line.
//!
//! Two pages and the JSON API under them (README, "Play in the browser"):
//!
//! * the **play page** (`/`) — choose a game, a variant, options and who plays each seat; the
//!   board is the SVG that [`crate::render`] draws, with a clickable disc on every site;
//! * the **editor** (`/editor`) — a rule file with the checker's diagnostics drawn under the
//!   text as it is typed, and the board it describes.
//!
//! The server is axum on a small tokio runtime. Handlers never hold a lock across an `await`;
//! checking a file, replaying a record and an agent's search run on tokio's blocking pool, so a
//! computer player thinking for seconds never delays anyone else's request. Pages are plain
//! HTML, CSS and JavaScript compiled into the binary ([`assets`]): nothing to build or install.

mod api;
mod assets;
mod catalog;
mod session;
mod store;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

pub use catalog::{Catalog, normalise};

/// What `tabula serve` was asked for.
#[derive(Debug, Clone)]
pub struct Config {
    pub addr: SocketAddr,
    /// Directories of game files to offer besides the bundled games.
    pub dirs: Vec<PathBuf>,
    /// Most games kept at once.
    pub max_games: usize,
}

/// Shared by every request.
pub struct App {
    pub catalog: Catalog,
    pub store: store::Store,
}

/// Binds, prints `listening on http://ADDR` as the first line of standard output (the bound
/// port, when port 0 asked the system to choose one), and serves until the process ends.
pub fn run(config: Config) -> Result<(), String> {
    let catalog = Catalog::new(&config.dirs)?;
    let app = Arc::new(App { catalog, store: store::Store::new(config.max_games) });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
        let bound = listener.local_addr().map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
        {
            use std::io::Write as _;
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "listening on http://{bound}");
            let _ = out.flush();
            // Nothing more goes to standard output: a reader that only waited for the address
            // may have closed it (and `tabula` dies of SIGPIPE rather than write to a closed pipe).
            eprintln!("play: http://{bound}/   editor: http://{bound}/editor");
        }
        axum::serve(listener, api::router(app)).await.map_err(|e| format!("the server stopped: {e}"))
    })
}
