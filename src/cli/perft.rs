//! `tabula perft FILE DEPTH`

use clap::Args;

use super::{Failure, GameArgs};
use crate::engine::{Engine, perft::perft};

#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Number of actions to look ahead.
    depth: u32,
    /// Print the count for every depth from 1 up to DEPTH.
    #[arg(long)]
    all: bool,
}

pub fn run(args: &PerftArgs) -> Result<(), Failure> {
    let engine = Engine::new(args.game.load()?);
    let state = engine.initial();
    if args.all {
        for d in 1..args.depth {
            println!("perft({d}) = {}", perft(&engine, &state, d));
        }
    }
    // The last line is the count alone (DESIGN.md §4).
    println!("{}", perft(&engine, &state, args.depth));
    Ok(())
}
