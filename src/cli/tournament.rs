//! `tabula tournament FILE --players A,B,C... --games N [--think MS] [--threads T] [--seed S]
//! [--json]`
//!
//! A round robin: every pair of agents plays N games, changing sides every game; then each
//! pairing's score with its 95% interval and the agents' Elo ratings with theirs
//! ([`crate::tournament`]).

use std::time::Instant;

use clap::Args;
use rayon::prelude::*;
use serde_json::json;

use super::{Failure, GameArgs, output::print_json};
use crate::agent::make_agent;
use crate::engine::Engine;
use crate::tournament::{Duel, Pairing, duel, elo, round_robin};

#[derive(Args, Debug)]
pub struct TournamentArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The agents, at least two, separated by commas: `random`, `mcts`, `grave`, `alphabeta`,
    /// each with its parameters (`mcts:sims=1000,c=0.7`; see docs/AGENTS.md). The first is
    /// rated 0.
    #[arg(long, default_value = "random,mcts", value_parser = super::versus::players)]
    players: super::versus::Players,
    #[command(flatten)]
    series: super::versus::SeriesArgs,
}

pub fn run(args: &TournamentArgs) -> Result<(), Failure> {
    let agents = &args.players;
    if agents.len() < 2 {
        return Err(Failure::Usage(format!("--players takes at least two agents, got {}", agents.len())));
    }
    if let Some(twice) = agents.iter().enumerate().find(|(i, a)| agents[..*i].contains(a)).map(|(_, a)| a) {
        return Err(Failure::Usage(format!("`{twice}` is named twice in --players: each agent plays once")));
    }
    for spec in agents {
        make_agent(spec, 0, args.series.think).map_err(Failure::Usage)?;
    }
    let pairs = round_robin(agents.len());
    let total = args.series.games.checked_mul(pairs.len() as u64).filter(|&n| n <= super::limits::MAX_GAMES);
    let Some(total) = total else {
        return Err(Failure::Usage(format!(
            "{} pairings of {} games is too many games; play fewer agents or games",
            pairs.len(),
            args.series.games
        )));
    };
    let engine = Engine::new(args.game.load()?);
    if engine.game().teams.len() != 2 {
        return Err(Failure::Usage(format!(
            "a tournament needs a game of two teams; this one has {}",
            engine.game().teams.len()
        )));
    }
    let progress = super::progress::Progress::new(total, args.series.progress);
    let start = Instant::now();
    // Game `g` of the run is game `g % games` of pairing `g / games`.
    let one = |g: u64| -> Result<(usize, Duel), String> {
        let k = (g / args.series.games) as usize;
        let (i, j) = pairs[k];
        let specs = [agents[i].as_str(), agents[j].as_str()];
        let d = duel(
            &engine,
            specs,
            args.series.think,
            // Each pairing its own stream: an agent added at the end of `--players` leaves the
            // earlier pairings' games as they were.
            crate::agent::seed_stream(args.series.seed, k),
            g % args.series.games,
            args.series.max_actions,
        )?;
        progress.add(1);
        Ok((k, d))
    };
    let blank: Vec<Pairing> =
        pairs.iter().map(|&(first, second)| Pairing { first, second, ..Pairing::default() }).collect();
    let add = |mut tally: Vec<Pairing>, r: Result<(usize, Duel), String>| -> Result<Vec<Pairing>, String> {
        let (k, d) = r?;
        tally[k].add(d);
        Ok(tally)
    };
    let merge = |a: Result<Vec<Pairing>, String>, b: Result<Vec<Pairing>, String>| -> Result<Vec<Pairing>, String> {
        let (mut a, b) = (a?, b?);
        a.iter_mut().zip(&b).for_each(|(x, y)| x.merge(y));
        Ok(a)
    };
    let threads = super::limits::useful_threads(args.series.threads, total);
    let results = if threads <= 1 {
        (0..total).map(one).try_fold(blank.clone(), add)
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| Failure::Usage(format!("cannot start {threads} threads: {e}")))?;
        pool.install(|| {
            (0..total).into_par_iter().map(one).try_fold(|| blank.clone(), add).reduce(|| Ok(blank.clone()), merge)
        })
    };
    progress.finish();
    let pairings = results.map_err(Failure::Usage)?;
    let seconds = start.elapsed().as_secs_f64();
    let ratings = elo(agents.len(), &pairings);
    let unfinished: u64 = pairings.iter().map(|p| p.unfinished).sum();
    let round = |x: f64, places: i32| (x * 10f64.powi(places)).round() / 10f64.powi(places);
    if args.series.json {
        let pairings: Vec<_> = pairings
            .iter()
            .map(|p| {
                let (lo, hi) = interval(p);
                json!({
                    "first": agents[p.first], "second": agents[p.second],
                    "wins": p.wins, "draws": p.draws, "losses": p.losses, "unfinished": p.unfinished,
                    "score": round(p.score() / p.games().max(1) as f64, 4),
                    "interval": [round(lo, 4), round(hi, 4)],
                })
            })
            .collect();
        let ratings: Vec<_> = agents
            .iter()
            .zip(&ratings)
            .map(|(a, r)| json!({ "agent": a, "elo": round(r.elo, 1), "margin": round(r.margin, 1) }))
            .collect();
        print_json(&json!({
            "game": engine.game().name,
            "variant": engine.game().variant,
            "options": super::options_json(engine.game()),
            "agents": agents,
            "games_per_pairing": args.series.games,
            "pairings": pairings,
            "ratings": ratings,
            "seconds": round(seconds, 3),
        }));
        super::versus::warn_unfinished(unfinished, args.series.max_actions);
        return Ok(());
    }
    println!("{}", crate::summary::title(engine.game()));
    println!(
        "{} agents, {} games a pairing, sides alternating: {total} games in {seconds:.1} s",
        agents.len(),
        args.series.games
    );
    let width = agents.iter().map(|a| a.len()).max().unwrap_or(0).max(5);
    let pair_width = 2 * width + 4;
    println!("{:<pair_width$}  wins draws losses  score  95% interval", "pairing");
    for p in &pairings {
        let (lo, hi) = interval(p);
        let name = format!("{} vs {}", agents[p.first], agents[p.second]);
        let score = p.score() / p.games().max(1) as f64;
        println!("{name:<pair_width$}  {:>4} {:>5} {:>6}  {score:.3}  {lo:.3}-{hi:.3}", p.wins, p.draws, p.losses);
    }
    println!("{:<width$}  {:>6}  95% interval", "agent", "Elo");
    let mut order: Vec<usize> = (0..agents.len()).collect();
    order.sort_by(|&a, &b| ratings[b].elo.total_cmp(&ratings[a].elo));
    for a in order {
        let r = ratings[a];
        let margin = if a == 0 { "fixed".to_string() } else { format!("±{:.0}", r.margin) };
        println!("{:<width$}  {:>+6.0}  {margin}", agents[a], r.elo);
    }
    super::versus::warn_unfinished(unfinished, args.series.max_actions);
    Ok(())
}

/// The Wilson interval at 95% of a pairing's score (a draw half a win), over its finished
/// games; all of 0 to 1 when none finished.
fn interval(p: &Pairing) -> (f64, f64) {
    match p.games() {
        0 => (0.0, 1.0),
        n => crate::analyze::wilson(p.score(), n),
    }
}
