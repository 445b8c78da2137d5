//! `tabula perft FILE DEPTH [--all] [--divide] [--position P] [--after "ACTIONS"] [--turns]`

use clap::Args;

use super::{Failure, GameArgs};
use crate::engine::turn_perft::{first_turns, perft_turns};
use crate::engine::{Engine, State, perft::perft};

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
    #[command(flatten)]
    start: super::position::StartArgs,
    /// Count sequences of DEPTH whole turns instead of DEPTH actions (a turn is over when the
    /// next player's turn begins or the game ends), as published figures for games with
    /// several actions per turn do. With `--divide`, one line per whole first turn, its
    /// actions separated by spaces.
    #[arg(long)]
    turns: bool,
}

pub fn run(args: &PerftArgs) -> Result<(), Failure> {
    let engine = Engine::new(args.game.load()?);
    let state = args.start.reach(&engine)?;
    if args.turns {
        return run_turns(args, &engine, &state);
    }
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
    // The last line is the count alone (docs/CLI.md).
    println!("{total}");
    Ok(())
}

/// `--turns`: the same output, counting whole turns.
fn run_turns(args: &PerftArgs, engine: &Engine, state: &State) -> Result<(), Failure> {
    if args.all {
        for d in 1..args.depth {
            println!("perft({d}) = {}", perft_turns(engine, state, d));
        }
    }
    let total = if args.divide && args.depth > 0 {
        let mut lines: Vec<(String, u64)> = first_turns(engine, state)
            .into_iter()
            .map(|(actions, after)| {
                let text: Vec<String> = actions.iter().map(|&a| engine.action_text(a)).collect();
                (text.join(" "), perft_turns(engine, &after, args.depth - 1))
            })
            .collect();
        lines.sort_unstable();
        for (turn, count) in &lines {
            println!("{turn}: {count}");
        }
        lines.iter().map(|(_, n)| n).sum()
    } else {
        perft_turns(engine, state, args.depth)
    };
    println!("{total}");
    Ok(())
}
