//! `tabula moves FILE [--position P] [--after "ACTIONS"] [--json]`: the legal actions of a position, for
//! debugging a rule file (docs/CLI.md).
//!
//! The actions go to stdout one per line, in byte order, so that two runs (or two engines) can be
//! compared with `diff`; who is to move, or how the game ended, goes to stderr.

use clap::Args;
use serde_json::json;

use super::{Failure, GameArgs, output::print_json};
use crate::engine::{Engine, State};

#[derive(Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    start: super::position::StartArgs,
    /// Print one JSON object: `to_move`, `legal`, `outcome`, `position`.
    #[arg(long)]
    json: bool,
}

/// The legal actions as text, in byte order.
pub fn sorted_legal(engine: &Engine, state: &State) -> Vec<String> {
    let mut legal: Vec<String> = engine.legal(state).iter().map(|&a| engine.action_text(a)).collect();
    legal.sort_unstable();
    legal
}

pub fn run(args: &MovesArgs) -> Result<(), Failure> {
    let engine = Engine::new(args.game.load()?);
    let state = args.start.reach(&engine)?;
    let legal = sorted_legal(&engine, &state);
    if args.json {
        let game = engine.game();
        let outcome = engine.outcome(&state).map(|_| super::replay::outcome_json(&engine, &state));
        print_json(&json!({
            "game": game.name,
            "variant": game.variant,
            "options": super::options_json(game),
            "turns": state.turns(),
            "actions": state.actions(),
            "to_move": engine.to_move(&state).map(|p| p + 1),
            "legal": legal,
            // The position as text on one line, to start from again with `--position` (null
            // in the middle of a turn, where there is none).
            "position": crate::position::write_line(&engine, &state).ok(),
            "outcome": outcome,
            "team_wins": super::output::game_team_wins_json(&engine, &state),
        }));
        return super::overflow_check(u64::from(state.overflowed()));
    }
    for action in &legal {
        println!("{action}");
    }
    eprintln!("{}", crate::summary::result_line(&engine, &state));
    super::overflow_check(u64::from(state.overflowed()))
}
