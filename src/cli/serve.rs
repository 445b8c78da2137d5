//! `tabula serve [--port P] [--host H [--public]] [--games DIR]... [--max-games N]
//! [--max-memory MIB]`: the web playground (see [`crate::serve`]).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use super::Failure;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port; the address is printed on the first line).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on. Only loopback by default: anyone who can reach the server can
    /// start games and search with its CPU. Any other address needs --public.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    host: IpAddr,
    /// Allow a --host that is not a loopback address: every machine that can reach it may use
    /// the server, with no password.
    #[arg(long)]
    public: bool,
    /// A directory of game files to offer besides the bundled games (repeatable). Only the
    /// `.game` files inside it are served.
    #[arg(long = "games", value_name = "DIR")]
    games: Vec<PathBuf>,
    /// Most games kept at once; beyond it, the game left alone longest is dropped.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_games: u32,
    /// Most memory the kept games may take together, in MiB (by each game's estimate); beyond
    /// it, the games left alone longest are dropped, and a game larger than it is refused.
    #[arg(long, value_name = "MIB", default_value_t = (crate::serve::MEMORY >> 20) as u32,
          value_parser = clap::value_parser!(u32).range(16..=1 << 20))]
    max_memory: u32,
    /// Seconds a connection may take to send a request's header, and stay idle between
    /// requests (for tests).
    #[arg(long, hide = true, default_value_t = crate::serve::Limits::default().header_timeout.as_secs_f64())]
    header_timeout: f64,
    /// Most connections served at once (for tests).
    #[arg(long, hide = true, default_value_t = crate::serve::Limits::default().connections as u32,
          value_parser = clap::value_parser!(u32).range(1..=65_536))]
    max_connections: u32,
}

pub fn run(args: &ServeArgs) -> Result<(), Failure> {
    if !args.host.is_loopback() {
        if !args.public {
            return Err(Failure::Usage(format!(
                "--host {} is not a loopback address: every machine that can reach it could use the server; \
                 add --public if that is what you want",
                args.host
            )));
        }
        eprintln!(
            "warning: serving on {} to every machine that can reach it, with no password; \
             anyone there can start games and use this machine's CPU",
            args.host
        );
    }
    if !(args.header_timeout > 0.0 && args.header_timeout <= 3600.0) {
        return Err(Failure::Usage("--header-timeout: give seconds above 0 and at most 3600".to_string()));
    }
    crate::serve::run(crate::serve::Config {
        addr: SocketAddr::new(args.host, args.port),
        dirs: args.games.clone(),
        max_games: args.max_games as usize,
        memory: (args.max_memory as usize) << 20,
        limits: crate::serve::Limits {
            connections: args.max_connections as usize,
            header_timeout: Duration::from_secs_f64(args.header_timeout),
        },
    })
    .map_err(Failure::Usage)
}
