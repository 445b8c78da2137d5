//! `tabula bench FILE [--seconds S] [--runs R] [--json]`
//!
//! Random playouts per second on one thread, after a warm-up, as the median of several runs:
//! the figure general game systems are compared by (docs/PERFORMANCE.md).

use std::time::{Duration, Instant};

use clap::Args;
use serde_json::json;

use super::{Failure, GameArgs, output::print_json};
use crate::engine::Engine;
use crate::engine::playout::random_game;

#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Length of each timed run, in seconds.
    #[arg(long, default_value_t = 2.0, value_parser = super::limits::seconds)]
    seconds: f64,
    /// Number of timed runs; the median is reported.
    #[arg(long, default_value_t = 5, value_parser = super::limits::runs)]
    runs: usize,
    /// Seed of the random playouts.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// One timed run: (games, actions, seconds).
fn run_for(engine: &Engine, seed: u64, first: u64, limit: Duration) -> (u64, u64, f64) {
    let initial = engine.initial();
    let mut state = initial.clone();
    let start = Instant::now();
    let (mut games, mut actions) = (0u64, 0u64);
    loop {
        // Check the clock every few games only.
        for _ in 0..8 {
            let record = random_game(engine, &initial, &mut state, seed, first + games);
            games += 1;
            actions += u64::from(record.actions);
        }
        let elapsed = start.elapsed();
        if elapsed >= limit {
            return (games, actions, elapsed.as_secs_f64());
        }
    }
}

pub fn run(args: &BenchArgs) -> Result<(), Failure> {
    if args.runs == 0 || !(args.seconds > 0.0 && args.seconds.is_finite()) {
        return Err(Failure::Usage("--runs must be at least 1 and --seconds above 0".into()));
    }
    let engine = Engine::new(args.game.load()?);
    // Warm-up: caches, branch predictors, the allocator's arenas.
    run_for(&engine, args.seed, 0, Duration::from_secs_f64(args.seconds.min(1.0)));
    let mut runs: Vec<(f64, f64)> = (0..args.runs)
        .map(|r| {
            let (games, actions, secs) =
                run_for(&engine, args.seed, 1_000_000 * (r as u64 + 1), Duration::from_secs_f64(args.seconds));
            (games as f64 / secs, actions as f64 / secs)
        })
        .collect();
    runs.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (playouts, actions) = runs[runs.len() / 2];
    if args.json {
        print_json(&json!({
            "game": engine.game().name,
            "variant": engine.game().variant,
            "options": super::options_json(engine.game()),
            "runs": args.runs,
            "seconds_per_run": args.seconds,
            "playouts_per_sec": playouts.round(),
            "actions_per_sec": actions.round(),
            "all_runs_playouts_per_sec": runs.iter().map(|r| r.0.round()).collect::<Vec<_>>(),
        }));
    } else {
        println!("{}", crate::summary::title(engine.game()));
        println!(
            "{playouts:.0} playouts/s, {actions:.0} actions/s (median of {} runs of {} s, one thread)",
            args.runs, args.seconds
        );
    }
    Ok(())
}
