//! `tabula match FILE --players A,B --games N [--think MS] [--threads T] [--seed S] [--json]`
//!
//! Two agents play a series; they change sides every game. In a team game each agent plays
//! every seat of its team.

use std::time::Instant;

use clap::Args;
use rayon::prelude::*;
use serde_json::json;

use super::{Failure, GameArgs, output::print_json};
use crate::agent::{make_agent, split_players};
use crate::engine::Engine;
use crate::tournament::{Duel, duel};

#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The two agents, separated by a comma: `random`, `mcts`, `grave`, `alphabeta`, each with
    /// its parameters (`mcts:sims=1000,c=0.7`; see docs/AGENTS.md).
    #[arg(long, default_value = "mcts,random", value_parser = players)]
    players: Players,
    #[command(flatten)]
    series: SeriesArgs,
}

/// A list of agent specs, split by [`split_players`] so that an agent keeps its parameters.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(transparent)]
pub struct Players(pub Vec<String>);

impl std::ops::Deref for Players {
    type Target = Vec<String>;

    fn deref(&self) -> &Vec<String> {
        &self.0
    }
}

impl<'a> IntoIterator for &'a Players {
    type Item = &'a String;
    type IntoIter = std::slice::Iter<'a, String>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// `--players`: agent specs separated by commas.
pub fn players(text: &str) -> Result<Players, String> {
    Ok(Players(split_players(text)))
}

/// How a series of games between agents is played and reported (`match`, `tournament`).
#[derive(Args, Debug)]
pub struct SeriesArgs {
    /// Number of games (in a tournament, of each pairing).
    #[arg(long, default_value_t = 20, value_parser = super::limits::games)]
    pub games: u64,
    /// Milliseconds an `mcts` or `alphabeta` agent thinks per action.
    #[arg(long, default_value_t = 200, value_parser = super::limits::think)]
    pub think: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_parser = super::limits::threads)]
    pub threads: usize,
    /// Seed of the agents' random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop a game that has not ended after this many actions (counted as unfinished).
    #[arg(long, default_value_t = crate::engine::playout::ACTION_CAP)]
    pub max_actions: u32,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Report progress on stderr even when it is not a terminal: a line each tenth of the
    /// games (and when games finish a minute after the last line). At a terminal a bar is shown.
    #[arg(long)]
    pub progress: bool,
}

/// Results added up over games.
#[derive(Debug, Clone, Copy, Default)]
struct Tally {
    games: u64,
    /// Games won by each agent.
    wins: [u64; 2],
    /// Games won by each team, whichever agent played it.
    team_wins: [u64; 2],
    draws: u64,
    /// Games stopped by the cap on actions.
    unfinished: u64,
    /// Sum of the games' lengths in turns.
    turns: u64,
}

impl Tally {
    fn of(r: Duel) -> Tally {
        let mut t = Tally { games: 1, turns: u64::from(r.turns), ..Tally::default() };
        if let Some(team) = r.winning_team.filter(|&team| team < 2) {
            t.team_wins[team] += 1;
        }
        match r.winner {
            Some(k) => t.wins[k] += 1,
            None if r.unfinished => t.unfinished += 1,
            None => t.draws += 1,
        }
        t
    }

    fn add(self, o: Tally) -> Tally {
        Tally {
            games: self.games + o.games,
            wins: [self.wins[0] + o.wins[0], self.wins[1] + o.wins[1]],
            team_wins: [self.team_wins[0] + o.team_wins[0], self.team_wins[1] + o.team_wins[1]],
            draws: self.draws + o.draws,
            unfinished: self.unfinished + o.unfinished,
            turns: self.turns + o.turns,
        }
    }
}

pub fn run(args: &MatchArgs) -> Result<(), Failure> {
    if args.players.len() != 2 {
        return Err(Failure::Usage(format!("--players takes two agents, got {}", args.players.len())));
    }
    if args.series.threads == 0 {
        return Err(Failure::Usage("--threads must be at least 1".into()));
    }
    for spec in &args.players {
        make_agent(spec, 0, args.series.think).map_err(Failure::Usage)?;
    }
    let engine = Engine::new(args.game.load()?);
    if engine.game().teams.len() != 2 {
        return Err(Failure::Usage(format!(
            "match needs a game of two teams; this one has {}",
            engine.game().teams.len()
        )));
    }
    let progress = super::progress::Progress::new(args.series.games, args.series.progress);
    let start = Instant::now();
    let one = |index: u64| {
        let specs = [args.players[0].as_str(), args.players[1].as_str()];
        let r = duel(&engine, specs, args.series.think, args.series.seed, index, args.series.max_actions);
        progress.add(1);
        r
    };
    // Results are added up as they come: nothing is kept per game.
    let tally = |r: Result<Duel, String>| r.map(Tally::of);
    let add = |a: Result<Tally, String>, b: Result<Tally, String>| -> Result<Tally, String> { Ok(a?.add(b?)) };
    let threads = super::limits::useful_threads(args.series.threads, args.series.games);
    let total = if threads <= 1 {
        (0..args.series.games).map(one).map(tally).fold(Ok(Tally::default()), add)
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| Failure::Usage(format!("cannot start {threads} threads: {e}")))?;
        pool.install(|| (0..args.series.games).into_par_iter().map(one).map(tally).reduce(|| Ok(Tally::default()), add))
    };
    progress.finish();
    let Tally { games, wins, team_wins, draws, unfinished, turns } = total.map_err(Failure::Usage)?;
    let seconds = start.elapsed().as_secs_f64();
    let mean_turns = turns as f64 / games.max(1) as f64;
    if args.series.json {
        print_json(&json!({
            "game": engine.game().name,
            "variant": engine.game().variant,
            "players": args.players,
            "games": games,
            "wins": wins,
            "team_wins": super::output::team_wins_json(engine.game(), &team_wins),
            "draws": draws,
            "unfinished": unfinished,
            "mean_turns": (mean_turns * 1000.0).round() / 1000.0,
            "seconds": (seconds * 1000.0).round() / 1000.0,
            "options": super::options_json(engine.game()),
        }));
        warn_unfinished(unfinished, args.series.max_actions);
        return Ok(());
    }
    println!("{}", crate::summary::title(engine.game()));
    println!("{games} games in {seconds:.1} s, sides alternating, mean {mean_turns:.1} turns");
    for (spec, w) in args.players.iter().zip(wins) {
        println!("{spec:<14} {w:>5} wins ({:.1}%)", 100.0 * w as f64 / games.max(1) as f64);
    }
    println!("{:<14} {draws:>5} ({:.1}%)", "draws", 100.0 * draws as f64 / games.max(1) as f64);
    if unfinished > 0 {
        println!("{:<14} {unfinished:>5} ({:.1}%)", "unfinished", 100.0 * unfinished as f64 / games.max(1) as f64);
    }
    warn_unfinished(unfinished, args.series.max_actions);
    Ok(())
}

/// Says that some games were cut short, and how to make the rules end them.
pub fn warn_unfinished(games: u64, cap: u32) {
    if games > 0 {
        eprintln!(
            "warning: {games} game(s) were stopped after {cap} actions without ending (`--max-actions`); \
             do the rules always end a game? (a `(turn-limit N)` end rule guarantees it)"
        );
    }
}
