//! `tabula serve [--port P] [--host H] [--games DIR]... [--max-games N]`: the web playground
//! (see [`crate::serve`]).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;

use clap::Args;

use super::Failure;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port; the address is printed on the first line).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on. Only loopback by default: anyone who can reach the server can
    /// start games and search with its CPU.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    host: IpAddr,
    /// A directory of game files to offer besides the bundled games (repeatable). Only files
    /// inside it are served.
    #[arg(long = "games", value_name = "DIR")]
    games: Vec<PathBuf>,
    /// Most games kept at once; beyond it, the game left alone longest is dropped.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_games: u32,
}

pub fn run(args: &ServeArgs) -> Result<(), Failure> {
    crate::serve::run(crate::serve::Config {
        addr: SocketAddr::new(args.host, args.port),
        dirs: args.games.clone(),
        max_games: args.max_games as usize,
    })
    .map_err(Failure::Usage)
}
