//! `tabula playout FILE --games N --seed S [--threads T] [--json]`

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

use clap::Args;
use rayon::prelude::*;
use serde_json::json;

use super::{Failure, GameArgs, output::print_json};
use crate::engine::playout::{GameRecord, random_game, random_game_turns};
use crate::engine::stats::Stats;
use crate::engine::{Engine, State};
use crate::record::{Record, Turn};

#[derive(Args, Debug)]
pub struct PlayoutArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Number of games.
    #[arg(long, default_value_t = 1000, value_parser = super::limits::games)]
    games: u64,
    /// Seed of the random choices; the same seed gives the same games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads to spread the games over (results do not depend on it).
    #[arg(long, default_value_t = 1, value_parser = super::limits::threads)]
    threads: usize,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// Report progress on stderr even when it is not a terminal: a line each tenth of the
    /// games (and when games finish a minute after the last line). At a terminal a bar is shown.
    #[arg(long)]
    progress: bool,
    /// Play every game from this position instead of the game's start (a file, or the text
    /// itself when it begins with `(`); records written say so.
    #[arg(long, value_name = "FILE|TEXT")]
    position: Option<String>,
    /// Write every game as a record, `DIR/000000.rec` for game 0 (the number of its random
    /// stream), so that any game of a run can be replayed or rendered.
    #[arg(long, value_name = "DIR")]
    records: Option<PathBuf>,
}

/// Games handed to a thread at a time.
const CHUNK: u64 = 64;

/// Plays games `0..games` from `initial` with per-game random streams and sums their
/// statistics; with `records`, also writes each game there, beginning with `position` (the
/// text of `initial` when it is not the game's start; the first failure to write is returned).
#[allow(clippy::too_many_arguments)]
pub fn run_games(
    engine: &Engine,
    initial: &State,
    position: Option<&str>,
    games: u64,
    seed: u64,
    threads: usize,
    progress: Option<&super::progress::Progress>,
    records: Option<&Path>,
) -> Result<Stats, String> {
    let players = engine.game().players.len();
    let write_error: Mutex<Option<String>> = Mutex::new(None);
    let chunk = |c: u64| {
        let mut stats = Stats::new(players);
        let mut state = initial.clone();
        for index in c * CHUNK..((c + 1) * CHUNK).min(games) {
            let record = match records {
                None => random_game(engine, initial, &mut state, seed, index),
                Some(dir) => {
                    let (record, turns) = random_game_turns(engine, initial, &mut state, seed, index);
                    if let Err(e) = write_record(engine, dir, (seed, index), position, &record, turns) {
                        if let Ok(mut slot) = write_error.lock() {
                            slot.get_or_insert(e);
                        }
                    }
                    record
                }
            };
            stats.add(engine.game(), &record);
        }
        if let Some(p) = progress {
            p.add(stats.games);
        }
        stats
    };
    let chunks = games.div_ceil(CHUNK);
    let threads = super::limits::useful_threads(threads, chunks);
    let merge = |mut a: Stats, b: Stats| {
        a.merge(&b);
        a
    };
    let pool = if threads <= 1 { None } else { rayon::ThreadPoolBuilder::new().num_threads(threads).build().ok() };
    let stats = match pool {
        None => (0..chunks).map(chunk).fold(Stats::new(players), merge),
        Some(pool) => pool.install(|| {
            // Merged as they come (the sums do not depend on the order): nothing kept per chunk.
            (0..chunks).into_par_iter().map(chunk).reduce(|| Stats::new(players), merge)
        }),
    };
    match write_error.into_inner().ok().flatten() {
        Some(e) => Err(e),
        None => Ok(stats),
    }
}

/// Writes game `index` as `DIR/NNNNNN.rec`, with its seed and result as comments.
fn write_record(
    engine: &Engine,
    dir: &Path,
    (seed, index): (u64, u64),
    position: Option<&str>,
    game: &GameRecord,
    turns: Vec<Vec<String>>,
) -> Result<(), String> {
    let mut record = Record::for_game(engine.game());
    record.position = position.map(|p| (0, p.to_string()));
    record.turns = turns.into_iter().map(|actions| Turn { line: 0, actions }).collect();
    let result = match &game.outcome {
        None => format!("stopped unfinished after {} actions", game.actions),
        Some(o) => match o.winner {
            Some(team) => format!("{} wins", engine.game().teams[team]),
            None => "draw".into(),
        },
    };
    let text = format!(
        "; random playout: seed {seed}, game {index}\n; result: {result} after {} turns, {} actions\n{}",
        game.turns,
        game.actions,
        record.to_text()
    );
    let path = dir.join(format!("{index:06}.rec"));
    crate::record::write_atomically(&path, text.as_bytes())
        .map_err(|e| format!("cannot write `{}`: {e}", path.display()))
}

/// Wins per team from wins per player: every member of a team counts its wins, so a team's are
/// those of its first player.
fn team_wins(game: &crate::game::Game, player_wins: &[u64]) -> Vec<u64> {
    (0..game.teams.len())
        .map(|t| game.players.iter().position(|p| p.team == t).and_then(|p| player_wins.get(p)).copied().unwrap_or(0))
        .collect()
}

pub fn run(args: &PlayoutArgs) -> Result<(), Failure> {
    if args.threads == 0 {
        return Err(Failure::Usage("--threads must be at least 1".into()));
    }
    let engine = Engine::new(args.game.load()?);
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::Usage(format!("cannot create the records directory `{}`: {e}", dir.display())))?;
    }
    let initial = match &args.position {
        Some(arg) => super::position::read_position(&engine, arg)?,
        None => engine.initial(),
    };
    let position = match &args.position {
        Some(_) => Some(crate::position::write_line(&engine, &initial).map_err(|m| Failure::Problems(Some(m)))?),
        None => None,
    };
    let progress = super::progress::Progress::new(args.games, args.progress);
    let start = Instant::now();
    let records = args.records.as_deref();
    let stats = run_games(
        &engine,
        &initial,
        position.as_deref(),
        args.games,
        args.seed,
        args.threads,
        Some(&progress),
        records,
    );
    let seconds = start.elapsed().as_secs_f64();
    progress.finish();
    let stats = stats.map_err(Failure::Usage)?;
    let per_sec = |n: f64| if seconds > 0.0 { n / seconds } else { 0.0 };
    let game = engine.game();
    if args.json {
        print_json(&json!({
            "game": game.name,
            "variant": game.variant,
            "games": stats.games,
            "seed": args.seed,
            "threads": args.threads,
            "seconds": (seconds * 1000.0).round() / 1000.0,
            "options": super::options_json(engine.game()),
            "playouts_per_sec": per_sec(stats.games as f64),
            "actions_per_sec": per_sec(stats.actions.sum as f64),
            "turns": stats.turns.json(),
            "actions": stats.actions.json(),
            "wins": stats.wins,
            // Per team, keyed by its name: a team's win counted once (`wins` counts it for
            // every member, as the contract says).
            "team_wins": super::output::team_wins_json(game, &team_wins(game, &stats.wins)),
            "draws": stats.draws,
            "unfinished": stats.unfinished,
            "overflowed": stats.overflowed,
        }));
        return super::overflow_check(stats.overflowed);
    }
    println!("{}", crate::summary::title(game));
    println!(
        "{} games in {:.3} s: {:.0} playouts/s, {:.0} actions/s",
        stats.games,
        seconds,
        per_sec(stats.games as f64),
        per_sec(stats.actions.sum as f64)
    );
    for (name, s) in [("turns", &stats.turns), ("actions", &stats.actions)] {
        println!("{name:<8} mean {:.2}  sd {:.2}  min {}  max {}", s.mean(), s.sd(), s.min, s.max);
    }
    // Per team (a team's players share its wins).
    let wins: Vec<String> = game
        .teams
        .iter()
        .zip(team_wins(game, &stats.wins))
        .map(|(team, w)| format!("{team} {w} ({:.1}%)", 100.0 * w as f64 / stats.games.max(1) as f64))
        .collect();
    println!("wins     {}", wins.join(", "));
    println!("draws    {} ({:.1}%)", stats.draws, 100.0 * stats.draws as f64 / stats.games.max(1) as f64);
    if stats.unfinished > 0 {
        eprintln!(
            "warning: {} game(s) were stopped after {} actions without ending; do the rules always end a game? \
             (a `(turn-limit N)` end rule guarantees it)",
            stats.unfinished,
            crate::engine::playout::ACTION_CAP
        );
    }
    super::overflow_check(stats.overflowed)
}
