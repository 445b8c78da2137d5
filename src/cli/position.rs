//! `tabula position FILE [--position P] [--after "ACTIONS"]`: the position reached, as position
//! text (LANGUAGE.md, Positions) — and the `--position FILE|TEXT` start that `moves`, `perft`,
//! `play` and `playout` share.

use std::path::Path;

use clap::Args;

use super::{Failure, GameArgs};
use crate::diagnostic::Sources;
use crate::engine::{Engine, State};

#[derive(Args, Debug)]
pub struct PositionArgs {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    start: StartArgs,
    /// Print the position on one line (as a record's header holds it).
    #[arg(long)]
    line: bool,
}

/// Where a command starts: the game's start or a given position, then some actions.
#[derive(Args, Debug, Clone, Default)]
pub struct StartArgs {
    /// Start from this position instead of the game's start: a file, or the text itself when it
    /// begins with `(`: `--position '(position (place "Black" d4) (to-move "White"))'`.
    #[arg(long, value_name = "FILE|TEXT")]
    pub position: Option<String>,
    /// Actions to make first: `"c3 d4"`; `;` may separate turns (`"c3; d4"`), and then each
    /// group must be one whole turn.
    #[arg(long, value_name = "ACTIONS", default_value = "")]
    pub after: String,
}

impl StartArgs {
    /// The position reached: the start (or `--position`), then `--after`.
    pub fn reach(&self, engine: &Engine) -> Result<State, Failure> {
        let mut state = self.start(engine)?;
        crate::record::play_after(engine, &mut state, &self.after)
            .map_err(|m| Failure::Problems(Some(format!("error: --after: {m}"))))?;
        Ok(state)
    }

    /// The game's start, or the `--position`.
    pub fn start(&self, engine: &Engine) -> Result<State, Failure> {
        match &self.position {
            None => Ok(engine.initial()),
            Some(arg) => read_position(engine, arg),
        }
    }
}

/// The state of a `--position` argument: the text itself when it begins with `(` (after
/// blanks), else a file holding it. Problems in the text are printed as diagnostics.
pub fn read_position(engine: &Engine, arg: &str) -> Result<State, Failure> {
    let (name, text) = if arg.trim_start().starts_with('(') {
        ("--position".to_string(), arg.to_string())
    } else {
        let path = Path::new(arg);
        let bytes = crate::files::read_limited(path, crate::syntax::MAX_SOURCE_BYTES).map_err(|e| match e {
            crate::files::ReadError::Io(e) => Failure::Usage(format!("cannot read the position `{arg}`: {e}")),
            too_large => Failure::Problems(Some(format!("error: {arg}: {too_large}"))),
        })?;
        let text = String::from_utf8(bytes)
            .map_err(|_| Failure::Problems(Some(format!("error: {arg}: the position is not UTF-8 text"))))?;
        (arg.to_string(), crate::files::normalize_text(&text).into_owned())
    };
    text_position(engine, &name, &text)
}

/// Reads position text named `name` (for the diagnostics) into a state.
pub fn text_position(engine: &Engine, name: &str, text: &str) -> Result<State, Failure> {
    let mut sources = Sources::new();
    let id = sources.add(name, text);
    match crate::position::read(engine, id, text) {
        Ok(setup) => engine.position(&setup).map_err(|m| Failure::Problems(Some(format!("error: {name}: {m}")))),
        Err(diagnostics) => {
            super::output::print_diagnostics(&sources, &diagnostics);
            let n = diagnostics.len();
            Err(Failure::Problems(Some(format!("{name}: {n} error{} in the position", if n == 1 { "" } else { "s" }))))
        }
    }
}

pub fn run(args: &PositionArgs) -> Result<(), Failure> {
    let engine = Engine::new(args.game.load()?);
    let state = args.start.reach(&engine)?;
    let text = if args.line {
        crate::position::write_line(&engine, &state).map(|mut l| {
            l.push('\n');
            l
        })
    } else {
        crate::position::write(&engine, &state)
    };
    print!("{}", text.map_err(|m| Failure::Problems(Some(format!("error: {m}"))))?);
    Ok(())
}
