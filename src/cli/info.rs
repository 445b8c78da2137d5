//! `tabula info FILE`

use clap::Args;

use super::{Failure, GameArgs, output::print_json};

#[derive(Args, Debug)]
pub struct InfoArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// List every site with its neighbours and regions.
    #[arg(long)]
    sites: bool,
}

pub fn run(args: &InfoArgs) -> Result<(), Failure> {
    let game = args.game.load()?;
    if args.json {
        print_json(&crate::describe::json(&game, args.sites));
    } else {
        print!("{}", crate::describe::text(&game, args.sites));
    }
    Ok(())
}
