//! The `tabula` command line (docs/CLI.md). Front ends never know a game's rules: they load a
//! description, ask the engine, and print.
//!
//! Exit status: 0 done (and, for `check`, nothing wrong); 1 the input has problems (a rule
//! file with errors, an illegal action in a record); 2 the command could not run (missing file,
//! bad flag, unknown variant or option).

mod analyze;
mod bench;
mod check;
mod events;
mod fmt;
mod info;
mod limits;
mod lsp;
mod moves;
mod output;
mod perft;
mod play;
mod playout;
mod position;
mod progress;
mod render;
mod replay;
mod serve;
mod tournament;
mod versus;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::check::{LoadError, Selection};
use crate::game::Game;

/// Board games described in text, played by a generic interpreter.
#[derive(Parser, Debug)]
#[command(name = "tabula", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Parse and check game files; exit 0 iff all are valid.
    Check(check::CheckArgs),
    /// Describe a game: players, options, variants, board, regions, phases.
    Info(info::InfoArgs),
    /// Count the action sequences of a given length from the start (or `--after` some actions).
    Perft(perft::PerftArgs),
    /// List the legal actions at the start or `--after` some actions, for debugging a game.
    Moves(moves::MovesArgs),
    /// Print the position reached (`--position`, `--after`) as position text.
    Position(position::PositionArgs),
    /// Play uniformly random games and report statistics.
    Playout(playout::PlayoutArgs),
    /// Replay a game record, checking every action.
    Replay(replay::ReplayArgs),
    /// Play a game in the terminal, against people or the computer.
    Play(play::PlayArgs),
    /// Draw the board (and a recorded position) as SVG.
    Render(render::RenderArgs),
    /// Play a series of games between two agents, changing sides every game.
    Match(versus::MatchArgs),
    /// A round robin of several agents, with each pairing's score and the agents' Elo ratings.
    Tournament(tournament::TournamentArgs),
    /// Game-design metrics over many games: length, branching, balance, rule events.
    Analyze(analyze::AnalyzeArgs),
    /// Random playouts per second on one thread, median of several timed runs.
    Bench(bench::BenchArgs),
    /// Rewrite game files in the canonical layout, keeping comments (`--check`: only report).
    Fmt(fmt::FmtArgs),
    /// Serve a web playground: play and edit games in the browser.
    Serve(serve::ServeArgs),
    /// Serve the Language Server Protocol on stdio, for editors.
    Lsp(lsp::LspArgs),
}

/// The game to load: a file, a variant and option values.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// A game file (`games/watershed.game`).
    pub file: PathBuf,
    /// The variant to play (default: the file's default variant).
    #[arg(long)]
    pub variant: Option<String>,
    /// Set an option: `--set size=7` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<String>,
}

/// Why a command stopped early, with the exit status it implies.
#[derive(Debug)]
pub enum Failure {
    /// The input has problems (exit 1); the message has been printed or is given.
    Problems(Option<String>),
    /// The command could not run (exit 2).
    Usage(String),
}

impl GameArgs {
    /// Loads and checks the game, printing diagnostics on failure.
    pub fn load(&self) -> Result<Game, Failure> {
        let selection = Selection::new(self.variant.clone(), &self.sets).map_err(Failure::Usage)?;
        match crate::check::load(&self.file, &selection) {
            Ok((_, game)) => Ok(game),
            Err(LoadError::Unreadable(d)) if d.code == crate::codes::IO => Err(Failure::Usage(d.message)),
            Err(LoadError::Unreadable(d)) => Err(Failure::Problems(Some(format!("error: {}", d.message)))),
            Err(LoadError::Selection(m)) => Err(Failure::Usage(m)),
            Err(LoadError::Invalid(sources, diagnostics)) => {
                output::print_diagnostics(&sources, &diagnostics);
                let errors = diagnostics.iter().filter(|d| d.is_error()).count();
                Err(Failure::Problems(Some(format!(
                    "{}: {errors} error{} in the game file",
                    self.file.display(),
                    if errors == 1 { "" } else { "s" }
                ))))
            }
        }
    }
}

pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let result = match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Info(args) => info::run(&args),
        Command::Perft(args) => perft::run(&args),
        Command::Moves(args) => moves::run(&args),
        Command::Position(args) => position::run(&args),
        Command::Playout(args) => playout::run(&args),
        Command::Replay(args) => replay::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Render(args) => render::run(&args),
        Command::Match(args) => versus::run(&args),
        Command::Tournament(args) => tournament::run(&args),
        Command::Analyze(args) => analyze::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Fmt(args) => fmt::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Lsp(args) => lsp::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Problems(message)) => {
            if let Some(m) = message {
                eprintln!("{m}");
            }
            ExitCode::from(1)
        }
        Err(Failure::Usage(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

/// An error (exit 1) when the rules' arithmetic overflowed in `games` games: their results are not
/// what the rules mean.
pub fn overflow_check(games: u64) -> Result<(), Failure> {
    if games == 0 {
        return Ok(());
    }
    Err(Failure::Problems(Some(format!(
        "error: in {games} game(s) a number computed by the rules went beyond the 64-bit range \
         (±9223372036854775807); it was held at the limit, so these results may not be what the rules mean"
    ))))
}

/// The option values in force, by name, for `--json` outputs.
pub fn options_json(game: &Game) -> serde_json::Value {
    crate::describe::options_in_force(game)
}
