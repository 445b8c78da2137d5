//! `tabula replay FILE RECORD [--json]`

use std::path::{Path, PathBuf};

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
    /// Show the position after this many turns of the record (default: all of them).
    #[arg(long, value_name = "N")]
    turn: Option<usize>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// The record cut after its first `turn` turns (each line of a record is one turn).
pub fn first_turns(mut record: Record, turn: Option<usize>, path: &Path) -> Result<Record, Failure> {
    if let Some(n) = turn {
        if n > record.turns.len() {
            return Err(Failure::Usage(format!(
                "--turn {n}: {} has only {} turns",
                path.display(),
                record.turns.len()
            )));
        }
        record.turns.truncate(n);
    }
    Ok(record)
}

/// Reads a record and loads the game it was made with (the record's variant and options,
/// unless the command line gives them). What is wrong with the record is reported as a problem
/// of the record (exit 1, with its line), not of the command line.
pub fn load(game: &GameArgs, path: &Path) -> Result<(Engine, Record), Failure> {
    let problem = |m: String| Failure::Problems(Some(format!("{}: {m}", path.display())));
    let text = crate::files::read_limited(path, crate::syntax::MAX_SOURCE_BYTES).map_err(|e| match e {
        crate::files::ReadError::Io(e) => Failure::Usage(format!("cannot read `{}`: {e}", path.display())),
        too_large => problem(format!("not a game record: {too_large}")),
    })?;
    let text = String::from_utf8(text).map_err(|_| problem("not a text file".into()))?;
    let record = Record::parse(&text).map_err(|e| problem(e.to_string()))?;
    let mut args = game.clone();
    if args.variant.is_none() {
        args.variant = record.variant.clone();
    }
    if args.sets.is_empty() {
        args.sets = record.sets.iter().map(|(k, v)| format!("{k}={v}")).collect();
    }
    let from_record = args.variant != game.variant || args.sets != game.sets;
    let loaded = match args.load() {
        Err(Failure::Usage(message)) if from_record => {
            // The record's own variant or options do not fit the file: first, is it the same game?
            let plain = game.load()?;
            if plain.name != record.game {
                return Err(problem(format!(
                    "the record is of \"{}\", but the game file describes \"{}\"",
                    record.game, plain.name
                )));
            }
            let message = message.replace("`--set ", "`set ");
            return Err(problem(match header_line(&text, &record, &message) {
                Some(line) => format!("line {line}: {message}"),
                None => message,
            }));
        }
        other => other?,
    };
    record.matches(&loaded).map_err(problem)?;
    Ok((Engine::new(loaded), record))
}

/// The line of the record's header that `message` (about a variant or an option) is about.
fn header_line(text: &str, record: &Record, message: &str) -> Option<usize> {
    let key = record.sets.iter().map(|(k, _)| k.as_str()).find(|k| message.contains(&format!("`{k}")));
    let text = crate::files::normalize_text(text);
    text.lines()
        .position(|raw| {
            let content = raw.split(';').next().unwrap_or("").trim();
            let (word, rest) = content.split_once(char::is_whitespace).unwrap_or((content, ""));
            match key {
                Some(k) => word == "set" && rest.split('=').next().is_some_and(|r| r.trim() == k),
                None => word == "variant",
            }
        })
        .map(|i| i + 1)
}

pub fn run(args: &ReplayArgs) -> Result<(), Failure> {
    let (engine, record) = load(&args.game, &args.record)?;
    let record = first_turns(record, args.turn, &args.record)?;
    let state =
        replay(&engine, &record).map_err(|e| Failure::Problems(Some(format!("{}: {e}", args.record.display()))))?;
    if args.json {
        print_json(&result_json(&engine, &state));
        return super::overflow_check(u64::from(state.overflowed()));
    }
    println!("{}", crate::summary::title(engine.game()));
    print!("{}", crate::display::board(&engine, &state));
    print!("{}", crate::display::status(&engine, &state));
    println!("{}", crate::summary::result_line(&engine, &state));
    super::overflow_check(u64::from(state.overflowed()))
}

/// The JSON keys of docs/CLI.md: `turns`, `actions`, `winner` (1-based number of the first
/// player of the winning team, or null), `draw`, `scores` (per team, or null); and the keys every
/// `--json` output shares: `game`, `variant`, `options`, `team_wins`.
pub fn result_json(engine: &Engine, state: &State) -> serde_json::Value {
    let game = engine.game();
    let mut result = json!({
        "game": game.name,
        "variant": game.variant,
        "options": super::options_json(game),
        "team_wins": super::output::game_team_wins_json(engine, state),
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
