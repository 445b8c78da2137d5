//! `tabula render FILE [--record RECORD] [--out board.svg]`

use std::path::PathBuf;

use clap::Args;

use super::{Failure, GameArgs};
use crate::engine::{Engine, State};
use crate::render::{Picture, svg_with_pieces};

#[derive(Args, Debug)]
pub struct RenderArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Show the position at the end of this game record.
    #[arg(long)]
    record: Option<PathBuf>,
    /// With `--record`: the position after this many turns of it.
    #[arg(long, value_name = "N", requires = "record")]
    turn: Option<usize>,
    /// Write the SVG here (default, or `-`: standard output).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// The SVG of a position: the relations the rules use are drawn, the last action's sites
/// marked.
pub fn picture_svg(engine: &Engine, state: &State, title: Option<String>) -> String {
    let game = engine.game();
    let stones: Vec<Option<usize>> = (0..game.board.site_count() as u16).map(|s| engine.stone(state, s)).collect();
    let relations: Vec<usize> = game.relations_used().into_iter().map(usize::from).collect();
    let highlight: Vec<u16> = state.last_action().map(|a| vec![a.to]).unwrap_or_default();
    let title = title.unwrap_or_else(|| crate::summary::title(game));
    let kinds: Vec<u8> = (0..game.board.site_count() as u16).map(|s| engine.kind(state, s).unwrap_or(0)).collect();
    let picture = Picture { game, stones: &stones, highlight: &highlight, relations: &relations, title: Some(title) };
    let neutral: Vec<bool> = (0..game.board.site_count() as u16).map(|s| engine.neutral_at(state, s)).collect();
    svg_with_pieces(&picture, &kinds, &neutral)
}

pub fn run(args: &RenderArgs) -> Result<(), Failure> {
    let (engine, state) = match &args.record {
        Some(path) => {
            let (engine, record) = super::replay::load(&args.game, path)?;
            let record = super::replay::first_turns(record, args.turn, path)?;
            let state = crate::record::replay(&engine, &record)
                .map_err(|e| Failure::Problems(Some(format!("{}: {e}", path.display()))))?;
            (engine, state)
        }
        None => {
            let engine = Engine::new(args.game.load()?);
            let state = engine.initial();
            (engine, state)
        }
    };
    let picture = picture_svg(&engine, &state, None);
    match &args.out {
        Some(path) if path.as_os_str() == "-" => print!("{picture}"),
        Some(path) => crate::record::write_atomically(path, picture.as_bytes())
            .map_err(|e| Failure::Usage(format!("cannot write {}: {e}", path.display())))?,
        None => print!("{picture}"),
    }
    Ok(())
}
