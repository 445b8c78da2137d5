//! `tabula perft FILE DEPTH [--all] [--divide] [--after "ACTIONS"]`

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
    /// Print the count under each first action (`ACTION: COUNT`), as perft tools do, to find
    /// where two engines part.
    #[arg(long)]
    divide: bool,
    /// Count from the position after these actions (`"c3 d4"`; `;` may separate turns).
    #[arg(long, value_name = "ACTIONS", default_value = "")]
    after: String,
}

pub fn run(args: &PerftArgs) -> Result<(), Failure> {
    let engine = Engine::new(args.game.load()?);
    let state = super::moves::position_after(&engine, &args.after)?;
    if args.all {
        for d in 1..args.depth {
            println!("perft({d}) = {}", perft(&engine, &state, d));
        }
    }
    let total = if args.divide && args.depth > 0 {
        let mut lines: Vec<(String, u64)> = engine
            .legal(&state)
            .iter()
            .map(|&action| {
                let mut next = state.clone();
                engine.apply_unchecked(&mut next, action);
                (engine.action_text(action), perft(&engine, &next, args.depth - 1))
            })
            .collect();
        lines.sort_unstable();
        for (action, count) in &lines {
            println!("{action}: {count}");
        }
        lines.iter().map(|(_, n)| n).sum()
    } else {
        perft(&engine, &state, args.depth)
    };
    // The last line is the count alone (DESIGN.md §4).
    println!("{total}");
    Ok(())
}
