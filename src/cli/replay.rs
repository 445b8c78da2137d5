//! `tabula replay FILE RECORD [--json]`

use std::path::PathBuf;

use clap::Args;
use serde_json::json;

use super::{Failure, GameArgs, output::print_json};
use crate::engine::{Engine, State};
use crate::record::{Record, replay};

#[derive(Args, Debug)]
pub struct ReplayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The record to replay (`*.rec`).
    record: PathBuf,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// Reads a record and loads the game it was made with (the record's variant and options,
/// unless the command line gives them).
pub fn load(game: &GameArgs, path: &PathBuf) -> Result<(Engine, Record), Failure> {
    let text = std::fs::read(path).map_err(|e| Failure::Usage(format!("cannot read `{}`: {e}", path.display())))?;
    let text =
        String::from_utf8(text).map_err(|_| Failure::Problems(Some(format!("{}: not a text file", path.display()))))?;
    let record = Record::parse(&text).map_err(|e| Failure::Problems(Some(format!("{}: {e}", path.display()))))?;
    let mut args = game.clone();
    if args.variant.is_none() {
        args.variant = record.variant.clone();
    }
    if args.sets.is_empty() {
        args.sets = record.sets.iter().map(|(k, v)| format!("{k}={v}")).collect();
    }
    let loaded = args.load()?;
    record.matches(&loaded).map_err(|m| Failure::Problems(Some(format!("{}: {m}", path.display()))))?;
    Ok((Engine::new(loaded), record))
}

pub fn run(args: &ReplayArgs) -> Result<(), Failure> {
    let (engine, record) = load(&args.game, &args.record)?;
    let state =
        replay(&engine, &record).map_err(|e| Failure::Problems(Some(format!("{}: {e}", args.record.display()))))?;
    if args.json {
        print_json(&result_json(&engine, &state));
        return Ok(());
    }
    println!("{}", super::title(engine.game()));
    print!("{}", crate::display::board(&engine, &state));
    print!("{}", crate::display::status(&engine, &state));
    println!("{}", super::result_line(&engine, &state));
    Ok(())
}

/// The JSON keys of DESIGN.md §4: `turns`, `actions`, `winner` (1-based number of the first
/// player of the winning team, or null), `draw`, `scores` (per team, or null).
pub fn result_json(engine: &Engine, state: &State) -> serde_json::Value {
    let mut result = json!({
        "turns": state.turns(),
        "actions": state.actions(),
        "finished": engine.outcome(state).is_some(),
    });
    if let (Some(map), serde_json::Value::Object(outcome)) = (result.as_object_mut(), outcome_json(engine, state)) {
        map.extend(outcome);
    }
    result
}

/// How the game ended: `winner` (1-based number of the first player of the winning team, or
/// null), `winning_team` (its name), `draw`, `scores` (per team, or null).
pub fn outcome_json(engine: &Engine, state: &State) -> serde_json::Value {
    let outcome = engine.outcome(state);
    let winner = outcome
        .and_then(|o| o.winner)
        .map(|team| engine.game().players.iter().position(|p| p.team == team).map(|p| p + 1).unwrap_or(team + 1));
    json!({
        "winner": winner,
        "winning_team": outcome.and_then(|o| o.winner).map(|t| engine.game().teams[t].clone()),
        "draw": outcome.is_some_and(|o| o.is_draw()),
        "scores": outcome.and_then(|o| o.scores.clone()),
    })
}
