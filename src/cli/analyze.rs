//! `tabula analyze FILE [--games N] [--players random|mcts] [--json] [--svg FILE]`

use std::path::PathBuf;

use clap::Args;
use rayon::prelude::*;

use super::{Failure, GameArgs, output::print_json};
use crate::agent::make_agent;
use crate::analyze::{Analysis, histogram_svg, play_range, to_json, to_text};
use crate::engine::Engine;

#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Number of games.
    #[arg(long, default_value_t = 1000, value_parser = super::limits::games)]
    games: u64,
    /// Who plays every seat: an agent, `random`, `mcts`, `grave` or `alphabeta`, with its
    /// parameters (`mcts:sims=200`; see docs/AGENTS.md).
    #[arg(long, default_value = "random")]
    players: String,
    /// Milliseconds an `mcts` player thinks per action.
    #[arg(long, default_value_t = 50, value_parser = super::limits::think)]
    think: u64,
    /// Seed of the players' random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_parser = super::limits::threads)]
    threads: usize,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// Stop a game that has not ended after this many actions (counted as unfinished).
    #[arg(long, default_value_t = crate::engine::playout::ACTION_CAP)]
    max_actions: u32,
    /// Report progress on stderr even when it is not a terminal: a line each tenth of the
    /// games (and when games finish a minute after the last line). At a terminal a bar is shown.
    #[arg(long)]
    progress: bool,
    /// Draw a histogram of game lengths to this SVG file.
    #[arg(long)]
    svg: Option<PathBuf>,
}

const CHUNK: u64 = 16;

pub fn run(args: &AnalyzeArgs) -> Result<(), Failure> {
    if args.threads == 0 {
        return Err(Failure::Usage("--threads must be at least 1".into()));
    }
    make_agent(&args.players, 0, args.think).map_err(Failure::Usage)?;
    let engine = Engine::new(args.game.load()?);
    let progress = super::progress::Progress::new(args.games, args.progress);
    let chunk = |c: u64| {
        let range = c * CHUNK..((c + 1) * CHUNK).min(args.games);
        let analysis =
            play_range(&engine, &args.players, args.think, args.seed, args.max_actions, range).expect("checked above");
        progress.add(analysis.games);
        analysis
    };
    let chunks = args.games.div_ceil(CHUNK);
    // Chunks are merged as they come (every figure is a sum, a count or a min/max, so the order
    // does not matter): memory stays that of one analysis per thread.
    let merge = |mut a: Analysis, b: Analysis| {
        a.merge(&b);
        a
    };
    let threads = super::limits::useful_threads(args.threads, chunks);
    let analysis = if threads <= 1 {
        (0..chunks).map(chunk).fold(Analysis::new(&engine), merge)
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| Failure::Usage(format!("cannot start {threads} threads: {e}")))?;
        pool.install(|| (0..chunks).into_par_iter().map(chunk).reduce(|| Analysis::new(&engine), merge))
    };
    progress.finish();
    if let Some(path) = &args.svg {
        let title = format!("{}: game length over {} games", crate::summary::title(engine.game()), analysis.games);
        crate::record::write_atomically(path, histogram_svg(&title, &analysis.lengths).as_bytes())
            .map_err(|e| Failure::Usage(format!("cannot write {}: {e}", path.display())))?;
    }
    if args.json {
        print_json(&to_json(&engine, &analysis));
    } else {
        println!("{} — {} games, every seat `{}`", crate::summary::title(engine.game()), analysis.games, args.players);
        print!("{}", to_text(&engine, &analysis));
    }
    super::versus::warn_unfinished(analysis.unfinished, args.max_actions);
    Ok(())
}
