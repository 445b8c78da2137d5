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
mod connections;
mod host;
mod session;
mod store;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

pub use catalog::{Catalog, normalise};
pub use connections::Limits;
pub use store::MEMORY;

/// What `tabula serve` was asked for.
#[derive(Debug, Clone)]
pub struct Config {
    pub addr: SocketAddr,
    /// Directories of game files to offer besides the bundled games.
    pub dirs: Vec<PathBuf>,
    /// Most games kept at once.
    pub max_games: usize,
    /// Most memory the kept games may take, by their estimate (`Engine::estimated_bytes`).
    pub memory: usize,
    pub limits: Limits,
}

/// Shared by every request.
pub struct App {
    pub catalog: Catalog,
    pub store: store::Store,
    /// Permits for work that checks or builds a game: as many as the machine has cores, so
    /// that requests whose clients have gone (their work runs on) cannot pile up beyond them.
    pub builds: Arc<tokio::sync::Semaphore>,
}

/// Binds, prints `listening on http://ADDR` as the first line of standard output (the bound
/// port, when port 0 asked the system to choose one), and serves until the process ends.
pub fn run(config: Config) -> Result<(), String> {
    let catalog = Catalog::new(&config.dirs)?;
    let cores = std::thread::available_parallelism().map_or(2, usize::from);
    let app = Arc::new(App {
        catalog,
        store: store::Store::new(config.max_games, config.memory),
        builds: Arc::new(tokio::sync::Semaphore::new(cores)),
    });
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
        let router = api::router(app).layer(axum::middleware::from_fn_with_state(host::Hosts::new(bound), host::check));
        connections::serve(listener, router, config.limits).await
    })
}
